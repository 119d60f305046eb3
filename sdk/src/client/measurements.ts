/** Body measurements: log, list and delete; and the weekly sets per muscle. */
import { SvcError, NotFoundError } from "../errors.ts";
import { rows } from "../graphql.ts";
import * as ops from "../operations.ts";
import type { Measurement, MeasurementsInput } from "../types.ts";
import type { RequestCore } from "./core.ts";

export function measurementOperations({ request, signedIn }: RequestCore) {
  return {
    /** Logs a day's measurements, replacing that day's entry (`unit`: cm or in, default the user's length unit). */
    async logMeasurements(input: MeasurementsInput): Promise<Measurement> {
      const logged = (await request(ops.LOG_MEASUREMENTS, { input })).logMeasurements?.measurement;
      if (!logged) throw new SvcError("BAD_RESPONSE", "logMeasurements returned nothing");
      return logged;
    },

    /** Measurements, newest first: `limit` of them (1 to 1000; the API's page of 100 when not given), with the user's length unit. */
    async measurements(options: { limit?: number } = {}) {
      const viewer = signedIn((await request(ops.MEASUREMENTS, { first: options.limit ?? null })).viewer);
      return { unit: viewer.measurementUnit, entries: rows(viewer.measurementsByUserId.nodes) };
    },

    /** Deletes one of the user's measurement entries; `NotFoundError` when there is none with this id. */
    async deleteMeasurement(id: string): Promise<Measurement> {
      const deleted = (await request(ops.DELETE_MEASUREMENT, { id })).deleteMeasurementById?.measurement;
      if (!deleted) throw new NotFoundError("No such measurement entry");
      return deleted;
    },

    /** Work sets per muscle group per week: `weeks` (1 to 26, default 4) ending with the week of `until` (default today). */
    async weeklyMuscleSets(options: { weeks?: number; until?: string } = {}) {
      const data = await request(ops.WEEKLY_MUSCLE_SETS, {
        weeks: options.weeks ?? null,
        until: options.until ?? null,
      });
      return rows(data.weeklyMuscleSets);
    },
  };
}
