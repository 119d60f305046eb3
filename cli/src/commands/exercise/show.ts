import { Args } from "@oclif/core";
import { AmbiguousExerciseError, type ExerciseDetails, type SvcClient } from "@svc/sdk";
import { BaseCommand } from "../../base.ts";
import { CliError, UsageError } from "../../errors.ts";

export default class ExerciseShow extends BaseCommand {
  static summary = "Show an exercise: its equipment, kind, primary and secondary muscles and other names.";
  static description =
    "Finds the exercise the words mean, as documents read them (a name or alias, abbreviations such as `DB OHP`, typos); words that fit several exercises list them instead of guessing (exit 2). Primary muscles move the load; secondary muscles assist (a set counts half for them in the weekly sets per muscle). With --json, prints the exercise as the API gives it.";
  static examples = [
    "<%= config.bin %> exercise show bench",
    { description: "As JSON", command: "<%= config.bin %> exercise show romanian deadlift --json" },
  ];
  static strict = false;
  static args = { words: Args.string({ description: "Exercise name, alias or words from it.", required: true }) };
  static enableJsonFlag = true;

  async run(): Promise<ExerciseDetails> {
    const { argv } = await this.parse(ExerciseShow);
    const words = (argv as string[]).join(" ").trim();
    if (!words) throw new UsageError("Give an exercise name, e.g. `svc exercise show bench press`.");
    const { client } = await this.client();
    const found = await this.spin("Loading", find(client, words));
    if (!found)
      throw new CliError(`No exercise matches ${JSON.stringify(words)}. See \`svc exercise search ${words}\`.`);
    this.log(exerciseView(found));
    return found;
  }
}

async function find(client: SvcClient, words: string) {
  return client.exercise(words).catch((error: unknown) => {
    if (!(error instanceof AmbiguousExerciseError)) throw error;
    const choices = error.candidates.map((c) => `  ${c}`).join("\n");
    throw new UsageError(
      `${JSON.stringify(words)} could be several exercises; say which:\n${choices}\nFor example: svc exercise show ${JSON.stringify(error.candidates[0])}`,
    );
  });
}

const list = (names: readonly (string | null)[]) => (names.length ? names.join(", ") : "none");

/** The exercise as lines of `label: value`. */
export function exerciseView(e: ExerciseDetails): string {
  return [
    `${e.name}${e.custom ? " (custom)" : ""}`,
    `  Equipment:          ${e.equipment}`,
    `  Kind:               ${e.kind}`,
    `  Region:             ${e.region}`,
    `  Primary muscles:    ${list(e.muscles)}`,
    `  Secondary muscles:  ${list(e.secondaryMuscles)}`,
    ...(e.aliases.length ? [`  Also called:        ${e.aliases.join(", ")}`] : []),
  ].join("\n");
}
