import { Args } from "@oclif/core";
import type { SvcClient } from "@svc/sdk";
import { BaseCommand } from "../../base.ts";
import { CliError, UsageError } from "../../errors.ts";

export default class ExercisesRecords extends BaseCommand {
  static summary = "Your personal records on an exercise: heaviest, best estimated 1RM, most reps at each weight.";
  static description = "Finds the exercise that best matches the words (as `svc exercises <words>` does) and shows your records on it, over sets done with a weight (warm-ups do not count), in your unit. The estimated one-rep max is Epley's: weight x (1 + reps / 30), from sets of 1 to 12 reps. With --json, prints `{ id, name, records }`.";
  static examples = [
    "svc exercises records bench",
    { description: "As JSON", command: "svc exercises records romanian deadlift --json" },
  ];
  static strict = false;
  static args = { words: Args.string({ description: "Exercise name, alias or words from it.", required: true }) };
  static enableJsonFlag = true;

  async run(): Promise<NonNullable<Awaited<ReturnType<SvcClient["exerciseRecords"]>>>> {
    const { argv } = await this.parse(ExercisesRecords);
    const words = (argv as string[]).join(" ").trim();
    if (!words) throw new UsageError("Give an exercise name, e.g. `svc exercises records bench press`.");
    const { client } = await this.client();
    const found = await this.spin("Loading records", client.exerciseRecords(words));
    if (!found) throw new CliError(`No exercise matches ${JSON.stringify(words)}. See \`svc exercises ${words}\`.`);
    if (!this.jsonEnabled()) {
      const { recordsView } = await import("../../progression.ts");
      this.out(recordsView(found.name, found.records));
    }
    return found;
  }
}
