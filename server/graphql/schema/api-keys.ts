// Personal API keys, managed with a signed-in session only (spec 2.4, 5.2, 5.4):
// viewer { apiKeys }, createApiKey and revokeApiKey. Keys are generated and hashed in SQL
// (app_public.create_api_key); the full value passes through here once, in the response, and is
// never logged. With an API key the SQL functions raise FORBIDDEN (app_hidden.require_session()).
import { extendSchema, gql } from "postgraphile/utils";
import type { PgSelectSingleStep } from "postgraphile/@dataplan/pg";
import { access, type FieldArgs, type Step } from "postgraphile/grafast";
import { sqlRowMutation } from "./sql-mutation.ts";

/** Turns a GraphQL enum value (internal or external spelling) into the SQL spelling. */
export function sqlEnum(value: unknown): string | null {
  return typeof value === "string" ? value.toLowerCase() : null;
}

// PostGraphile keeps PostgreSQL enum labels as they are; the contract spells ApiKeyAccess's values
// READ_ONLY and READ_WRITE (the stored labels stay read_only and read_write).
export const ApiKeyAccessEnumPlugin: GraphileConfig.Plugin = {
  name: "ApiKeyAccessEnumPlugin",
  version: "1.0.0",
  inflection: {
    replace: {
      enumValue(previous, _options, value, codec) {
        const pgName = (codec.extensions as { pg?: { name?: string } } | undefined)?.pg?.name ?? codec.name;
        if (pgName === "api_key_access" || pgName === "apiKeyAccess") return value.toUpperCase();
        return previous!(value, codec);
      },
    },
  },
};

export const ApiKeysPlugin = extendSchema((build) => {
  const { api_keys, users_api_keys } = build.input.pgRegistry.pgResources;
  if (!api_keys || !users_api_keys) throw new Error("ApiKeysPlugin: api_keys or users_api_keys not introspected");
  return {
    typeDefs: gql`
      "How long a new API key lives."
      enum ApiKeyExpiry {
        "30 days."
        DAYS_30
        "90 days."
        DAYS_90
        "One year."
        YEAR_1
        "No expiry."
        NEVER
      }
      "A new API key."
      input CreateApiKeyInput {
        "A name to recognise the key by, 1 to 80 characters (surrounding spaces are trimmed)."
        name: String!
        "READ_ONLY (queries only) or READ_WRITE (queries and mutations)."
        access: ApiKeyAccess!
        "When the key expires."
        expiresIn: ApiKeyExpiry!
        "Echoed back in the payload."
        clientMutationId: String
      }
      "The new key."
      type CreateApiKeyPayload {
        "The key as listed in Settings."
        apiKey: ApiKey
        "The full key value (\`svc_\` and 40 base62 characters). Shown this once; only its hash is stored."
        key: String!
        clientMutationId: String
      }
      "The key to revoke."
      input RevokeApiKeyInput {
        "The key's id."
        id: UUID!
        "Echoed back in the payload."
        clientMutationId: String
      }
      "The revoked key."
      type RevokeApiKeyPayload {
        "The id of the key, now deleted."
        id: UUID!
        clientMutationId: String
      }
      extend type User {
        "The user's API keys, newest first. Needs a signed-in session: FORBIDDEN with an API key."
        apiKeys: [ApiKey!]!
      }
      extend type Mutation {
        "Creates an API key (signed-in session only; at most 50 per user). The full key is in the payload, once."
        createApiKey(input: CreateApiKeyInput!): CreateApiKeyPayload
        "Deletes an API key at once (signed-in session only). Unknown or another user's key: NOT_FOUND."
        revokeApiKey(input: RevokeApiKeyInput!): RevokeApiKeyPayload
      }
    `,
    enums: {
      ApiKeyExpiry: {
        values: {
          DAYS_30: { value: "days_30" },
          DAYS_90: { value: "days_90" },
          YEAR_1: { value: "year_1" },
          NEVER: { value: "never" },
        },
      },
    },
    objects: {
      User: {
        plans: {
          apiKeys($user: PgSelectSingleStep) {
            return users_api_keys.execute([{ step: $user.record() }]);
          },
        },
      },
      // key and clientMutationId are read from the payload object by grafast's default plans.
      CreateApiKeyPayload: {
        plans: {
          apiKey($payload: Step<{ api_key_id: string }>) {
            return api_keys.get({ id: access($payload, "api_key_id") });
          },
        },
      },
      Mutation: {
        plans: {
          createApiKey(_: unknown, fieldArgs: FieldArgs) {
            return sqlRowMutation<
              { name: string; access: string; expiresIn: string },
              { api_key_id: string; key: string }
            >(api_keys.executor, fieldArgs, (input) => ({
              text: "select api_key_id, key from app_public.create_api_key($1::text, $2::app_public.api_key_access, $3::text)",
              values: [input.name, sqlEnum(input.access), sqlEnum(input.expiresIn)],
            }));
          },
          revokeApiKey(_: unknown, fieldArgs: FieldArgs) {
            return sqlRowMutation<{ id: string }, { id: string }>(api_keys.executor, fieldArgs, (input) => ({
              text: "select app_public.revoke_api_key($1::text) as id",
              values: [input.id],
            }));
          },
        },
      },
    },
  };
}, "ApiKeysPlugin");
