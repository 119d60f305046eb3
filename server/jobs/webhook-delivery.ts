// The worker's deliver_webhook task: one attempt of one logged delivery. The URL's host is resolved
// and checked again now (server/http/outbound-address.ts) and the request goes to that address;
// the body is POSTed signed (webhook-signature.ts); a 2xx answer delivers it. A failure is logged
// with its status code or reason and thrown, so graphile-worker retries it with its exponential
// backoff (8 attempts); too many failed attempts in a row disable the webhook (SQL's
// record_webhook_attempt). Redirects are not followed: they could lead anywhere.
import http from "node:http";
import https from "node:https";
import type { Task } from "graphile-worker";
import type { PoolClient } from "pg";
import {
  resolveChecked,
  pinnedLookup,
  OutboundRefused,
  PUBLIC_ONLY,
  type OutboundPolicy,
} from "../http/outbound-address.ts";
import { signedHeaders, messageId } from "./webhook-signature.ts";

export type WebhookDeliveryOptions = {
  /** WEBHOOK_ALLOW_PRIVATE: which non-public addresses deliveries may go to. */
  policy: OutboundPolicy;
  /** Failed attempts in a row that disable a webhook. */
  failuresBeforeDisable: number;
  /** How long one attempt may take, connecting and answering. */
  timeoutMs: number;
};

export const WEBHOOK_DELIVERY: WebhookDeliveryOptions = {
  policy: PUBLIC_ONLY,
  failuresBeforeDisable: 15,
  timeoutMs: 10_000,
};

type ToSend = { url: string; secret: string; body: string; enabled: boolean; status: string };
type Outcome = { statusCode: number | null; error: string | null };

/** POSTs the body once to the checked address; the status code, or why there is none. */
export async function postSigned(target: ToSend, id: string, options: WebhookDeliveryOptions): Promise<Outcome> {
  const url = new URL(target.url);
  let checked;
  try {
    checked = await resolveChecked(url.hostname, options.policy);
  } catch (error) {
    if (error instanceof OutboundRefused) return { statusCode: null, error: `refused: ${error.message}` };
    throw error;
  }
  const headers = {
    "content-type": "application/json",
    "user-agent": "TrainingLog-Webhooks/1",
    ...signedHeaders(target.secret, id, new Date(), target.body),
  };
  const send = url.protocol === "https:" ? https.request : http.request;
  return new Promise((resolve) => {
    const request = send(
      url,
      { method: "POST", headers, lookup: pinnedLookup(checked), timeout: options.timeoutMs },
      (res) => {
        res.resume();
        const code = res.statusCode ?? 0;
        res.on("end", () =>
          resolve({
            statusCode: code,
            error:
              code >= 200 && code < 300
                ? null
                : code >= 300 && code < 400
                  ? `redirected (${code}): redirects are not followed`
                  : `answered ${code}`,
          }),
        );
        res.on("error", (error) => resolve({ statusCode: code, error: error.message }));
      },
    );
    request.on("timeout", () => request.destroy(new Error(`no answer within ${options.timeoutMs / 1000} s`)));
    request.on("error", (error: NodeJS.ErrnoException) =>
      resolve({ statusCode: null, error: error.code ? `${error.code}: ${error.message}` : error.message }),
    );
    request.end(target.body);
  });
}

async function toSend(client: Pick<PoolClient, "query">, deliveryId: string): Promise<ToSend | null> {
  const { rows } = await client.query<ToSend>("select * from app_private.webhook_delivery_to_send($1)", [deliveryId]);
  return rows[0] ?? null;
}

async function record(
  client: Pick<PoolClient, "query">,
  deliveryId: string,
  outcome: Outcome,
  final: boolean,
  options: WebhookDeliveryOptions,
) {
  const { rows } = await client.query<{ disabled: boolean }>(
    "select app_private.record_webhook_attempt($1, $2, $3, $4, $5) as disabled",
    [deliveryId, outcome.statusCode, outcome.error, final, options.failuresBeforeDisable],
  );
  return rows[0].disabled;
}

/** The deliver_webhook task with these options (tests shorten them). */
export function deliverWebhookTask(options: WebhookDeliveryOptions = WEBHOOK_DELIVERY): Task {
  return async (payload, helpers) => {
    const { deliveryId } = payload as { deliveryId: string };
    const target = await helpers.withPgClient((client) => toSend(client, deliveryId));
    // Deleted with its webhook, delivered already, or given up when the webhook was disabled.
    if (!target || target.status !== "pending") return;
    if (!target.enabled) {
      await helpers.withPgClient((client) =>
        record(client, deliveryId, { statusCode: null, error: "webhook disabled" }, true, options),
      );
      return;
    }
    const outcome = await postSigned(target, messageId(deliveryId), options);
    const final = helpers.job.attempts >= helpers.job.max_attempts;
    const disabled = await helpers.withPgClient((client) => record(client, deliveryId, outcome, final, options));
    // Thrown, the worker tries again later (exponential backoff); the log entry says why.
    if (outcome.error && !final && !disabled) throw new Error(`webhook delivery ${deliveryId}: ${outcome.error}`);
  };
}
