import { Flags } from "@oclif/core";
import type { Measurement } from "@svc/sdk";
import { BaseCommand } from "../../base.ts";
import { table } from "../../output.ts";
import { MEASUREMENT_FIELDS, measurementText } from "../../measurement-fields.ts";

export default class MeasurementList extends BaseCommand {
  static summary = "List your logged body measurements, newest first.";
  static description =
    "Lengths shown in your length unit (1 in = 2.54 cm; one logged in the other unit converted to 1 decimal), or in --unit; only the measurements you logged get a column. --json gives each entry as it was logged unless --unit is given.";
  static examples = [
    "<%= config.bin %> measurement list",
    "<%= config.bin %> measurement list --limit 7 --json",
    "<%= config.bin %> measurement list --unit in",
  ];
  static flags = {
    limit: Flags.integer({ description: "At most this many entries (default 30).", min: 1, max: 1000 }),
    unit: Flags.option({ options: ["cm", "in"] as const, description: "Show lengths in this unit." })(),
  };
  static enableJsonFlag = true;

  async run(): Promise<Measurement[]> {
    const { flags } = await this.parse(MeasurementList);
    const { client } = await this.client();
    const { unit, entries: logged } = await this.spin("Loading", client.measurements({ limit: flags.limit ?? 30 }));
    const shown = flags.unit ?? (this.jsonEnabled() ? undefined : unit);
    const entries = shown === "cm" || shown === "in" ? await inUnit(logged, shown) : logged;
    if (!entries.length) {
      this.log("No measurements logged yet. Log some with `svc measurement log --waist 82.5`.");
      return entries;
    }
    const used = MEASUREMENT_FIELDS.filter((m) => entries.some((e) => e[m.field] != null));
    this.log(
      table(entries, [
        { header: "DATE", get: (e) => e.date },
        ...used.map((m) => ({
          header: m.label.toUpperCase(),
          get: (e: Measurement) => (e[m.field] == null ? "" : measurementText(m.field, e[m.field]!, e.unit)),
          align: "right" as const,
        })),
      ]),
    );
    return entries;
  }
}

/** Entries with their lengths in one unit, by the fact rule (body fat unchanged). */
async function inUnit(entries: Measurement[], unit: "cm" | "in"): Promise<Measurement[]> {
  const { factLength, lengthUnitName } = await import("@svc/sdk/weights");
  return entries.map((e) => {
    const from = lengthUnitName(e.unit);
    if (!from || from === unit) return e;
    const converted: Measurement = { ...e, unit };
    for (const m of MEASUREMENT_FIELDS)
      if (m.field !== "bodyFat" && e[m.field] != null) converted[m.field] = factLength(e[m.field]!, from, unit);
    return converted;
  });
}
