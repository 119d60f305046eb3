import { BaseCommand } from "../../base.ts";
import { table } from "../../output.ts";

type ShareRow = { id: string; routine: string | null; showName: boolean; createdAt: string };

export default class RoutineShares extends BaseCommand {
  static summary = "List your routines' share links.";
  static description =
    "Newest first: each link's id (to revoke it with `svc routine unshare <id>`), its routine and whether it shows your name. A link's address is shown only when it is made.";
  static examples = ["<%= config.bin %> routine shares", "<%= config.bin %> routine shares --json"];
  static enableJsonFlag = true;

  async run(): Promise<ShareRow[]> {
    await this.parse(RoutineShares);
    const { client } = await this.client();
    const shares = await this.spin("Loading share links", client.routineShares());
    const rows = shares.map((s) => ({
      id: s.id,
      routine: s.routine?.name ?? null,
      showName: s.showName,
      createdAt: String(s.createdAt),
    }));
    if (!rows.length) {
      this.log("No share links. Make one with `svc routine share <name>`.");
      return rows;
    }
    this.log(
      table(rows, [
        { header: "ID", get: (r) => r.id },
        { header: "ROUTINE", get: (r) => r.routine ?? "" },
        { header: "NAME SHOWN", get: (r) => (r.showName ? "yes" : "no") },
        { header: "MADE", get: (r) => r.createdAt.slice(0, 10) },
      ]),
    );
    return rows;
  }
}
