import { Args } from "@oclif/core";
import { AmbiguousExerciseError, type SvcClient } from "@svc/sdk";
import { BaseCommand } from "../../base.ts";
import { CliError, UsageError } from "../../errors.ts";

export default class ExerciseRecords extends BaseCommand {
  static summary =
    "Your personal records on an exercise: heaviest, best estimated 1RM, most reps at each weight, rep maxes, reps at bodyweight, longest hold.";
  static description =
    "Finds the exercise the words mean, as documents read them (a name or alias, abbreviations such as `DB OHP`, plurals, typos such as `sqaut`); words that fit several exercises (`press`) list them instead of guessing (exit 2). Shows your records on it in your unit, over sets done (warm-ups do not count): with a weight, the heaviest, the best estimated one-rep max (Epley: weight x (1 + reps / 30), from sets of 1 to 12 reps), the most reps at each weight and the 1, 3, 5, 8 and 10 rep maxes (actual: the heaviest set of at least that many reps; estimated: from the best estimated 1RM); without a weight, the most reps in a set; timed, the longest. With --json, prints `{ id, name, records }`.";
  static examples = [
    "<%= config.bin %> exercise records bench",
    { description: "As JSON", command: "<%= config.bin %> exercise records romanian deadlift --json" },
  ];
  /** Its name before the exercise commands were one topic. */
  static strict = false;
  static args = { words: Args.string({ description: "Exercise name, alias or words from it.", required: true }) };
  static enableJsonFlag = true;

  async run(): Promise<NonNullable<Awaited<ReturnType<SvcClient["exerciseRecords"]>>>> {
    const { argv } = await this.parse(ExerciseRecords);
    const words = (argv as string[]).join(" ").trim();
    if (!words) throw new UsageError("Give an exercise name, e.g. `svc exercise records bench press`.");
    const { client } = await this.client();
    const found = await this.spin("Loading records", client.exerciseRecords(words)).catch((error: unknown) => {
      if (!(error instanceof AmbiguousExerciseError)) throw error;
      const choices = error.candidates.map((c) => `  ${c}`).join("\n");
      throw new UsageError(
        `${JSON.stringify(words)} could be several exercises; say which:\n${choices}\nFor example: svc exercise records ${JSON.stringify(error.candidates[0])}`,
      );
    });
    if (!found)
      throw new CliError(`No exercise matches ${JSON.stringify(words)}. See \`svc exercise search ${words}\`.`);
    if (!this.jsonEnabled()) {
      const { recordsView } = await import("../../progression.ts");
      this.log(recordsView(found.name, found.records));
    }
    return found;
  }
}
