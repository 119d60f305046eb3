// Security headers on every response (API and web app alike), from helmet.
// The web app is built by Vite into plain files: scripts and styles come from our origin only, so
// the policy needs no 'unsafe-inline'. Nothing may frame the app (clickjacking on Settings).
import helmet from "helmet";

export function securityHeaders() {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
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
    },
    // The app and API share one origin; nothing else needs our pages' addresses.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // Same-origin only: other sites may not embed or read our responses.
    crossOriginResourcePolicy: { policy: "same-origin" },
    frameguard: { action: "deny" },
    // HSTS only makes sense behind TLS; the operator's proxy owns that decision.
    strictTransportSecurity: false,
  });
}
