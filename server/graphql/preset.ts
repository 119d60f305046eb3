// The PostGraphile preset: Amber, aggregates, and our plugins. Add a feature's plugin here.
import { PostGraphileAmberPreset } from "postgraphile/presets/amber";
import { PgAggregatesPreset } from "@graphile/pg-aggregates";
import type pg from "pg";
import { ViewerPlugin } from "./schema/viewer.ts";
import { PlainIdsPlugin } from "./schema/plain-ids.ts";
import { UuidInputPlugin } from "./schema/uuid-input.ts";
import { BodyweightPlugin, BodyweightInputNamePlugin } from "./schema/bodyweight.ts";
import { ApiKeysPlugin, ApiKeyAccessEnumPlugin } from "./schema/api-keys.ts";
import { DevicesPlugin } from "./schema/devices.ts";
import { ConnectedAppsPlugin } from "./schema/connected-apps.ts";
import { AccountPlugin } from "./schema/account.ts";
import { ExercisesPlugin, CustomExerciseInputsPlugin } from "./schema/exercises.ts";
import { DocumentsPlugin } from "./schema/documents.ts";
import { ImportExportPlugin } from "./schema/import-export.ts";
import { FitExportPlugin } from "./schema/fit-export.ts";
import { WebhooksPlugin } from "./schema/webhooks.ts";
import { ChangesPlugin } from "./schema/changes.ts";
import { ProgressionPlugin } from "./schema/progression.ts";
import { ExerciseNamesPlugin, ExerciseResolutionNullabilityPlugin } from "./schema/exercise-names.ts";
import { ExerciseRecordsPlugin } from "./schema/exercise-records.ts";
import { ProgressSeriesNamesPlugin, LastPerformanceSetsPlugin } from "./schema/progress-series.ts";
import { maskError } from "./mask-error.ts";
import { OperationGuardPlugin, type GuardContext } from "./operation-guard.ts";
import { ListBoundsPlugin } from "./list-bounds.ts";
import { WorkoutSetSincePlugin } from "./schema/workout-set-since.ts";
import { RequestIdentityPlugin } from "./request-identity.ts";
import { pgSettingsFor } from "../identity/pg-settings.ts";
import { poolCallerOf, type PoolShares } from "../limits/pool-shares.ts";
import type { Identity } from "../identity/identity.ts";
import { clientAddress } from "../http/client-address.ts";
import type { OutboundPolicy } from "../http/outbound-address.ts";
import type { AuthLimits } from "../limits/auth-limits.ts";
import type { ClientCostBudget } from "../limits/client-cost-budget.ts";
import {
  makeRequestPgService,
  POOL_CALLER,
  RequestTransactionPlugin,
  ON_SESSION_RESOLVED,
  type RequestSettings,
} from "./request-transaction.ts";
import { GRAPHQL_PATH, GRAPHIQL_PATH, GRAPHIQL_STATIC_PATH } from "../http/paths.ts";

/** What the app hands the GraphQL layer; a schema built without serving (print-schema, benches) has none. */
export type GraphqlServices = {
  /** The cost budgets every caller's operations are charged against (server/limits/client-cost-budget.ts). */
  clientCostBudget: ClientCostBudget;
  /** The sign-in limits deleteAccount's password check counts failures with (server/graphql/schema/account.ts). */
  authLimits: AuthLimits;
  /** GRAPHQL_MAX_RESPONSE_BYTES: the longest answer sent (OPERATION_LIMITS.responseBytes unless set). */
  responseMaxBytes?: number;
  /** WEBHOOK_ALLOW_PRIVATE: where createWebhook may point (server/http/outbound-address.ts). */
  outboundPolicy?: OutboundPolicy;
  /** The GraphQL pool's connections handed out in turn by account (server/limits/pool-shares.ts). */
  poolShares?: PoolShares;
};

export function makePreset(options: {
  pool: pg.Pool;
  dev: boolean;
  services?: GraphqlServices;
}): GraphileConfig.Preset {
  const { services } = options;
  return {
    extends: [PostGraphileAmberPreset, PgAggregatesPreset],
    // Plain uuids as `id` (no Relay global ids): what the documents, the CLI and the ban endpoint use.
    disablePlugins: ["NodePlugin"],
    plugins: [
      PlainIdsPlugin,
      UuidInputPlugin,
      ViewerPlugin,
      BodyweightInputNamePlugin,
      BodyweightPlugin,
      ApiKeyAccessEnumPlugin,
      ApiKeysPlugin,
      DevicesPlugin,
      ConnectedAppsPlugin,
      AccountPlugin,
      ExercisesPlugin,
      CustomExerciseInputsPlugin,
      DocumentsPlugin,
      ImportExportPlugin,
      FitExportPlugin,
      WebhooksPlugin,
      ChangesPlugin,
      ProgressionPlugin,
      ExerciseNamesPlugin,
      ExerciseResolutionNullabilityPlugin,
      ExerciseRecordsPlugin,
      ProgressSeriesNamesPlugin,
      LastPerformanceSetsPlugin,
      ListBoundsPlugin,
      WorkoutSetSincePlugin,
      OperationGuardPlugin,
      RequestTransactionPlugin,
      RequestIdentityPlugin,
    ],
    // Each request's transaction set up in one round trip (server/graphql/request-transaction.ts).
    pgServices: [makeRequestPgService({ pool: options.pool, schemas: ["app_public"], shares: services?.poolShares })],
    grafserv: {
      graphqlPath: GRAPHQL_PATH,
      // Parsed and validated documents kept by count, not size: our clients send about 65 distinct
      // operations; 150 documents of at most 16 KB of text stay within a few hundred MB, where
      // grafserv's default of 500 let unique large documents grow a process to 2.6 GB.
      parseAndValidateCacheSize: 150,
      graphiql: options.dev,
      graphiqlOnGraphQLGET: options.dev,
      // Not at grafserv's default "/": the web app is there.
      graphiqlPath: GRAPHIQL_PATH,
      graphiqlStaticPath: GRAPHIQL_STATIC_PATH,
      maskError,
      responseMaxBytes: services?.responseMaxBytes,
    },
    grafast: {
      explain: options.dev,
      context(requestContext) {
        const req = requestContext.expressv4?.req;
        const identity: Identity = req?.identity ?? { kind: "anonymous" };
        const pgSettings: RequestSettings = pgSettingsFor(identity);
        // A session left to SQL: the request's transaction resolves it and tells the request (its log).
        if (identity.kind === "unresolved-session" && req) pgSettings[ON_SESSION_RESOLVED] = req.settleSession;
        // Its connection's turn is its account's (a key is known by the time it asks), else its address's.
        if (req) pgSettings[POOL_CALLER] = () => poolCallerOf(req);
        // The operation guard reads the identity (and looks up and counts a key) from the context.
        const guard: GuardContext = {
          identity,
          useApiKey: req?.useApiKey,
          clientAddress: req ? clientAddress(req) : undefined,
          clientCostBudget: services?.clientCostBudget,
          costClaims: req?.costClaims,
        };
        // deleteAccount checks a password with the sign-in limits (server/graphql/schema/account.ts).
        return { pgSettings, ...guard, authLimits: services?.authLimits, outboundPolicy: services?.outboundPolicy };
      },
    },
  };
}
