import { Args } from "@oclif/core";
import { confirm, requireConsent, yesFlag } from "../../confirm.ts";
import type { ExerciseDetails } from "@svc/sdk";
import { BaseCommand } from "../../base.ts";
import { resolveCustomExercise, SHORT_ID } from "../../refs.ts";

export default class ExerciseDelete extends BaseCommand {
  static summary = "Delete one of your custom exercises.";
  static description =
    "Refused while a routine or workout still uses it: your history is never dropped silently. Catalog exercises cannot be deleted. Asks first on a terminal; --yes skips the question (and is needed where svc cannot ask).";
  static examples = [
    '<%= config.bin %> exercise delete "Zercher Lunge"',
    { description: "From a script", command: "<%= config.bin %> exercise delete 3f2a9c1e --yes" },
  ];
  static args = {
    exercise: Args.string({ description: "The exercise's name (any case), id or id prefix.", required: true }),
  };
  static flags = { yes: yesFlag };
  static enableJsonFlag = true;

  async run(): Promise<{ deleted: ExerciseDetails }> {
    const { args, flags } = await this.parse(ExerciseDelete);
    requireConsent(flags.yes, "delete a custom exercise");
    const { client } = await this.client();
    const found = await resolveCustomExercise(client, args.exercise);
    await confirm(flags.yes, `Delete your custom exercise ${found.name} (${found.id.slice(0, SHORT_ID)})?`);
    const deleted = await this.spin("Deleting", client.deleteCustomExercise(found.id));
    this.log(`Deleted ${deleted.name} (${deleted.id}).`);
    return { deleted };
  }
}
