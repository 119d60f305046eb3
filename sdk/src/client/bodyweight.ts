/** Bodyweights: log, list and delete. */
import { SvcError, NotFoundError } from "../errors.ts";
import { enumUnit, rows } from "../graphql.ts";
import * as ops from "../operations.ts";
import type { Bodyweight, Unit } from "../types.ts";
import type { RequestCore } from "./core.ts";

export function bodyweightOperations({ request, signedIn }: RequestCore) {
  return {
    async logBodyweight(input: { date: string; weight: number; unit?: Unit }): Promise<Bodyweight> {
      const logged = (
        await request(ops.LOG_BODYWEIGHT, {
          input: { date: input.date, weight: input.weight, unit: enumUnit(input.unit) },
        })
      ).logBodyweight;
      if (!logged) throw new SvcError("BAD_RESPONSE", "logBodyweight returned nothing");
      return logged;
    },

    /** Bodyweights, newest first: `limit` of them (1 to 1000; the API's default page of 100 when not given). */
    async bodyweights(options: { limit?: number } = {}) {
      const data = await request(ops.BODYWEIGHTS, { first: options.limit ?? null });
      return rows(signedIn(data.viewer).bodyweightsByUserId.nodes);
    },

    /** Deletes one of the user's bodyweights; `NotFoundError` when there is none with this id. */
    async deleteBodyweight(id: string): Promise<Bodyweight> {
      const deleted = (await request(ops.DELETE_BODYWEIGHT, { id })).deleteBodyweightById?.bodyweight;
      if (!deleted) throw new NotFoundError("No such bodyweight");
      return deleted;
    },
  };
}
