// The web app's page (index.html) carries its stylesheet inline (web/inline-styles.ts): its
// Content-Security-Policy allows exactly those <style> elements by their SHA-256, read from the
// page being sent, so a page of another build (web/dist is switched in place) names its own.
import type { Request, Response } from "express";
import { createHash } from "node:crypto";
import { readFileSync, realpathSync, statSync } from "node:fs";
import { contentSecurityPolicy } from "./security-headers.ts";

const STYLE_ELEMENT = /<style>([\s\S]*?)<\/style>/g;

/** The CSP sources of a page's inline styles: 'sha256-…' of each <style> element's text. */
export function inlineStyleSources(html: string): string[] {
  return [...html.matchAll(STYLE_ELEMENT)].map(
    ([, css]) => `'sha256-${createHash("sha256").update(css, "utf8").digest("base64")}'`,
  );
}

type Policy = ReturnType<typeof contentSecurityPolicy>;
const byFile = new Map<string, { mtimeMs: number; policy: Policy }>();

/** The policy for the page in `file` (read once per version of the file). */
function policyFor(file: string): Policy {
  const real = realpathSync(file);
  const { mtimeMs } = statSync(real);
  const known = byFile.get(real);
  if (known?.mtimeMs === mtimeMs) return known.policy;
  const policy = contentSecurityPolicy(inlineStyleSources(readFileSync(real, "utf8")));
  byFile.set(real, { mtimeMs, policy });
  return policy;
}

/** Sets the Content-Security-Policy of the page in `file` (the uncompressed page) on `res`. */
export function setPagePolicy(req: Request, res: Response, file: string) {
  policyFor(file)(req, res, () => {});
}
