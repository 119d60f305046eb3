import { Args } from "@oclif/core";
import { confirm, requireConsent, yesFlag } from "../../confirm.ts";
import type { RoutineSummary } from "@svc/sdk";
import { BaseCommand } from "../../base.ts";
import { CliError } from "../../errors.ts";
import { resolveRoutine, SHORT_ID } from "../../refs.ts";

export default class RoutineDelete extends BaseCommand {
  static summary = "Delete a routine, by name, id or id prefix.";
  static description =
    "Workouts that followed the routine are kept. Save it first with `svc routine show <name> --json > file` if you may want it back. Asks first on a terminal; --yes skips the question (and is needed where svc cannot ask).";
  static examples = [
    "<%= config.bin %> routine delete Push",
    { description: "From a script", command: "<%= config.bin %> routine delete 0b9c2d4e --yes" },
  ];
  static args = {
    routine: Args.string({
      description: "Routine name (any case), id, or the first characters of its id.",
      required: true,
    }),
  };
  static flags = { yes: yesFlag };
  static enableJsonFlag = true;

  async run(): Promise<{ deleted: RoutineSummary }> {
    const { args, flags } = await this.parse(RoutineDelete);
    requireConsent(flags.yes, "delete a routine");
    const { client } = await this.client();
    const routine = await resolveRoutine(client, args.routine);
    await confirm(
      flags.yes,
      `Delete the routine ${routine.name.toLowerCase() === routine.id ? routine.id : `${routine.name} (${routine.id.slice(0, SHORT_ID)})`}?`,
    );
    const deleted = await this.spin("Deleting the routine", client.deleteRoutine(routine.id)).catch((error: Error) => {
      if (error.name === "NotFoundError")
        throw new CliError(`No routine named or with id ${JSON.stringify(args.routine)}. See \`svc routine list\`.`);
      throw error;
    });
    this.log(`Deleted routine ${deleted.name} (${deleted.id}).`);
    return { deleted };
  }
}
