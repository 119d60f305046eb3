import { Flags } from "@oclif/core";
import { BaseCommand, jsonFlag } from "../../base.ts";
import { table } from "../../output.ts";

export default class BodyweightList extends BaseCommand {
  static summary = "List your logged bodyweights, newest first.";
  static examples = ["svc bodyweight list", "svc bodyweight list --limit 7 --json"];
  static flags = {
    limit: Flags.integer({ description: "At most this many entries (default 30).", min: 1, max: 1000 }),
    json: jsonFlag,
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(BodyweightList);
    const { client } = await this.client();
    const entries = await this.spin("Loading", client.bodyweights({ limit: flags.limit ?? 30 }));
    if (flags.json) return this.outJson(entries);
    if (!entries.length) return this.out("No bodyweights logged yet. Log one with `svc bodyweight log <weight>`.");
    this.out(table(entries, [
      { header: "DATE", get: (b) => b.date },
      { header: "WEIGHT", get: (b) => `${b.weight} ${b.unit}`, align: "right" },
    ]));
  }
}
