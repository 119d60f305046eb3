import { Args } from "@oclif/core";
import type { ExerciseDetails } from "@svc/sdk";
import { BaseCommand } from "../../base.ts";
import { exerciseFlags } from "../../exercise-flags.ts";

export default class ExerciseCreate extends BaseCommand {
  static summary = "Add a custom exercise, private to you.";
  static description =
    "The name (1 to 100 characters) must differ from your other custom exercises (ignoring case, spaces and hyphens); it may equal a catalog name, and then yours is the one your documents mean.";
  static examples = [
    '<%= config.bin %> exercise create "Zercher Lunge" --equipment barbell --region lower',
    '<%= config.bin %> exercise create "Plank on rings" --kind time --region core --json',
  ];
  static args = { name: Args.string({ description: "The exercise's name.", required: true }) };
  static flags = exerciseFlags;
  static enableJsonFlag = true;

  async run(): Promise<ExerciseDetails> {
    const { args, flags } = await this.parse(ExerciseCreate);
    const { client } = await this.client();
    const exercise = await this.spin(
      "Adding the exercise",
      client.createCustomExercise({
        name: args.name,
        ...(flags.equipment ? { equipment: flags.equipment } : {}),
        ...(flags.region ? { region: flags.region } : {}),
        ...(flags.kind ? { kind: flags.kind } : {}),
        ...(flags.muscle ? { muscles: flags.muscle } : {}),
        ...(flags["secondary-muscle"] ? { secondaryMuscles: flags["secondary-muscle"] } : {}),
      }),
    );
    this.log(`Added ${exercise.name} (${exercise.id}): ${exercise.equipment}, ${exercise.region}, ${exercise.kind}.`);
    return exercise;
  }
}
