import { Args } from "@oclif/core";
import type { JsonObject } from "@svc/sdk";
import { BaseCommand, unitFlag } from "../../base.ts";
import { CliError } from "../../errors.ts";
import { workoutView } from "../../show.ts";
import { resolveWorkoutId } from "../../refs.ts";

export default class WorkoutShow extends BaseCommand {
  static summary = "Show a workout, by id or a unique id prefix.";
  static description =
    "With --json, prints the workout document exactly as the API returns it, so `svc workout show <id> --json | svc workout apply -` changes nothing.";
  static examples = [
    "<%= config.bin %> workout show 3f2a9c1e",
    {
      description: "Print the document, weights in kilograms",
      command: "<%= config.bin %> workout show 3f2a --json --unit kg",
    },
  ];
  static args = { id: Args.string({ description: "Workout id, or the first characters of it.", required: true }) };
  static flags = { unit: unitFlag() };
  static enableJsonFlag = true;

  async run(): Promise<JsonObject> {
    const { args, flags } = await this.parse(WorkoutShow);
    const { client } = await this.client();
    const id = await resolveWorkoutId(client, args.id);
    const document = await this.spin(
      "Loading the workout",
      client.workoutDocument(id, { unit: this.unit(flags.unit) }),
    );
    if (!document) throw new CliError(`No workout with id ${id}. See \`svc workout list\`.`);
    this.log(workoutView(document));
    return document;
  }
}
