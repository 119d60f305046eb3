// The commit-msg hook (.githooks/commit-msg): a subject of at most 72 characters in the imperative
// ("Answer outages with 503", not "Answered" or "Answers"), no full stop, a blank line, then a body
// saying why and what the tests showed. Git's own merge, revert, fixup and squash subjects pass.
import { readFileSync } from "node:fs";

export const MAX_SUBJECT = 72;
// Imperative verbs that merely look like a past tense or a gerund.
const IMPERATIVE = new Set(["embed", "shed", "feed", "need", "seed", "speed", "bring", "ping", "string"]);
const GIT_MADE = /^(Merge|Revert|fixup!|squash!|amend!) /;

/** What is wrong with a commit message, one sentence each; none when it passes. */
export function commitMessageProblems(message: string): string[] {
  const scissors = message.indexOf("# ------------------------ >8");
  const lines = (scissors < 0 ? message : message.slice(0, scissors))
    .split("\n")
    .filter((line) => !line.startsWith("#"))
    .map((line) => line.trimEnd());
  while (lines.length && lines[0] === "") lines.shift();
  const [subject = "", separator, ...body] = lines;
  if (GIT_MADE.test(subject)) return [];
  const problems: string[] = [];
  if (!subject) return ["The message is empty: write a subject line, a blank line and a body"];
  if ([...subject].length > MAX_SUBJECT)
    problems.push(`The subject has ${[...subject].length} characters; at most ${MAX_SUBJECT}`);
  if (subject.endsWith(".")) problems.push("The subject ends with a full stop; leave it out");
  const verb = subject.split(/\s+/)[0].toLowerCase();
  if (!IMPERATIVE.has(verb) && (/[^e]ed$/.test(verb) || /ing$/.test(verb) || /[^su]s$/.test(verb)))
    problems.push(`The subject starts with "${verb}"; use the imperative ("Add", "Fix", "Answer")`);
  if (separator !== undefined && separator !== "") problems.push("The second line must be blank");
  if (![separator ?? "", ...body].some((line) => line.trim() !== ""))
    problems.push("The body is missing: after a blank line, say why, and the test figures");
  return problems;
}

if (import.meta.main) {
  const problems = commitMessageProblems(readFileSync(process.argv[2], "utf8"));
  for (const problem of problems) console.error(`commit-msg: ${problem}`);
  process.exit(problems.length ? 1 : 0);
}
