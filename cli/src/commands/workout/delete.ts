import { Args } from "@oclif/core";
import { confirm, requireConsent, yesFlag } from "../../confirm.ts";
import type { WorkoutSummary } from "@svc/sdk";
import { BaseCommand } from "../../base.ts";
import { resolveWorkoutId, SHORT_ID } from "../../refs.ts";
import { CliError } from "../../errors.ts";

export default class WorkoutDelete extends BaseCommand {
  static summary = "Delete a workout, by id or a unique id prefix.";
  static description =
    "Its sets go with it; records and progression no longer count them. Asks first on a terminal; --yes skips the question (and is needed where svc cannot ask).";
  static examples = [
    "<%= config.bin %> workout delete 3f2a9c1e",
    { description: "From a script", command: "<%= config.bin %> workout delete 3f2a9c1e --yes" },
  ];
  static args = { id: Args.string({ description: "Workout id, or the first characters of it.", required: true }) };
  static flags = { yes: yesFlag };
  static enableJsonFlag = true;

  async run(): Promise<{ deleted: WorkoutSummary }> {
    const { args, flags } = await this.parse(WorkoutDelete);
    requireConsent(flags.yes, "delete a workout");
    const { client } = await this.client();
    const id = await resolveWorkoutId(client, args.id);
    const workout = await client.workout(id);
    if (!workout) throw new CliError(`No workout with id ${id}. See \`svc workout list\`.`);
    await confirm(
      flags.yes,
      `Delete the workout ${workout.name ? `${workout.name} ` : ""}on ${workout.date} (${id.slice(0, SHORT_ID)})?`,
    );
    const deleted = await this.spin("Deleting the workout", client.deleteWorkout(id));
    this.log(`Deleted workout ${deleted.name ? `${deleted.name} ` : ""}on ${deleted.date} (${deleted.id}).`);
    return { deleted };
  }
}
