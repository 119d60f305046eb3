import { Flags } from "@oclif/core";
import type { ExerciseDetails } from "@svc/sdk";
import { BaseCommand } from "../../base.ts";
import { table, when } from "../../output.ts";
import { SHORT_ID } from "../../refs.ts";

export default class ExerciseList extends BaseCommand {
  static summary = "List your custom exercises (with --all, the catalog too).";
  static description =
    "Custom exercises are private to you and usable in documents by name, like catalog exercises. To search by words, use `svc exercise search <words>`.";
  static examples = [
    "<%= config.bin %> exercise list",
    "<%= config.bin %> exercise list --json",
    "<%= config.bin %> exercise list --all",
  ];
  static flags = {
    all: Flags.boolean({ description: "Also list the shared catalog." }),
  };
  static enableJsonFlag = true;

  async run(): Promise<ExerciseDetails[]> {
    const { flags } = await this.parse(ExerciseList);
    const { client } = await this.client();
    const exercises = await this.spin("Loading exercises", flags.all ? client.exercises() : client.customExercises());
    if (!exercises.length) {
      this.log("No custom exercises yet. Add one with `svc exercise create <name>`.");
      return exercises;
    }
    this.log(
      table(exercises, [
        { header: "ID", get: (e) => e.id.slice(0, SHORT_ID) },
        { header: "NAME", get: (e) => e.name },
        ...(flags.all ? [{ header: "CUSTOM", get: (e: (typeof exercises)[number]) => (e.custom ? "yes" : "") }] : []),
        { header: "EQUIPMENT", get: (e) => e.equipment },
        { header: "REGION", get: (e) => e.region },
        { header: "KIND", get: (e) => e.kind },
        ...(flags.all ? [] : [{ header: "ADDED", get: (e: (typeof exercises)[number]) => when(e.createdAt) }]),
      ]),
    );
    return exercises;
  }
}
