/**
 * `createClient({ url, apiKey?, token? })`: a small typed client for the Training Log API. It talks
 * to `/api/graphql` and `/api/auth/*` with `fetch`, like any other client, and throws the typed
 * errors of `./errors.ts`.
 */
import { createRequestCore, type ClientOptions, type RequestCore } from "./client/core.ts";
import { accountOperations } from "./client/account.ts";
import { bodyweightOperations } from "./client/bodyweight.ts";
import { measurementOperations } from "./client/measurements.ts";
import { changeOperations } from "./client/changes.ts";
import { documentOperations } from "./client/documents.ts";
import { programOperations } from "./client/programs.ts";
import { exerciseOperations } from "./client/exercises.ts";
import { historyOperations } from "./client/history.ts";
import { progressOperations } from "./client/progress.ts";
import { adminOperations } from "./client/admin.ts";
import { shareOperations } from "./client/shares.ts";

export type { ClientOptions } from "./client/core.ts";

export type SvcClient = ReturnType<typeof createClient>;

/** The client's areas by name, so the built declarations point at each area's documented methods. */
type ClientAreas = {
  /** The instance address this client talks to. */
  url: string;
  request: RequestCore["request"];
} & ReturnType<typeof accountOperations> &
  ReturnType<typeof bodyweightOperations> &
  ReturnType<typeof measurementOperations> &
  ReturnType<typeof changeOperations> &
  ReturnType<typeof documentOperations> &
  ReturnType<typeof programOperations> &
  ReturnType<typeof exerciseOperations> &
  ReturnType<typeof historyOperations> &
  ReturnType<typeof progressOperations> &
  ReturnType<typeof adminOperations> &
  ReturnType<typeof shareOperations>;

export function createClient(options: ClientOptions): ClientAreas {
  const core = createRequestCore(options);
  return {
    /** The instance address this client talks to. */
    url: core.base,
    request: core.request,
    ...accountOperations(core),
    ...bodyweightOperations(core),
    ...measurementOperations(core),
    ...changeOperations(core),
    ...documentOperations(core),
    ...programOperations(core),
    ...exerciseOperations(core),
    ...historyOperations(core),
    ...progressOperations(core),
    ...adminOperations(core),
    ...shareOperations(core),
  };
}
