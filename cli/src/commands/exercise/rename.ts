import { Args } from "@oclif/core";
import type { ExerciseDetails } from "@svc/sdk";
import { BaseCommand } from "../../base.ts";
import { exerciseFlags } from "../../exercise-flags.ts";
import { resolveCustomExercise } from "../../refs.ts";
import { UsageError } from "../../errors.ts";

export default class ExerciseRename extends BaseCommand {
  static summary = "Rename one of your custom exercises (and change its details).";
  static description =
    "Routines and workouts that use it keep it (they refer to it by id) and show the new name. Pass the same name to change only --equipment, --region, --kind or --muscle.";
  static examples = [
    '<%= config.bin %> exercise rename "Zercher Lunge" "Zercher Box Squat"',
    '<%= config.bin %> exercise rename 3f2a9c1e "Zercher Lunge" --region lower',
  ];
  static args = {
    exercise: Args.string({ description: "The exercise's name (any case), id or id prefix.", required: true }),
    name: Args.string({ description: "Its new name.", required: true }),
  };
  static flags = exerciseFlags;
  static enableJsonFlag = true;

  async run(): Promise<ExerciseDetails> {
    const { args, flags } = await this.parse(ExerciseRename);
    if (!args.name.trim()) throw new UsageError("The new name must not be empty.");
    const { client } = await this.client();
    const found = await resolveCustomExercise(client, args.exercise);
    const exercise = await this.spin(
      "Saving",
      client.updateCustomExercise(found.id, {
        name: args.name,
        ...(flags.equipment ? { equipment: flags.equipment } : {}),
        ...(flags.region ? { region: flags.region } : {}),
        ...(flags.kind ? { kind: flags.kind } : {}),
        ...(flags.muscle ? { muscles: flags.muscle } : {}),
        ...(flags["secondary-muscle"] ? { secondaryMuscles: flags["secondary-muscle"] } : {}),
      }),
    );
    this.log(
      found.name === exercise.name
        ? `Saved ${exercise.name} (${exercise.id}).`
        : `Renamed ${found.name} to ${exercise.name} (${exercise.id}).`,
    );
    return exercise;
  }
}
