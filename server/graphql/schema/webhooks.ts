// Webhooks in GraphQL: viewer { webhooks { deliveries } }, webhookEvents, and createWebhook,
// deleteWebhook, setWebhookEnabled and testWebhook (a signed-in session only: API keys and
// connected apps are refused here and in SQL, app_hidden.require_session()). A new URL's address is
// checked here before SQL saves it (server/http/outbound-address.ts) and again at every delivery.
import { extendSchema, gql } from "postgraphile/utils";
import { sideEffectWithPgClientTransaction, type PgClient, type PgSelectSingleStep } from "postgraphile/@dataplan/pg";
import { SafeError, access, context, list, type FieldArgs, type Step } from "postgraphile/grafast";
import { checkWebhookUrl, OutboundRefused, PUBLIC_ONLY, type OutboundPolicy } from "../../http/outbound-address.ts";
import { sqlRowMutation } from "./sql-mutation.ts";

type CreateWebhookInput = {
  url: string;
  events: string[];
  description?: string | null;
  clientMutationId?: string | null;
};

const WEBHOOK_TYPES = gql`
  "A new webhook."
  input CreateWebhookInput {
    "Where to POST the deliveries: an https URL whose host is a public address (private, loopback and link-local ones only where the operator allows them, WEBHOOK_ALLOW_PRIVATE)."
    url: String!
    "The events to deliver (webhookEvents), at least one."
    events: [String!]!
    "What it is for, at most 200 characters."
    description: String
    clientMutationId: String
  }
  "The new webhook and its signing secret."
  type CreateWebhookPayload {
    webhook: Webhook
    "The signing secret (\`whsec_\` and base64), for checking the webhook-signature header. Shown this once."
    secret: String!
    clientMutationId: String
  }
  input WebhookIdInput {
    id: UUID!
    clientMutationId: String
  }
  input SetWebhookEnabledInput {
    id: UUID!
    "False disables it; true enables it again, its failure count starting over."
    enabled: Boolean!
    clientMutationId: String
  }
  type DeleteWebhookPayload {
    "The id of the webhook, now deleted with its secret and delivery log."
    id: UUID!
    clientMutationId: String
  }
  type WebhookPayload {
    webhook: Webhook
    clientMutationId: String
  }
  type TestWebhookPayload {
    "The test delivery, pending until the worker has sent it."
    delivery: WebhookDelivery
    clientMutationId: String
  }
  extend type User {
    "Your webhooks, oldest first."
    webhooks: [Webhook!]!
  }
  extend type Webhook {
    "The 50 latest deliveries, newest first."
    deliveries: [WebhookDelivery!]!
  }
  extend type Mutation {
    "Registers a webhook (signed-in session only; at most 10 per account). The signing secret is in the payload, once."
    createWebhook(input: CreateWebhookInput!): CreateWebhookPayload
    "Deletes a webhook (signed-in session only)."
    deleteWebhook(input: WebhookIdInput!): DeleteWebhookPayload
    "Disables a webhook or enables it again (signed-in session only)."
    setWebhookEnabled(input: SetWebhookEnabledInput!): WebhookPayload
    "Sends a webhook.test event to a webhook (signed-in session only); its delivery log says how it went."
    testWebhook(input: WebhookIdInput!): TestWebhookPayload
  }
`;

/** createWebhook's URL checked (https, its host's addresses allowed), then saved by SQL with a new secret. */
async function createWebhook(client: PgClient, input: CreateWebhookInput, policy: OutboundPolicy) {
  const url = await checkWebhookUrl(input.url, policy).catch((error: unknown) => {
    throw error instanceof OutboundRefused ? new SafeError(error.message, { code: "INVALID_INPUT" }) : error;
  });
  const { rows } = await client.query<{ webhook_id: string; secret: string }>({
    text: "select (c.webhook).id as webhook_id, c.secret from app_public.create_webhook($1, $2::text[], $3) c",
    values: [url.href, input.events, input.description ?? null],
  });
  return { ...rows[0], clientMutationId: input.clientMutationId ?? null };
}

export const WebhooksPlugin = extendSchema((build) => {
  const { webhooks, webhook_deliveries, users_webhooks, webhooks_deliveries } = build.input.pgRegistry.pgResources;
  if (!webhooks || !webhook_deliveries || !users_webhooks || !webhooks_deliveries)
    throw new Error("WebhooksPlugin: webhooks not introspected; run the migrations");
  const webhookOf = ($payload: Step<{ id: string }>) => webhooks.get({ id: access($payload, "id") });
  return {
    typeDefs: WEBHOOK_TYPES,
    objects: {
      User: {
        plans: {
          webhooks($user: PgSelectSingleStep) {
            return users_webhooks.execute([{ step: $user.record() }]);
          },
        },
      },
      Webhook: {
        plans: {
          deliveries($webhook: PgSelectSingleStep) {
            return webhooks_deliveries.execute([{ step: $webhook.record() }]);
          },
        },
      },
      CreateWebhookPayload: {
        plans: {
          webhook($payload: Step<{ webhook_id: string }>) {
            return webhooks.get({ id: access($payload, "webhook_id") });
          },
        },
      },
      WebhookPayload: { plans: { webhook: webhookOf } },
      TestWebhookPayload: {
        plans: {
          delivery($payload: Step<{ id: string }>) {
            return webhook_deliveries.get({ id: access($payload, "id") });
          },
        },
      },
      Mutation: {
        plans: {
          createWebhook(_: unknown, fieldArgs: FieldArgs) {
            const $request = list([fieldArgs.getRaw("input"), context()]);
            return sideEffectWithPgClientTransaction(webhooks.executor, $request, async (client, request) => {
              // Set in server/graphql/preset.ts: WEBHOOK_ALLOW_PRIVATE as the app read it.
              const { outboundPolicy } = request[1] as unknown as { outboundPolicy?: OutboundPolicy };
              return createWebhook(client, request[0] as CreateWebhookInput, outboundPolicy ?? PUBLIC_ONLY);
            });
          },
          deleteWebhook(_: unknown, fieldArgs: FieldArgs) {
            return sqlRowMutation<{ id: string }, { id: string }>(webhooks.executor, fieldArgs, (input) => ({
              text: "select (app_public.delete_webhook($1::uuid)).id as id",
              values: [input.id],
            }));
          },
          setWebhookEnabled(_: unknown, fieldArgs: FieldArgs) {
            return sqlRowMutation<{ id: string; enabled: boolean }, { id: string }>(
              webhooks.executor,
              fieldArgs,
              (input) => ({
                text: "select (app_public.set_webhook_enabled($1::uuid, $2::boolean)).id as id",
                values: [input.id, input.enabled],
              }),
            );
          },
          testWebhook(_: unknown, fieldArgs: FieldArgs) {
            return sqlRowMutation<{ id: string }, { id: string }>(webhooks.executor, fieldArgs, (input) => ({
              text: "select (app_public.test_webhook($1::uuid)).id as id",
              values: [input.id],
            }));
          },
        },
      },
    },
  };
}, "WebhooksPlugin");
