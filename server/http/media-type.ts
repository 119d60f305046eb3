// Media types are case-insensitive (RFC 9110), but grafserv compares the Content-Type it allows
// as written: `Application/JSON` was refused with 415. Lower-case the type before it looks.
import type { Request, Response, NextFunction } from "express";

export function lowerCaseMediaType() {
  return (req: Request, _res: Response, next: NextFunction) => {
    const header = req.headers["content-type"];
    if (header) {
      const semi = header.indexOf(";");
      const type = semi < 0 ? header : header.slice(0, semi);
      req.headers["content-type"] = type.trim().toLowerCase() + (semi < 0 ? "" : header.slice(semi));
    }
    next();
  };
}

/**
 * GraphQL over HTTP's watershed: a client that does not ask for `application/graphql-response+json`
 * by name (no Accept, `*\/*`, `application/*`, `application/json`) gets `application/json`, where a
 * request error is HTTP 200 with `errors`. Grafserv would pick the newer type for a wildcard.
 */
export function jsonUnlessGraphqlResponseAsked() {
  return (req: Request, _res: Response, next: NextFunction) => {
    const accept = req.headers.accept;
    const ranges = (accept ?? "").split(",").map((range) => range.trim().toLowerCase());
    const asked = ranges.some((range) => {
      const [type, ...params] = range.split(";").map((part) => part.trim());
      return type === "application/graphql-response+json" && !params.some((p) => /^q=0(\.0*)?$/.test(p));
    });
    const wildcardOrJson = ranges.some((range) => /^(\*\/\*|application\/\*|application\/json)\s*(;|$)/.test(range));
    if (!asked && (accept === undefined || accept.trim() === "" || wildcardOrJson))
      req.headers.accept = "application/json";
    next();
  };
}
