import { Args } from "@oclif/core";
import { confirm, requireConsent, yesFlag } from "../../confirm.ts";
import type { Bodyweight } from "@svc/sdk";
import { BaseCommand } from "../../base.ts";
import { CliError, UsageError } from "../../errors.ts";
import { checkDate, isUuid } from "../../input.ts";

export default class BodyweightDelete extends BaseCommand {
  static summary = "Delete a logged bodyweight, by its day (or its id).";
  static description = "Asks first on a terminal; --yes skips the question (and is needed where svc cannot ask).";
  static examples = [
    "<%= config.bin %> bodyweight delete 2026-03-01",
    "<%= config.bin %> bodyweight delete 2026-03-01 --yes --json",
  ];
  static args = {
    day: Args.string({
      description: "The day (YYYY-MM-DD) or the entry's id (see `svc bodyweight list --json`).",
      required: true,
    }),
  };
  static flags = { yes: yesFlag };
  static enableJsonFlag = true;

  async run(): Promise<{ deleted: Bodyweight }> {
    const { args, flags } = await this.parse(BodyweightDelete);
    requireConsent(flags.yes, "delete a bodyweight");
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
    await confirm(flags.yes, date ? `Delete the bodyweight of ${date}?` : `Delete the bodyweight ${id}?`);
    const deleted = await this.spin("Deleting", client.deleteBodyweight(id));
    this.log(`Deleted the bodyweight of ${deleted.date} (${deleted.weight} ${deleted.unit}).`);
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
