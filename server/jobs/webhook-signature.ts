// Standard Webhooks signing (https://www.standardwebhooks.com): HMAC-SHA256 with the secret's bytes
// (the base64 after `whsec_`) over `<webhook-id>.<webhook-timestamp>.<body>`, sent as
// `webhook-signature: v1,<base64>`; the spec's own library does the signing.
import { Webhook } from "standardwebhooks";

/** The headers of one delivery attempt: its id (the same on every attempt), the time of this attempt, the signature. */
export function signedHeaders(secret: string, id: string, at: Date, body: string): Record<string, string> {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": new Webhook(secret).sign(id, at, body),
  };
}

/** A delivery's webhook-id: `msg_` and its log entry's id in hex. */
export function messageId(deliveryId: string): string {
  return `msg_${deliveryId.replace(/-/g, "")}`;
}
