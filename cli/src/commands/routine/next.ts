import { Args, Flags } from "@oclif/core";
import type { JsonObject } from "@svc/sdk";
import { BaseCommand } from "../../base.ts";
import { CliError } from "../../errors.ts";
import { resolveRoutine } from "../../refs.ts";
import { checkDate, today } from "../../input.ts";

export default class RoutineNext extends BaseCommand {
  static summary = "Plan the next workout of a routine: every set with its target, and why.";
  static description =
    "Targets come from your history of the routine and its progression (linear, greyskull, double, time or none); each exercise says why its target is what it is. With --json, prints the planned workout document exactly as the API returns it (every set `done: false`), so `svc routine next Push --json | svc workout apply -` logs it; mark sets done as you go and apply it again.";
  static examples = [
    "<%= config.bin %> routine next Push",
    { description: "Plan for another day", command: "<%= config.bin %> routine next Push --date 2026-03-09" },
    {
      description: "Log the planned workout, then edit it as you train",
      command: "<%= config.bin %> routine next Push --json | <%= config.bin %> workout apply -",
    },
  ];
  static args = {
    routine: Args.string({
      description: "Routine name (any case), id, or the first characters of its id.",
      required: true,
    }),
  };
  static flags = {
    date: Flags.string({ description: "The day to plan for (YYYY-MM-DD); default today." }),
  };
  static enableJsonFlag = true;

  async run(): Promise<JsonObject> {
    const { args, flags } = await this.parse(RoutineNext);
    const date = flags.date === undefined ? today() : checkDate(flags.date, "--date");
    const { client } = await this.client();
    const routine = await resolveRoutine(client, args.routine);
    const document = await this.spin("Planning the next workout", client.nextWorkout(routine.id, { date }));
    if (!document)
      throw new CliError(`No routine named or with id ${JSON.stringify(args.routine)}. See \`svc routine list\`.`);
    if (!this.jsonEnabled()) {
      const { nextWorkoutView } = await import("../../progression.ts");
      const targets = (await client.nextTargets(routine.id, { date })) ?? [];
      this.log(
        nextWorkoutView(
          document,
          targets.map((t) => t?.explanation ?? ""),
        ),
      );
    }
    return document;
  }
}
