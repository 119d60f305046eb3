import { Args } from "@oclif/core";
import type { WorkoutSummary } from "@svc/sdk";
import { BaseCommand } from "../../base.ts";
import { resolveWorkoutId } from "../../refs.ts";
import { CliError } from "../../errors.ts";

export default class WorkoutDelete extends BaseCommand {
  static summary = "Delete a workout, by id or a unique id prefix.";
  static examples = ["svc workout delete 3f2a9c1e"];
  static args = { id: Args.string({ description: "Workout id, or the first characters of it.", required: true }) };
  static enableJsonFlag = true;

  async run(): Promise<{ deleted: WorkoutSummary }> {
    const { args } = await this.parse(WorkoutDelete);
    const { client } = await this.client();
    const id = await resolveWorkoutId(client, args.id);
    if (!(await client.workout(id))) throw new CliError(`No workout with id ${id}. See \`svc workout list\`.`);
    const deleted = await this.spin("Deleting the workout", client.deleteWorkout(id));
    this.out(`Deleted workout ${deleted.name ? `${deleted.name} ` : ""}on ${deleted.date} (${deleted.id}).`);
    return { deleted };
  }
}
