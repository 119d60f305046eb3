// Confirmation before a command deletes, revokes or signs out something (like `gh ssh-key delete`):
// on a terminal it asks; where it cannot ask (a script, a pipe) it needs --yes and refuses before
// any request without it.
import { Flags } from "@oclif/core";
import { CliError, UsageError } from "./errors.ts";
import { ask, canPrompt } from "./prompt.ts";

export const yesFlag = Flags.boolean({
  char: "y",
  description: "Do it without asking (needed when svc cannot ask: not on a terminal).",
});

/** Refuses at once (exit 2) when there is neither --yes nor a terminal to ask on. */
export function requireConsent(yes: boolean | undefined, what: string): void {
  if (!yes && !canPrompt())
    throw new UsageError(`Give --yes to ${what} (standard input is not a terminal, so svc cannot ask).`);
}

/** Asks `question` on the terminal unless --yes was given; anything but y or yes cancels (exit 1, nothing changed). */
export async function confirm(yes: boolean | undefined, question: string): Promise<void> {
  if (yes) return;
  const answer = await ask(`${question} (y/N)`);
  if (!/^y(es)?$/i.test(answer.trim())) throw new CliError("Cancelled: nothing changed.");
}
