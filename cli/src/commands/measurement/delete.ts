import { Args } from "@oclif/core";
import { confirm, requireConsent, yesFlag } from "../../confirm.ts";
import type { Measurement } from "@svc/sdk";
import { BaseCommand } from "../../base.ts";
import { CliError, UsageError } from "../../errors.ts";
import { checkDate, isUuid } from "../../input.ts";

export default class MeasurementDelete extends BaseCommand {
  static summary = "Delete a day's body measurements, by its day (or the entry's id).";
  static description = "Asks first on a terminal; --yes skips the question (and is needed where svc cannot ask).";
  static examples = [
    "<%= config.bin %> measurement delete 2026-03-01",
    "<%= config.bin %> measurement delete 2026-03-01 --yes --json",
  ];
  static args = {
    day: Args.string({
      description: "The day (YYYY-MM-DD) or the entry's id (see `svc measurement list --json`).",
      required: true,
    }),
  };
  static flags = { yes: yesFlag };
  static enableJsonFlag = true;

  async run(): Promise<{ deleted: Measurement }> {
    const { args, flags } = await this.parse(MeasurementDelete);
    requireConsent(flags.yes, "delete measurements");
    const given = args.day.trim();
    const byId = isUuid(given);
    let date: string | undefined;
    if (!byId) {
      try {
        date = checkDate(given, "The day");
      } catch (error) {
        throw new UsageError(`${(error as Error).message.replace(/\.$/, "")} (or give the entry's id).`);
      }
    }
    const { client } = await this.client();
    let id = byId ? given.toLowerCase() : undefined;
    if (!id) {
      // One entry per day; the newest thousand cover years of measuring.
      const entry = (await client.measurements({ limit: 1000 })).entries.find((m) => m.date === date);
      if (!entry) throw new CliError(`No measurements logged for ${date}. See \`svc measurement list\`.`);
      id = entry.id;
    }
    await confirm(flags.yes, date ? `Delete the measurements of ${date}?` : `Delete the measurements ${id}?`);
    const deleted = await this.spin("Deleting", client.deleteMeasurement(id));
    this.log(`Deleted the measurements of ${deleted.date}.`);
    return { deleted };
  }
}
