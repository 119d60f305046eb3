// The first account of an instance administers it. On an instance reachable from elsewhere (HOST
// not a loopback address) whoever signed up first would take it over, so that sign-up needs a
// one-time setup code the server prints in its log while no account exists. On loopback (the
// default) only this machine can reach it and no code is asked.
import { randomInt, timingSafeEqual } from "node:crypto";
import ipaddr from "ipaddr.js";
import type pg from "pg";

/** Crockford's base 32 without look-alikes: easy to read from a log and type. */
const ALPHABET = "ABCDEFGHJKMNPQRSTVWXYZ23456789";

/** `XXXX-XXXX-XXXX`: 12 characters of 30, about 59 bits. */
export function newSetupCode(): string {
  const chars = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return [0, 4, 8].map((i) => chars.slice(i, i + 4).join("")).join("-");
}

/** Whether only this machine can reach a server listening on `host`. */
export function isLoopbackHost(host: string): boolean {
  return host === "localhost" || (ipaddr.isValid(host) && ipaddr.process(host).range() === "loopback");
}

const normal = (code: string) => code.toUpperCase().replace(/[\s-]/g, "");

/** Whether a sign-up may create the first account: no code needed, or `given` is it. */
export function mayAdminister(setupCode: string | undefined, given: unknown): boolean {
  if (setupCode === undefined) return true;
  if (typeof given !== "string") return false;
  const [a, b] = [Buffer.from(normal(setupCode)), Buffer.from(normal(given))];
  return a.length === b.length && timingSafeEqual(a, b);
}

/** What `npm start` prints while the instance has no account: the code, and why it is asked. */
export async function setupCodeNotice(pool: pg.Pool, host: string, code: string): Promise<string | null> {
  const { rows } = await pool.query<{ none: boolean }>("select not exists (select 1 from app_public.users) as none");
  if (!rows[0].none) return null;
  return `No account yet, and HOST ${host} lets other machines in: the first account administers this instance, so its sign-up must give the setup code ${code} (valid until this process stops)`;
}
