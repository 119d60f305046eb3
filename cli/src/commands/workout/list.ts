import { Flags } from "@oclif/core";
import type { WorkoutSummary } from "@svc/sdk";
import { BaseCommand } from "../../base.ts";
import { table } from "../../output.ts";
import { checkDate } from "../../input.ts";
import { SHORT_ID } from "../../refs.ts";

export default class WorkoutList extends BaseCommand {
  static summary = "List your workouts, newest first.";
  static description =
    "Shows the first characters of each id; any unique prefix works with `svc workout show`, `apply` and `delete`. --json gives full ids.";
  static examples = [
    "<%= config.bin %> workout list",
    "<%= config.bin %> workout list --limit 5",
    "<%= config.bin %> workout list --since 2026-01-01 --json",
  ];
  static flags = {
    limit: Flags.integer({ description: "At most this many workouts (1 to 1000).", min: 1, max: 1000 }),
    since: Flags.string({ description: "Only workouts on or after this date (YYYY-MM-DD)." }),
  };
  static enableJsonFlag = true;

  async run(): Promise<WorkoutSummary[]> {
    const { flags } = await this.parse(WorkoutList);
    const since = flags.since === undefined ? undefined : checkDate(flags.since, "--since");
    const { client } = await this.client();
    // Newest first, so the workouts on or after --since are a prefix of the list.
    const all = await this.spin("Loading workouts", client.workouts({ limit: flags.limit ?? (since ? 1000 : 20) }));
    const workouts = since ? all.filter((w) => w.date >= since) : all;
    if (!workouts.length) {
      this.log(
        since
          ? `No workouts since ${since}.`
          : "No workouts yet. Log one with `svc workout apply <file>` (see `svc workout schema`).",
      );
      return workouts;
    }
    this.log(
      table(workouts, [
        { header: "ID", get: (w) => w.id.slice(0, SHORT_ID) },
        { header: "DATE", get: (w) => w.date },
        { header: "NAME", get: (w) => w.name },
      ]),
    );
    return workouts;
  }
}
