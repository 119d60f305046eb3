// The PostgreSQL settings of a request's transaction: the role and the hashed credential RLS reads.
import type { Identity } from "./identity.ts";

/** The pgSettings for a request: the role to switch to and the hashed credential. */
export function pgSettingsFor(identity: Identity): Record<string, string> {
  switch (identity.kind) {
    case "session":
    case "unresolved-session":
      return { role: "svc_visitor", "svc.session_hash": identity.tokenHash };
    case "key":
      return identity.access === "read_write"
        ? { role: "svc_visitor", "svc.key_hash": identity.keyHash }
        : { role: "svc_reader", "svc.key_hash": identity.keyHash };
    case "oauth":
      return {
        role: identity.access === "read_write" ? "svc_visitor" : "svc_reader",
        "svc.oauth_hash": identity.tokenHash,
      };
    default:
      return { role: "svc_reader" };
  }
}
