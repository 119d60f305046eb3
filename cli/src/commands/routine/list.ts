import type { RoutineSummary } from "@svc/sdk";
import { BaseCommand } from "../../base.ts";
import { table } from "../../output.ts";

export default class RoutineList extends BaseCommand {
  static summary = "List your routines.";
  static description =
    "A routine's name (any case), its id or any unique id prefix (4 characters or more) works with `svc routine show`, `next` and `delete`.";
  static examples = ["<%= config.bin %> routine list", "<%= config.bin %> routine list --json"];
  static enableJsonFlag = true;

  async run(): Promise<RoutineSummary[]> {
    await this.parse(RoutineList);
    const { client } = await this.client();
    const routines = await this.spin("Loading routines", client.routines());
    if (!routines.length) {
      this.log("No routines yet. Create one with `svc routine apply <file>` (see `svc routine schema`).");
      return routines;
    }
    this.log(
      table(routines, [
        { header: "NAME", get: (r) => r.name },
        { header: "ID", get: (r) => r.id },
      ]),
    );
    return routines;
  }
}
