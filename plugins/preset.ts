// The PostGraphile preset: Amber, aggregates, and our plugins. Add a feature's plugin here.
import { PostGraphileAmberPreset } from "postgraphile/presets/amber";
import { PgAggregatesPreset } from "@graphile/pg-aggregates";
import { makePgService } from "postgraphile/adaptors/pg";
import type pg from "pg";
import { ViewerPlugin } from "./viewer.ts";
import { PlainIdsPlugin } from "./plain-ids.ts";
import { BodyweightPlugin, BodyweightInputNamePlugin } from "./bodyweight.ts";
import { ApiKeysPlugin, ApiKeyAccessEnumPlugin } from "./api-keys.ts";
import { DevicesPlugin } from "./devices.ts";
import { AccountPlugin } from "./account.ts";
import { ExercisesPlugin, CustomExerciseInputsPlugin } from "./exercises.ts";
import { DocumentsPlugin } from "./documents.ts";
import { ProgressionPlugin } from "./progression.ts";
import { ProgressSeriesNamesPlugin } from "./progress-series.ts";
import { maskError } from "./mask-error.ts";
import { OperationGuardPlugin, type GuardContext } from "./operation-guard.ts";
import { pgSettingsFor, type Identity } from "../server/identity.ts";

export const GRAPHQL_PATH = "/api/graphql";

export function makePreset(options: { pool: pg.Pool; dev: boolean }): GraphileConfig.Preset {
  return {
    extends: [PostGraphileAmberPreset, PgAggregatesPreset],
    // Plain uuids as `id` (no Relay global ids): what the documents, the CLI and the ban endpoint use.
    disablePlugins: ["NodePlugin"],
    plugins: [PlainIdsPlugin, ViewerPlugin, BodyweightInputNamePlugin, BodyweightPlugin, ApiKeyAccessEnumPlugin, ApiKeysPlugin, DevicesPlugin, AccountPlugin, ExercisesPlugin, CustomExerciseInputsPlugin, DocumentsPlugin, ProgressionPlugin, ProgressSeriesNamesPlugin, OperationGuardPlugin],
    pgServices: [makePgService({ pool: options.pool, schemas: ["app_public"] })],
    grafserv: {
      graphqlPath: GRAPHQL_PATH,
      graphiql: options.dev,
      graphiqlOnGraphQLGET: options.dev,
      // Not at grafserv's default "/": the web app is there.
      graphiqlPath: "/api/graphiql",
      graphiqlStaticPath: "/api/ruru-static/",
      maskError,
    },
    grafast: {
      explain: options.dev,
      context(requestContext) {
        const req = (requestContext as any).expressv4?.req as ({ identity?: Identity } & GuardContext) | undefined;
        const identity: Identity = req?.identity ?? { kind: "anonymous" };
        // The operation guard reads the identity (and charges a key's cost) from the context.
        return { pgSettings: pgSettingsFor(identity), identity, chargeKeyCost: req?.chargeKeyCost };
      },
    },
  };
}
