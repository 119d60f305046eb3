import { Flags } from "@oclif/core";
import type { Bodyweight, Unit } from "@svc/sdk";
import { BaseCommand, unitFlag } from "../../base.ts";
import { table } from "../../output.ts";

export default class BodyweightList extends BaseCommand {
  static summary = "List your logged bodyweights, newest first.";
  static description =
    "Shown in your unit (1 lb = 0.45359237 kg, 2 decimals), or in --unit; --json gives each entry as it was logged unless --unit is given.";
  static examples = [
    "<%= config.bin %> bodyweight list",
    "<%= config.bin %> bodyweight list --limit 7 --json",
    "<%= config.bin %> bodyweight list --unit lb",
  ];
  static flags = {
    limit: Flags.integer({ description: "At most this many entries (default 30).", min: 1, max: 1000 }),
    unit: unitFlag(),
  };
  static enableJsonFlag = true;

  async run(): Promise<Bodyweight[]> {
    const { flags } = await this.parse(BodyweightList);
    const { client } = await this.client();
    const logged = await this.spin("Loading", client.bodyweights({ limit: flags.limit ?? 30 }));
    // People read one unit (theirs unless asked); the data keeps each entry's own.
    const shown = flags.unit ?? (!this.jsonEnabled() && logged.length ? (await client.viewer())?.unit : undefined);
    const entries = await inUnit(logged, this.unit(shown ?? undefined));
    if (!entries.length) {
      this.log("No bodyweights logged yet. Log one with `svc bodyweight log <weight>`.");
      return entries;
    }
    this.log(
      table(entries, [
        { header: "DATE", get: (b) => b.date },
        { header: "WEIGHT", get: (b) => `${b.weight} ${b.unit}`, align: "right" },
      ]),
    );
    return entries;
  }
}

/** Bodyweights in one unit, to 2 decimals as the server converts (unchanged without one). */
async function inUnit(entries: Bodyweight[], unit: Unit | undefined): Promise<Bodyweight[]> {
  if (!unit) return entries;
  const { convertWeight } = await import("@svc/sdk/documents");
  return entries.map((b) =>
    b.unit === unit ? b : { ...b, weight: convertWeight(b.weight, b.unit as Unit, unit), unit },
  );
}
