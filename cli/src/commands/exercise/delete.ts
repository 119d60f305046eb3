import { Args } from "@oclif/core";
import { BaseCommand, jsonFlag } from "../../base.ts";
import { resolveCustomExercise } from "../../refs.ts";

export default class ExerciseDelete extends BaseCommand {
  static summary = "Delete one of your custom exercises.";
  static description = "Refused while a routine or workout still uses it: your history is never dropped silently. Catalog exercises cannot be deleted.";
  static examples = ['svc exercise delete "Zercher Squat"', "svc exercise delete 3f2a9c1e"];
  static args = { exercise: Args.string({ description: "The exercise's name (any case), id or id prefix.", required: true }) };
  static flags = { json: jsonFlag };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(ExerciseDelete);
    const { client } = await this.client();
    const found = await resolveCustomExercise(client, args.exercise);
    const deleted = await this.spin("Deleting", client.deleteCustomExercise(found.id));
    if (flags.json) return this.outJson({ deleted });
    this.out(`Deleted ${deleted.name} (${deleted.id}).`);
  }
}
