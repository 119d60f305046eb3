// The client's address for per-address limits: the socket's peer, or X-Forwarded-For only behind
// proxies the operator declares with TRUST_PROXY (Express's `trust proxy`). A header any client can
// write must never choose whose counter a request lands on.
import express, { type Request } from "express";
import { isIP } from "node:net";

/** Express's `trust proxy`: false (no proxy), a hop count, or the proxies' addresses and subnets. */
export type TrustProxy = false | number | string[];

/**
 * Reads TRUST_PROXY: empty, `false` or `0` for none; a number of proxy hops in front of the server
 * (`1` behind one reverse proxy); or a comma-separated list of addresses, CIDR subnets or Express's
 * names (`loopback`, `linklocal`, `uniquelocal`).
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? "";
  if (value === "" || value === "false" || value === "0") return false;
  if (/^\d+$/.test(value)) return Number(value);
  if (value === "true") {
    throw new Error(
      "TRUST_PROXY=true would believe any X-Forwarded-For a client sends; give the number of proxies in front of the server (e.g. 1) or their addresses",
    );
  }
  const list = value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  try {
    express().set("trust proxy", list); // Express compiles the list now and names a bad entry.
  } catch (error) {
    throw new Error(
      `TRUST_PROXY: ${(error as Error).message} (expected a hop count or comma-separated addresses/subnets)`,
    );
  }
  return list;
}

/** The address to count: IPv4-mapped IPv6 (`::ffff:1.2.3.4`) as plain IPv4. */
export function clientAddress(req: Request): string {
  const address = req.ip ?? req.socket.remoteAddress ?? "";
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return mapped;
  // A closed socket has no address; such a request cannot be answered anyway.
  return isIP(address) ? address : "0.0.0.0";
}

/**
 * The address as per-address limits count it, for counts kept in memory: an IPv4 address as is, an
 * IPv6 address as its /64 network (one host usually holds a whole /64, so a client could otherwise
 * step through addresses), as app_private.address_key does for the counts kept in PostgreSQL.
 */
export function addressGroup(address: string): string {
  if (isIP(address) !== 6) return address;
  const [head, tail = ""] = address.toLowerCase().split("::");
  const groups = (part: string) => (part ? part.split(":").flatMap((g) => (g.includes(".") ? ["0", "0"] : [g])) : []);
  const left = groups(head);
  const right = address.includes("::") ? groups(tail) : [];
  const all = [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  return `${all
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
