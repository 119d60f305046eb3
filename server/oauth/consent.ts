// The consent page of an OAuth authorization: who asks (the client's name, its own claim), where
// the sign-in goes back to (the redirect host), and the access asked for. The form posts to our own
// origin (the cross-site guard refuses it from elsewhere) with the signed-in session; the request
// is checked again there, since its fields came back through the browser.
import { randomBytes } from "node:crypto";
import type { Request, Response } from "express";
import type pg from "pg";
import { redirectUriMatches } from "@modelcontextprotocol/sdk/server/auth/handlers/authorize.js";
import { sha256 } from "../identity/credential.ts";
import { sendError } from "../http/http-error.ts";
import { OAUTH_LIMITS, SCOPES, accessForScopes } from "./limits.ts";
import { resourceFor, signInAddress } from "./urls.ts";
import { OAUTH_PATH } from "../http/paths.ts";
import type { clientsStore } from "./provider.ts";

export type ConsentRequest = {
  clientId: string;
  clientName: string;
  redirectUri: string;
  codeChallenge: string;
  state?: string;
  scope?: string;
  resource: string;
  access: "read_only" | "read_write";
};

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** Where the browser goes after the form: http(s) by origin, an app's own scheme by scheme. */
function formTarget(redirectUri: string): string {
  const url = new URL(redirectUri);
  return url.protocol === "http:" || url.protocol === "https:" ? url.origin : url.protocol;
}

export function redirectHost(redirectUri: string): string {
  const url = new URL(redirectUri);
  return url.host || url.protocol;
}

export const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}
h1{font-size:1.4rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.5rem}button{font:inherit;padding:.5rem 1rem;border-radius:.4rem;border:1px solid #555;background:#fff;cursor:pointer}
button.primary{background:#1f5fbf;border-color:#1f5fbf;color:#fff}p.note{color:#444;font-size:.9rem}`;

/** The consent page for `request`; `account` names who is signed in (the account the app will use). */
export function renderConsent(res: Response, request: ConsentRequest, account: string) {
  const hidden = Object.entries({
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    code_challenge: request.codeChallenge,
    state: request.state,
    scope: request.scope,
    resource: request.resource,
  })
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value!)}">`)
    .join("\n");
  const name = escapeHtml(request.clientName);
  const host = escapeHtml(redirectHost(request.redirectUri));
  const asked =
    request.access === "read_write"
      ? "Read and write: see your training, and save and delete routines, workouts and bodyweight"
      : "Read only: see your training";
  const buttons =
    request.access === "read_write"
      ? `<button class="primary" name="decision" value="allow">Allow read and write</button>
       <button name="decision" value="allow_read">Allow read only</button>`
      : `<button class="primary" name="decision" value="allow_read">Allow read only</button>`;
  // Inline style only on this page; the form may go on to the app's redirect address.
  res.set(
    "Content-Security-Policy",
    `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${formTarget(request.redirectUri)}; frame-ancestors 'none'; base-uri 'none'`,
  );
  res.type("html").send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Allow ${name} to use your Training Log?</title><style>${STYLE}</style></head>
<body><main>
<h1>Allow ${name} to use your Training Log?</h1>
<dl><dt>App</dt><dd>${name} <small>(the name it gave itself)</small></dd>
<dt>Returns to</dt><dd>${host}</dd>
<dt>Access</dt><dd>${asked}</dd>
<dt>Account</dt><dd>${escapeHtml(account)}</dd></dl>
<p class="note">Only allow apps you started connecting yourself. You can disconnect it at any time in Settings, Connected apps.</p>
<form method="post" action="${OAUTH_PATH}/consent">
${hidden}
<div class="actions">${buttons}
<button name="decision" value="deny">Deny</button></div>
</form></main></body></html>`);
}

function errorRedirect(redirectUri: string, error: string, description: string, state: string | undefined): string {
  const url = new URL(redirectUri);
  url.searchParams.set("error", error);
  url.searchParams.set("error_description", description);
  if (state !== undefined) url.searchParams.set("state", state);
  return url.href;
}

const field = (body: Record<string, unknown>, name: string) =>
  typeof body[name] === "string" ? (body[name] as string) : undefined;

/** POST /api/oauth/consent: the signed-in user's answer; a code (or access_denied) goes back to the app. */
export function consentHandler(ownerPool: pg.Pool, store: ReturnType<typeof clientsStore>) {
  return async (req: Request, res: Response) => {
    res.set("Cache-Control", "no-store");
    const body = (req.body ?? {}) as Record<string, unknown>;
    const clientId = field(body, "client_id") ?? "";
    const redirectUri = field(body, "redirect_uri") ?? "";
    const client = await store.row(clientId);
    // Nothing goes to an address the client did not register.
    if (
      !client ||
      !URL.canParse(redirectUri) ||
      !client.redirect_uris.some((registered) => redirectUriMatches(redirectUri, registered))
    ) {
      sendError(res, "BAD_REQUEST", "Unknown client or unregistered redirect_uri");
      return;
    }
    const state = field(body, "state");
    const scope = field(body, "scope");
    const codeChallenge = field(body, "code_challenge");
    const resource = field(body, "resource");
    const decision = field(body, "decision");
    const request: ConsentRequest = {
      clientId,
      clientName: client.name,
      redirectUri,
      codeChallenge: codeChallenge ?? "",
      state,
      scope,
      resource: resource ?? "",
      access: accessForScopes(scope?.split(" ")),
    };
    if (req.identity?.kind !== "session") {
      res.redirect(303, signInAddress(request));
      return;
    }
    if (decision === "deny") {
      res.redirect(303, errorRedirect(redirectUri, "access_denied", "The user denied the request", state));
      return;
    }
    if (
      !codeChallenge ||
      resource !== resourceFor(req) ||
      (scope && scope.split(" ").some((s) => !SCOPES.includes(s)))
    ) {
      res.redirect(
        303,
        errorRedirect(redirectUri, "invalid_request", "The authorization request changed on its way back", state),
      );
      return;
    }
    if (decision !== "allow" && decision !== "allow_read") {
      sendError(res, "BAD_REQUEST", "decision must be allow, allow_read or deny");
      return;
    }
    // The user may give less than asked (read only), never more.
    const access = decision === "allow" ? request.access : "read_only";
    const code = randomBytes(32).toString("base64url");
    await ownerPool.query("select app_private.oauth_issue_code($1, $2, $3, $4, $5, $6, $7, $8)", [
      sha256(code),
      req.identity.sessionId,
      clientId,
      redirectUri,
      codeChallenge,
      resource,
      access,
      OAUTH_LIMITS.codeSeconds,
    ]);
    const url = new URL(redirectUri);
    url.searchParams.set("code", code);
    if (state !== undefined) url.searchParams.set("state", state);
    res.redirect(303, url.href);
  };
}
