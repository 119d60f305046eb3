import { Args } from "@oclif/core";
import type { ExerciseDetails } from "@svc/sdk";
import { BaseCommand } from "../../base.ts";
import { resolveCustomExercise } from "../../refs.ts";

export default class ExerciseDelete extends BaseCommand {
  static summary = "Delete one of your custom exercises.";
  static description = "Refused while a routine or workout still uses it: your history is never dropped silently. Catalog exercises cannot be deleted.";
  static examples = ['svc exercise delete "Zercher Lunge"', "svc exercise delete 3f2a9c1e"];
  static args = { exercise: Args.string({ description: "The exercise's name (any case), id or id prefix.", required: true }) };
  static enableJsonFlag = true;

  async run(): Promise<{ deleted: ExerciseDetails }> {
    const { args } = await this.parse(ExerciseDelete);
    const { client } = await this.client();
    const found = await resolveCustomExercise(client, args.exercise);
    const deleted = await this.spin("Deleting", client.deleteCustomExercise(found.id));
    this.out(`Deleted ${deleted.name} (${deleted.id}).`);
    return { deleted };
  }
}
