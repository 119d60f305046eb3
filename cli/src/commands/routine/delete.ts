import { Args } from "@oclif/core";
import type { RoutineSummary } from "@svc/sdk";
import { BaseCommand } from "../../base.ts";
import { CliError } from "../../errors.ts";
import { resolveRoutine } from "../../refs.ts";

export default class RoutineDelete extends BaseCommand {
  static summary = "Delete a routine, by name, id or id prefix.";
  static description = "Workouts that followed the routine are kept. Save it first with `svc routine show <name> --json > file` if you may want it back.";
  static examples = ["svc routine delete Push", "svc routine delete 0b9c2d4e"];
  static args = { routine: Args.string({ description: "Routine name (any case), id, or the first characters of its id.", required: true }) };
  static enableJsonFlag = true;

  async run(): Promise<{ deleted: RoutineSummary }> {
    const { args } = await this.parse(RoutineDelete);
    const { client } = await this.client();
    const routine = await resolveRoutine(client, args.routine);
    const deleted = await this.spin("Deleting the routine", client.deleteRoutine(routine.id)).catch((error: Error) => {
      if (error.name === "NotFoundError") throw new CliError(`No routine named or with id ${JSON.stringify(args.routine)}. See \`svc routine list\`.`);
      throw error;
    });
    this.out(`Deleted routine ${deleted.name} (${deleted.id}).`);
    return { deleted };
  }
}
