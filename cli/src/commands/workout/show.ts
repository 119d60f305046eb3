import { Args } from "@oclif/core";
import type { JsonObject } from "@svc/sdk";
import { unitName } from "@svc/sdk/weights";
import { BaseCommand, unitFlag } from "../../base.ts";
import { CliError } from "../../errors.ts";
import { workoutView } from "../../show.ts";
import { resolveWorkoutId } from "../../refs.ts";

export default class WorkoutShow extends BaseCommand {
  static summary = "Show a workout, by id or a unique id prefix.";
  static description =
    "Weights read in your unit (or --unit): a set logged in the other unit is converted to at most one decimal (`220.5x5`), its logged weight beside a converted bodyweight. With --json, prints the workout document exactly as the API returns it (converted to 2 decimals with --unit), so `svc workout show <id> --json | svc workout apply -` changes nothing.";
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
    const json = this.jsonEnabled();
    // The view converts from the weights as logged, by the one display rule; --json is the API's document.
    const document = await this.spin(
      "Loading the workout",
      client.workoutDocument(id, { unit: json ? this.unit(flags.unit) : undefined }),
    );
    if (!document) throw new CliError(`No workout with id ${id}. See \`svc workout list\`.`);
    if (!json) {
      const unit = this.unit(flags.unit) ?? unitName((await client.viewer())?.unit);
      this.log(workoutView(document, unit ?? undefined));
    }
    return document;
  }
}
