import { Flags } from "@oclif/core";
import type { Change } from "@svc/sdk";
import { BaseCommand } from "../base.ts";
import { table, when } from "../output.ts";

export default class History extends BaseCommand {
  static summary = "List what changed in your routines, workouts, bodyweights and body measurements, newest first.";
  static description =
    "Every save and delete of the last 90 days, from every client (the web app, svc on each host, API keys, connected apps), with a one-line summary. Undo one with `svc undo <id>`.";
  static examples = ["<%= config.bin %> history", "<%= config.bin %> history --limit 50 --json"];
  static flags = {
    limit: Flags.integer({ description: "At most this many changes (default 20).", min: 1, max: 1000 }),
  };
  static enableJsonFlag = true;

  async run(): Promise<Change[]> {
    const { flags } = await this.parse(History);
    const { client } = await this.client();
    const { changes } = await this.spin("Loading", client.history({ first: flags.limit ?? 20 }));
    if (!changes.length) {
      this.log("Nothing changed in the last 90 days.");
      return changes;
    }
    this.log(
      table(changes, [
        { header: "ID", get: (c) => c.id },
        { header: "WHEN", get: (c) => when(c.at) },
        { header: "FROM", get: (c) => c.client },
        { header: "WHAT", get: (c) => (c.undone ? `${c.summary} (undone)` : c.summary) },
      ]),
    );
    return changes;
  }
}
