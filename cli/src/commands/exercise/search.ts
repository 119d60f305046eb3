import { Args, Flags } from "@oclif/core";
import type { Exercise } from "@svc/sdk";
import { BaseCommand } from "../../base.ts";
import { table } from "../../output.ts";
import { UsageError } from "../../errors.ts";

export default class ExerciseSearch extends BaseCommand {
  static summary = "Find exercises by name or everyday name, best match first.";
  static description =
    "Searches the catalog and your own exercises; typos are tolerated. Any name or alias shown works as `exercise` in a document.";
  static examples = [
    "<%= config.bin %> exercise search bench",
    "<%= config.bin %> exercise search romanian dead --limit 3",
    "<%= config.bin %> exercise search pullup --json",
    {
      description: "Your records on the best match (see `<%= config.bin %> exercise records --help`)",
      command: "<%= config.bin %> exercise records bench",
    },
    {
      description: "Add an exercise of your own (see `<%= config.bin %> exercise --help`)",
      command: '<%= config.bin %> exercise create "Zercher Lunge" --equipment barbell',
    },
  ];
  /** `svc exercises <words>`: the contract's name for the search, kept beside the noun-verb one. */
  static aliases = ["exercises"];
  /** Words may be given as separate arguments: `svc exercise search bench press`. */
  static strict = false;
  static args = { words: Args.string({ description: "Words to search for.", required: true }) };
  static flags = {
    limit: Flags.integer({ description: "At most this many results.", min: 1, max: 100 }),
  };
  static enableJsonFlag = true;

  async run(): Promise<Exercise[]> {
    const { argv, flags } = await this.parse(ExerciseSearch);
    const words = (argv as string[]).join(" ").trim();
    if (!words) throw new UsageError("Give some words to search for, e.g. `svc exercise search bench press`.");
    const { client } = await this.client({ auth: "optional" });
    const found = await this.spin("Searching", client.searchExercises(words, { limit: flags.limit ?? 10 }));
    if (!found.length) {
      this.log(`No exercises match ${JSON.stringify(words)}.`);
      return found;
    }
    this.log(
      table(found, [
        { header: "NAME", get: (e) => e.name },
        { header: "EQUIPMENT", get: (e) => e.equipment },
        { header: "REGION", get: (e) => e.region },
        { header: "ALSO KNOWN AS", get: (e) => (e.aliases ?? []).join(", ") },
      ]),
    );
    return found;
  }
}
