import { Args } from "@oclif/core";
import type { Bodyweight } from "@svc/sdk";
import { BaseCommand } from "../../base.ts";
import { CliError, UsageError } from "../../errors.ts";
import { checkDate, isUuid } from "../../input.ts";

export default class BodyweightDelete extends BaseCommand {
  static summary = "Delete a logged bodyweight, by its day (or its id).";
  static examples = ["svc bodyweight delete 2026-03-01", "svc bodyweight delete 2026-03-01 --json"];
  static args = { day: Args.string({ description: "The day (YYYY-MM-DD) or the entry's id (see `svc bodyweight list --json`).", required: true }) };
  static enableJsonFlag = true;

  async run(): Promise<{ deleted: Bodyweight }> {
    const { args } = await this.parse(BodyweightDelete);
    const given = args.day.trim();
    const byId = isUuid(given);
    const date = byId ? undefined : checkDateArg(given);
    const { client } = await this.client();
    let id = byId ? given.toLowerCase() : undefined;
    if (!id) {
      // One entry per day; the newest thousand cover years of daily logging.
      const entry = (await client.bodyweights({ limit: 1000 })).find((b) => b.date === date);
      if (!entry) throw new CliError(`No bodyweight logged for ${date}. See \`svc bodyweight list\`.`);
      id = entry.id;
    }
    const deleted = await this.spin("Deleting", client.deleteBodyweight(id));
    this.out(`Deleted the bodyweight of ${deleted.date} (${deleted.weight} ${deleted.unit}).`);
    return { deleted };
  }
}

function checkDateArg(value: string): string {
  try {
    return checkDate(value, "The day");
  } catch (error) {
    throw new UsageError(`${(error as Error).message.replace(/\.$/, "")} (or give the entry's id).`);
  }
}
