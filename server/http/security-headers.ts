// Security headers on every response (API and web app alike), from helmet.
// The web app is built by Vite into plain files: scripts and styles come from our origin only, so
// the policy needs no 'unsafe-inline'; the page's one inline stylesheet is allowed by its hash
// (page-policy.ts). Nothing may frame the app (clickjacking on Settings).
import helmet from "helmet";
import type { RequestHandler } from "express";

/** The Content-Security-Policy; styles also allowed by `styleSources` (the hashes of a page's inline styles). */
export function contentSecurityPolicy(styleSources: string[] = []): RequestHandler {
  return helmet.contentSecurityPolicy({
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", ...styleSources],
      imgSrc: ["'self'", "data:"],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      // The service worker (/sw.js) and the web manifest: our origin only, said outright rather than
      // left to default-src.
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  });
}

export function securityHeaders(): RequestHandler[] {
  return [
    contentSecurityPolicy(),
    helmet({
      contentSecurityPolicy: false,
      // The app and API share one origin; nothing else needs our pages' addresses.
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      // Same-origin only: other sites may not embed or read our responses.
      crossOriginResourcePolicy: { policy: "same-origin" },
      frameguard: { action: "deny" },
      // HSTS only makes sense behind TLS; the operator's proxy owns that decision.
      strictTransportSecurity: false,
    }),
  ];
}
