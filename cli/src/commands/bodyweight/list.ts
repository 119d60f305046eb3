import { Flags } from "@oclif/core";
import type { Bodyweight, Unit } from "@svc/sdk";
import { BaseCommand, unitFlag } from "../../base.ts";
import { table } from "../../output.ts";

export default class BodyweightList extends BaseCommand {
  static summary = "List your logged bodyweights, newest first.";
  static description =
    "Each entry keeps the unit it was logged in; --unit shows them all in one unit (1 lb = 0.45359237 kg, 2 decimals).";
  static examples = ["svc bodyweight list", "svc bodyweight list --limit 7 --json", "svc bodyweight list --unit lb"];
  static flags = {
    limit: Flags.integer({ description: "At most this many entries (default 30).", min: 1, max: 1000 }),
    unit: unitFlag(),
  };
  static enableJsonFlag = true;

  async run(): Promise<Bodyweight[]> {
    const { flags } = await this.parse(BodyweightList);
    const { client } = await this.client();
    const entries = await inUnit(
      await this.spin("Loading", client.bodyweights({ limit: flags.limit ?? 30 })),
      this.unit(flags.unit),
    );
    if (!entries.length) {
      this.out("No bodyweights logged yet. Log one with `svc bodyweight log <weight>`.");
      return entries;
    }
    this.out(
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
