// The MCP SDK's OAuth handlers put a failed schema check's raw issue list (a JSON array) in
// error_description. A client shows that text to a person, so it becomes a sentence naming each
// parameter and what is wrong, in the JSON answers and in the error redirects of authorize.
import type { Request, Response, NextFunction } from "express";

type Issue = { path?: unknown[]; message?: string };

/** The sentence for a raw issue list, or the text itself when it is not one. */
export function readableDescription(text: string): string {
  if (!text.trimStart().startsWith("[")) return text;
  let issues: unknown;
  try {
    issues = JSON.parse(text);
  } catch {
    return text;
  }
  if (
    !Array.isArray(issues) ||
    !issues.length ||
    !issues.every((i) => i && typeof i === "object" && typeof (i as Issue).message === "string")
  )
    return text;
  return `${(issues as Issue[]).map((i) => `${i.path?.length ? i.path.join(".") : "the request"}: ${i.message}`).join("; ")}.`;
}

export function readableOAuthErrors(_req: Request, res: Response, next: NextFunction) {
  const json = res.json.bind(res);
  res.json = (body: unknown) => {
    const description = (body as { error_description?: unknown } | null)?.error_description;
    return json(
      typeof description === "string"
        ? { ...(body as object), error_description: readableDescription(description) }
        : body,
    );
  };
  const redirect = res.redirect.bind(res) as (status: number, url: string) => void;
  res.redirect = ((status: number | string, url?: string) => {
    const [code, address] = typeof status === "number" ? [status, url!] : [302, status];
    try {
      const target = new URL(address);
      const description = target.searchParams.get("error_description");
      if (description !== null) target.searchParams.set("error_description", readableDescription(description));
      return redirect(code, target.href);
    } catch {
      return redirect(code, address);
    }
  }) as Response["redirect"];
  next();
}
