// What the app builds once and its parts read, typed: the GraphQL preset is given its share as an
// argument (makePreset's `services`), the Express routes read `req.app.services`.
import type { Request } from "express";
import type { GraphqlServices } from "./graphql/preset.ts";
import type { CallerSlots } from "./limits/caller-concurrency.ts";
import type { ConnectionCounts } from "./http/connection-bounds.ts";

export type Services = GraphqlServices & {
  /** The requests each caller runs and has waiting (server/limits/caller-concurrency.ts). */
  callerSlots: CallerSlots;
  /** The origin OAuth metadata and the MCP resource are named from (server/process/public-url.ts). */
  publicUrl: (req: Request) => string;
  /** Open connections per client address and in all (server/http/connection-bounds.ts). */
  connections: ConnectionCounts;
};

declare module "express-serve-static-core" {
  interface Application {
    services: Services;
  }
}
