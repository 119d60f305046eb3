import { Args } from "@oclif/core";
import type { JsonObject } from "@svc/sdk";
import { BaseCommand, unitFlag } from "../../base.ts";
import { CliError } from "../../errors.ts";
import { resolveRoutine } from "../../refs.ts";
import { routineView } from "../../show.ts";

export default class RoutineShow extends BaseCommand {
  static summary = "Show a routine, by name, id or id prefix.";
  static description =
    "With --json, prints the routine document exactly as the API returns it, so `svc routine show Push --json | svc routine apply -` changes nothing. Edit the document and apply it to change the routine.";
  static examples = [
    "<%= config.bin %> routine show Push",
    {
      description: "Print the document, weights in pounds",
      command: "<%= config.bin %> routine show Push --json --unit lb",
    },
    {
      description: "Edit a routine",
      command:
        "<%= config.bin %> routine show Push --json > push.json && $EDITOR push.json && svc routine apply push.json",
    },
  ];
  static args = {
    routine: Args.string({
      description: "Routine name (any case), id, or the first characters of its id.",
      required: true,
    }),
  };
  static flags = { unit: unitFlag() };
  static enableJsonFlag = true;

  async run(): Promise<JsonObject> {
    const { args, flags } = await this.parse(RoutineShow);
    const { client } = await this.client();
    const routine = await resolveRoutine(client, args.routine);
    const document = await this.spin(
      "Loading the routine",
      client.routineDocument(routine.id, { unit: this.unit(flags.unit) }),
    );
    if (!document)
      throw new CliError(`No routine named or with id ${JSON.stringify(args.routine)}. See \`svc routine list\`.`);
    this.log(routineView(document));
    return document;
  }
}
