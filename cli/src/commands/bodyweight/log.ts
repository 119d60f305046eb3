import { Args, Flags } from "@oclif/core";
import type { Bodyweight } from "@svc/sdk";
import { BaseCommand, unitFlag } from "../../base.ts";
import { UsageError } from "../../errors.ts";
import { checkDate, today } from "../../input.ts";

export default class BodyweightLog extends BaseCommand {
  static summary = "Log your bodyweight for a day (logging the same day again replaces it).";
  static examples = [
    "<%= config.bin %> bodyweight log 81.4",
    "<%= config.bin %> bodyweight log 179.5 --unit lb --date 2026-03-01",
  ];
  static args = { weight: Args.string({ description: "The weight, a number.", required: true }) };
  static flags = {
    date: Flags.string({ description: "The day, YYYY-MM-DD (default today)." }),
    unit: unitFlag("Unit of the weight (default your unit)."),
  };
  static enableJsonFlag = true;

  async run(): Promise<Bodyweight> {
    const { args, flags } = await this.parse(BodyweightLog);
    const weight = Number(args.weight);
    if (!/^\s*\d+(\.\d+)?\s*$/.test(args.weight) || !Number.isFinite(weight)) {
      throw new UsageError(`The weight must be a number like 81.4, not ${JSON.stringify(args.weight)}.`);
    }
    const date = flags.date === undefined ? today() : checkDate(flags.date, "--date");
    const { client } = await this.client();
    const logged = await this.spin("Logging", client.logBodyweight({ date, weight, unit: this.unit(flags.unit) }));
    this.log(`Logged ${logged.weight} ${logged.unit} for ${logged.date}.`);
    return logged;
  }
}
