// What `svc login` and `svc signup` share: which server to sign in to, and saving what it answered.
import { readStore, saveInstance, normalizeUrl } from "./credentials.ts";
import { UsageError } from "./errors.ts";
import { ask } from "./prompt.ts";

/** The server address: the flag, else SVC_URL, else asked (default the last server). */
export async function serverUrl(flag: string | undefined, interactive: boolean): Promise<string> {
  if (flag) return normalizeUrl(flag, "--url");
  if (process.env.SVC_URL?.trim()) return normalizeUrl(process.env.SVC_URL, "SVC_URL");
  const last = readStore().current;
  if (!interactive) {
    if (last) return last;
    throw new UsageError(
      "Give the server address with --url or SVC_URL (standard input is not a terminal, so svc cannot ask).",
    );
  }
  const answer = await ask("Server address", last);
  if (!answer) throw new UsageError("A server address is needed, e.g. https://log.example.com");
  return normalizeUrl(answer);
}

type Credential = { kind: "session"; token: string } | { kind: "api-key"; apiKey: string };

/** Saves a session token or an API key for `url`, with whose it is. */
export function saveSignIn(
  url: string,
  credential: Credential,
  user: { id: string; name: string; email: string },
): void {
  saveInstance(url, {
    ...credential,
    user: { id: user.id, name: user.name, email: user.email },
    savedAt: new Date().toISOString(),
  });
}
