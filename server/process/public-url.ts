// The address people and apps reach this server by (PUBLIC_URL): the OAuth issuer and endpoints,
// the MCP resource its tokens are bound to, the sign-in's links. Never taken from a request's Host
// header, which the caller writes: a request with `Host: evil.example` would otherwise get
// metadata sending its tokens and sign-ins there. Unset, it is this machine's loopback at the
// port the server listens on (http://localhost:4000), right for one person on one computer.
import type { Request } from "express";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { log } from "../observability/logger.ts";

/** PUBLIC_URL as an origin (`https://train.example.com`), or why it cannot be one. */
export function parsePublicUrl(raw: string): string {
  const refuse = (why: string) =>
    new Error(`PUBLIC_URL must be the server's address like https://train.example.com (${why}), got "${raw}"`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse("an absolute http or https URL");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw refuse("http or https");
  if (url.username || url.password) throw refuse("no user or password");
  if (url.pathname !== "/" || url.search || url.hash || raw.endsWith("?") || raw.endsWith("#"))
    throw refuse("no path, query or fragment: the service is served at the root");
  return url.origin;
}

/**
 * The default public URL: the loopback address the server listens on, by name when it listens on
 * every address; for an app mounted in another server, the port this request came in on.
 */
export function loopbackUrl(server: Server, req: Request): string {
  const address = server.address() as AddressInfo | null;
  if (!address) return `http://localhost:${req.socket.localPort}`;
  const host = address.address === "127.0.0.1" ? "127.0.0.1" : address.address === "::1" ? "[::1]" : "localhost";
  return `http://${host}:${address.port}`;
}

const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])(:\d+)?$/i;

/**
 * The default public URL for an app without PUBLIC_URL, saying once (a warning in the log) when a
 * request reached it by another name: an operator behind a domain or a proxy learns why assistants
 * cannot connect before anyone asks.
 */
export function defaultPublicUrl(server: Server): (req: Request) => string {
  let warned = false;
  return (req) => {
    const url = loopbackUrl(server, req);
    const host = req.headers.host ?? "";
    if (!warned && host && !LOOPBACK_HOST.test(host)) {
      warned = true;
      log(
        "warn",
        `PUBLIC_URL is not set, so OAuth and MCP name ${url}; a request came for another host: set PUBLIC_URL to the address people use, e.g. PUBLIC_URL=https://train.example.com`,
        {
          host: host.slice(0, 100),
        },
      );
    }
    return url;
  };
}

/** The public URL's origin, as the app keeps it (`services.publicUrl`, server/services.ts). */
export function publicOrigin(req: Request): string {
  return req.app.services.publicUrl(req);
}
