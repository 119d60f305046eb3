/** The built-in programs: the library and starting one. */
import { SvcError } from "../errors.ts";
import { rows } from "../graphql.ts";
import * as ops from "../operations.ts";
import type { JsonObject, ProgramLift, ProgramStartLift, ProgramTemplate, RoutineSummary, Unit } from "../types.ts";
import type { RequestCore } from "./core.ts";

export function programOperations({ request }: RequestCore) {
  return {
    /**
     * The built-in programs (GZCLP, 5/3/1, Starting Strength, ...), in the library's order: slug,
     * name, description, days (routine documents) and the lifts each needs a weight for (`inputKind`
     * says whether that is a training max or a first work weight).
     */
    async programLibrary(): Promise<ProgramTemplate[]> {
      return rows((await request(ops.PROGRAM_LIBRARY)).programLibrary).map((t) => ({
        ...t,
        inputs: rows(t.inputs),
        assistance: rows(t.assistance),
        days: t.days as JsonObject[],
      }));
    },

    /**
     * What `startProgram` would make, nothing saved: each lift it asks a weight for (inputs, then
     * loaded assistance lifts) with the weight it would take in `unit` and where it came from
     * (`source` given / history / none; from history the set, its day and the 12 weeks used, in
     * `basis`). Review and change them, then start with every weight given.
     */
    async programStartPreview(
      slug: string,
      options: { unit?: Unit; lifts?: ProgramLift[]; fromHistory?: boolean } = {},
    ): Promise<ProgramStartLift[]> {
      const answer = await request(ops.PROGRAM_START_PREVIEW, {
        slug,
        unit: options.unit ?? null,
        lifts: options.lifts ?? null,
        fromHistory: options.fromHistory ?? false,
      });
      return rows(answer.programStartPreview);
    },

    /**
     * Starts a built-in program by slug: its days become your routines (one transaction), returned in
     * day order. `lifts` gives weights in `unit` (default yours); `fromHistory` takes every other lift
     * from 90 % of its best estimated 1RM of its most recent 12 weeks (an assistance lift from its
     * heaviest set of its latest day; left without one, its weight is chosen in the logger). A lift left without a weight throws
     * `MISSING_INPUT` (`extensions.lifts` names them) and saves nothing; starting again makes a copy.
     */
    async startProgram(
      slug: string,
      options: { unit?: Unit; lifts?: ProgramLift[]; fromHistory?: boolean } = {},
    ): Promise<RoutineSummary[]> {
      const started = await request(ops.START_PROGRAM, {
        slug,
        unit: options.unit ?? null,
        lifts: options.lifts ?? null,
        fromHistory: options.fromHistory ?? false,
      });
      if (!started.startProgram) throw new SvcError("BAD_RESPONSE", "startProgram returned nothing");
      return rows(started.startProgram.routines);
    },
  };
}
