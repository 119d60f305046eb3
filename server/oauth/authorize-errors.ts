// A problem with an authorization request is shown on our own page, never sent on to the client's
// redirect URI by itself. Anyone may register a client with any https redirect URI, so an automatic
// error redirect would make this server an open redirector for links that look like ours
// (RFC 9700 4.11.2: redirect automatically only to a URI the server trusts). The page names the app
// and where it would return; going back is a link the person chooses.
import type { Request, Response, NextFunction } from "express";
import { escapeHtml, redirectHost, STYLE } from "./consent.ts";
import { readableDescription } from "./readable-errors.ts";
import { redirectUriProblem } from "./redirect-uri.ts";
import type { clientsStore } from "./provider.ts";

const PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'";

async function sendErrorPage(req: Request, res: Response, store: ReturnType<typeof clientsStore>, errorUrl: URL) {
  const params = ((req.method === "POST" ? req.body : req.query) ?? {}) as Record<string, unknown>;
  const clientId = typeof params.client_id === "string" ? params.client_id : "";
  const name = escapeHtml((await store.row(clientId))?.name ?? "Unnamed app");
  // The answer the app gets back: a sentence, and its state even when the request failed its schema.
  errorUrl.searchParams.set(
    "error_description",
    readableDescription(errorUrl.searchParams.get("error_description") ?? ""),
  );
  if (!errorUrl.searchParams.has("state") && typeof params.state === "string")
    errorUrl.searchParams.set("state", params.state);
  const host = escapeHtml(redirectHost(errorUrl.href));
  const error = escapeHtml(errorUrl.searchParams.get("error") ?? "invalid_request");
  const description = escapeHtml(errorUrl.searchParams.get("error_description")!);
  // No way back to an address the allowlist refuses (a client registered before it).
  const back = redirectUriProblem(errorUrl.href)
    ? ""
    : ` If you started connecting this app yourself, you may go back to it with this answer:
<a href="${escapeHtml(errorUrl.href)}" rel="noreferrer">return to ${host}</a>.`;
  res.status(400).set("Content-Security-Policy", PAGE_POLICY);
  res.type("html").send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>This app's sign-in request cannot be used</title><style>${STYLE}</style></head>
<body><main>
<h1>This app's sign-in request cannot be used</h1>
<dl><dt>App</dt><dd>${name} <small>(the name it gave itself)</small></dd>
<dt>Returns to</dt><dd>${host}</dd>
<dt>Problem</dt><dd>${description} <small>(${error})</small></dd></dl>
<p class="note">Nothing was connected.${back} Otherwise close this page.</p>
</main></body></html>`);
}

/** On the authorize endpoint: an error redirect to the client's address becomes our page; our own addresses (sign-in) pass. */
export function authorizeErrorsOnOurPage(store: ReturnType<typeof clientsStore>) {
  return (req: Request, res: Response, next: NextFunction) => {
    const redirect = res.redirect.bind(res) as (status: number, url: string) => void;
    res.redirect = ((status: number | string, url?: string) => {
      const [code, address] = typeof status === "number" ? [status, url!] : [302, status];
      if (address.startsWith("/") && !address.startsWith("//")) return redirect(code, address);
      sendErrorPage(req, res, store, new URL(address)).catch(next);
    }) as Response["redirect"];
    next();
  };
}
