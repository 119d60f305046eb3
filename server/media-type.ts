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
