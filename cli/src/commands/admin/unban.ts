import { Args } from "@oclif/core";
import { BaseCommand, jsonFlag } from "../../base.ts";
import { isUuid } from "../../input.ts";
import { UsageError } from "../../errors.ts";

export default class AdminUnban extends BaseCommand {
  static summary = "Lift a user's ban (admins only, with a signed-in session).";
  static examples = ["svc admin unban 1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f"];
  static args = { userId: Args.string({ description: "The user's id.", required: true }) };
  static flags = { json: jsonFlag };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(AdminUnban);
    if (!isUuid(args.userId)) throw new UsageError(`${JSON.stringify(args.userId)} is not a user id (a UUID).`);
    const { client } = await this.client();
    const { user } = await this.spin("Lifting the ban", client.admin.unbanUser({ userId: args.userId }));
    if (flags.json) return this.outJson({ user });
    this.out(`Lifted the ban on ${user.name} <${user.email}>.`);
  }
}
