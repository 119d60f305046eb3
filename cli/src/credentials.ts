// Saved credentials: `${XDG_CONFIG_HOME:-~/.config}/svc/credentials.json`, mode 0600 in a 0700
// folder, one entry per instance URL. `SVC_URL` and `SVC_API_KEY` override what is saved.
import { readFileSync, writeFileSync, mkdirSync, renameSync, chmodSync, statSync, rmSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import { UsageError } from "./errors.ts";

export type SavedUser = { id: string; name: string; email: string };
export type InstanceCredentials =
  | { kind: "session"; token: string; user: SavedUser; savedAt: string }
  | { kind: "api-key"; apiKey: string; user: SavedUser; savedAt: string };
export type CredentialStore = { current?: string; instances: Record<string, InstanceCredentials> };

export function configDir(): string {
  const xdg = process.env.XDG_CONFIG_HOME;
  const base = xdg && path.isAbsolute(xdg) ? xdg : path.join(homedir(), ".config");
  return path.join(base, "svc");
}

export function credentialsPath(): string {
  return path.join(configDir(), "credentials.json");
}

/** Hosts of this machine: served over plain http by a local `npm start`. */
function isLoopback(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  return host === "localhost" || host.endsWith(".localhost") || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * The instance address in one canonical form (scheme and host lower case, no trailing slash).
 * Without a scheme, `localhost:4000` (this machine) means http:// and any other host https://.
 */
export function normalizeUrl(input: string, source = "the server address"): string {
  let url: URL;
  const trimmed = input.trim();
  try {
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) url = new URL(trimmed);
    else {
      const guess = new URL(`http://${trimmed}`);
      url = isLoopback(guess.hostname) ? guess : new URL(`https://${trimmed}`);
    }
  } catch {
    throw new UsageError(`${source} is not a valid address: ${JSON.stringify(input)}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new UsageError(`${source} must start with http:// or https://`);
  }
  if (url.search || url.hash || url.username || url.password) {
    throw new UsageError(`${source} must be a plain address like https://log.example.com`);
  }
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, "")}`;
}

export function readStore(): CredentialStore {
  const file = credentialsPath();
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { instances: {} };
    throw new Error(`Cannot read ${file}: ${(error as Error).message}`);
  }
  try {
    if ((statSync(file).mode & 0o077) !== 0) {
      process.stderr.write(`Warning: ${file} can be read by other users; run: chmod 600 ${file}\n`);
    }
  } catch {
    /* checked above that it exists */
  }
  try {
    const parsed = JSON.parse(text) as CredentialStore;
    if (!parsed || typeof parsed !== "object" || typeof parsed.instances !== "object" || parsed.instances === null) {
      throw new Error("unexpected shape");
    }
    return parsed;
  } catch {
    throw new Error(`${file} is damaged; delete it and run \`svc login\` again`);
  }
}

export function writeStore(store: CredentialStore): void {
  const dir = configDir();
  const file = credentialsPath();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, JSON.stringify(store, null, 2) + "\n", { mode: 0o600 });
    chmodSync(temp, 0o600);
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw new Error(`Cannot save credentials to ${file}: ${(error as Error).message}`);
  }
}

export function saveInstance(url: string, credentials: InstanceCredentials): void {
  const store = readStore();
  store.instances[url] = credentials;
  store.current = url;
  writeStore(store);
}

export function forgetInstance(url: string): void {
  const store = readStore();
  if (!(url in store.instances)) return;
  delete store.instances[url];
  if (store.current === url) delete store.current;
  writeStore(store);
}

export type Resolved = {
  url: string | undefined;
  /** Where the URL came from. */
  urlSource: "SVC_URL" | "saved" | "none";
  saved: InstanceCredentials | undefined;
  apiKey: string | undefined;
  token: string | undefined;
  /** Where the credential came from. */
  auth: "SVC_API_KEY" | "api-key" | "session" | "none";
};

/** The instance and credential to use: `SVC_URL` / `SVC_API_KEY` first, then the saved ones. */
export function resolve(): Resolved {
  const envUrl = process.env.SVC_URL?.trim();
  const store = readStore();
  const url = envUrl ? normalizeUrl(envUrl, "SVC_URL") : store.current;
  const saved = url ? store.instances[url] : undefined;
  const envKey = process.env.SVC_API_KEY?.trim();
  if (envKey) {
    return {
      url,
      urlSource: envUrl ? "SVC_URL" : url ? "saved" : "none",
      saved,
      apiKey: envKey,
      token: undefined,
      auth: "SVC_API_KEY",
    };
  }
  return {
    url,
    urlSource: envUrl ? "SVC_URL" : url ? "saved" : "none",
    saved,
    apiKey: saved?.kind === "api-key" ? saved.apiKey : undefined,
    token: saved?.kind === "session" ? saved.token : undefined,
    auth: saved ? (saved.kind === "api-key" ? "api-key" : "session") : "none",
  };
}
