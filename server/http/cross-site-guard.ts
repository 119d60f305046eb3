// Cross-site request forgery: a browser attaches the session cookie to requests other pages make
// it send. SameSite=Lax keeps the cookie off cross-site posts, but not off posts from another
// origin of the same site (another port or subdomain), and grafserv refuses form content types
// only on /api/graphql. So an unsafe request whose credential is the cookie must come from our
// own origin: the browser says so in Sec-Fetch-Site, or else in Origin. A cookie request that says
// neither is refused too: every browser sends Origin on unsafe requests, and the programs that
// send no Origin (the CLI, the SDK, scripts) carry their credential explicitly. Requests with an
// Authorization or x-api-key header are not cookie requests and are not affected.
import type { Request, Response, NextFunction } from "express";
import { readCredential } from "../identity/credential.ts";
import { sendError } from "./http-error.ts";
import { publicOrigin } from "../process/public-url.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Our origins: the public URL, and the one this request was sent to (a browser's Origin can equal
 * its Host only when the page is of that origin; an old browser on a LAN address still works).
 */
function isOwnOrigin(req: Request, origin: string): boolean {
  return origin === publicOrigin(req) || origin === `${req.protocol}://${req.get("host")}`;
}

/** Whether the cookie is the request's credential (the one parser decides: any credential header, even malformed, comes first). */
function usesSessionCookie(req: Request): boolean {
  const credential = readCredential(req);
  return credential?.kind === "session" && credential.source === "cookie";
}

/** What the browser says about where the request comes from: ours, another origin, or unknown (not a browser, or an old one). */
export function requestSource(req: Request): "same-origin" | "cross-origin" | "unknown" {
  const site = req.get("sec-fetch-site");
  if (site) return site === "same-origin" ? "same-origin" : "cross-origin";
  const origin = req.get("origin");
  if (origin) return isOwnOrigin(req, origin) ? "same-origin" : "cross-origin";
  return "unknown";
}

/** Whether this request is the web app's own (same origin, as the browser vouches). */
export function isSameOriginBrowserRequest(req: Request): boolean {
  return requestSource(req) === "same-origin";
}

const MESSAGE =
  "A request from another site may not use your session cookie; send it from this site or with Authorization: Bearer";

const UNKNOWN_SOURCE =
  "A request with the session cookie must say where it comes from (Origin or Sec-Fetch-Site, as browsers do); a program sends its token with Authorization: Bearer";

export function crossSiteGuard(graphqlPath: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method) || !usesSessionCookie(req)) return next();
    const source = requestSource(req);
    if (source === "same-origin") return next();
    const message = source === "unknown" ? UNKNOWN_SOURCE : MESSAGE;
    sendError(res, "CROSS_SITE_REQUEST", message, {}, req.path === graphqlPath ? "graphql" : "route");
  };
}
