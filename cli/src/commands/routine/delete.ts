import { Args } from "@oclif/core";
import { BaseCommand, jsonFlag } from "../../base.ts";
import { CliError } from "../../errors.ts";

export default class RoutineDelete extends BaseCommand {
  static summary = "Delete a routine, by name or id.";
  static description = "Workouts that followed the routine are kept. Save it first with `svc routine show <name> --json > file` if you may want it back.";
  static examples = ["svc routine delete Push", "svc routine delete 0b9c2d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d"];
  static args = { routine: Args.string({ description: "Routine name (any case) or id.", required: true }) };
  static flags = { json: jsonFlag };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(RoutineDelete);
    const { client } = await this.client();
    const document = await client.routineDocument(args.routine);
    if (!document || typeof document.id !== "string") throw new CliError(`No routine named or with id ${JSON.stringify(args.routine)}. See \`svc routine list\`.`);
    const deleted = await this.spin("Deleting the routine", client.deleteRoutine(document.id));
    if (flags.json) return this.outJson({ deleted });
    this.out(`Deleted routine ${deleted.name} (${deleted.id}).`);
  }
}
