// Every response carries an `x-request-id`: the caller's, when it is a plain identifier, else a new
// UUID. A caller's value ends up in logs and proxies' headers, so it may not bring spaces, control
// characters, quotes or more than 128 characters.
import { randomUUID } from "node:crypto";
import type { Request, Response, NextFunction } from "express";

export const REQUEST_ID_MAX = 128;
const SAFE_REQUEST_ID = new RegExp(`^[A-Za-z0-9._:=+/-]{1,${REQUEST_ID_MAX}}$`);

export function requestId() {
  return (req: Request, res: Response, next: NextFunction) => {
    const sent = req.get("x-request-id");
    res.set("x-request-id", sent !== undefined && SAFE_REQUEST_ID.test(sent) ? sent : randomUUID());
    next();
  };
}
