import { Args } from "@oclif/core";
import { BaseCommand, jsonFlag } from "../../base.ts";
import { resolveWorkoutId } from "../../refs.ts";
import { CliError } from "../../errors.ts";

export default class WorkoutDelete extends BaseCommand {
  static summary = "Delete a workout, by id or a unique id prefix.";
  static examples = ["svc workout delete 3f2a9c1e"];
  static args = { id: Args.string({ description: "Workout id, or the first characters of it.", required: true }) };
  static flags = { json: jsonFlag };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(WorkoutDelete);
    const { client } = await this.client();
    const id = await resolveWorkoutId(client, args.id);
    if (!(await client.workout(id))) throw new CliError(`No workout with id ${id}. See \`svc workout list\`.`);
    const deleted = await this.spin("Deleting the workout", client.deleteWorkout(id));
    if (flags.json) return this.outJson({ deleted });
    this.out(`Deleted workout ${deleted.name ? `${deleted.name} ` : ""}on ${deleted.date} (${deleted.id}).`);
  }
}
