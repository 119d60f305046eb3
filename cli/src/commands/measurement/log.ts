import { Flags } from "@oclif/core";
import type { Measurement, MeasurementsInput } from "@svc/sdk";
import { BaseCommand } from "../../base.ts";
import { UsageError } from "../../errors.ts";
import { checkDate, today } from "../../input.ts";
import { MEASUREMENT_FIELDS, measurementText } from "../../measurement-fields.ts";

const NUMBER = /^\s*\d+(\.\d+)?\s*$/;

export default class MeasurementLog extends BaseCommand {
  static summary = "Log your body measurements for a day (logging the same day again replaces that day's entry).";
  static description =
    "Body fat in percent (above 0, at most 80); lengths in your length unit (`svc settings --length-unit`, else cm for kg and in for lb) or --unit: above 0, at most 500 cm (200 in). At most 2 decimals each; give at least one.";
  static examples = [
    "<%= config.bin %> measurement log --waist 82.5 --body-fat 18",
    "<%= config.bin %> measurement log --left-upper-arm 14.5 --right-upper-arm 14.75 --unit in --date 2026-03-01",
  ];
  static flags = {
    date: Flags.string({ description: "The day, YYYY-MM-DD (default today)." }),
    unit: Flags.option({
      options: ["cm", "in"] as const,
      description: "Unit of the lengths (default your length unit).",
    })(),
    ...Object.fromEntries(
      MEASUREMENT_FIELDS.map((m) => [
        m.flag,
        Flags.string({ description: m.field === "bodyFat" ? "Body fat, percent." : `${m.label} circumference.` }),
      ]),
    ),
  };
  static enableJsonFlag = true;

  async run(): Promise<Measurement> {
    const { flags } = await this.parse(MeasurementLog);
    const given = flags as Record<string, string | undefined>;
    const input: MeasurementsInput = {
      date: flags.date === undefined ? today() : checkDate(flags.date, "--date"),
      unit: flags.unit ?? null,
    };
    for (const m of MEASUREMENT_FIELDS) {
      const text = given[m.flag];
      if (text === undefined) continue;
      if (!NUMBER.test(text))
        throw new UsageError(`--${m.flag} must be a number like 82.5, not ${JSON.stringify(text)}.`);
      input[m.field] = Number(text);
    }
    if (MEASUREMENT_FIELDS.every((m) => given[m.flag] === undefined))
      throw new UsageError(
        `Give at least one measurement, e.g. --waist 82.5 (${MEASUREMENT_FIELDS.map((m) => `--${m.flag}`).join(", ")}).`,
      );
    const { client } = await this.client();
    const logged = await this.spin("Logging", client.logMeasurements(input));
    const said = MEASUREMENT_FIELDS.filter((m) => logged[m.field] != null).map(
      (m) => `${m.label.toLowerCase()} ${measurementText(m.field, logged[m.field]!, logged.unit)}`,
    );
    this.log(`Logged ${said.join(", ")} for ${logged.date}.`);
    return logged;
  }
}
