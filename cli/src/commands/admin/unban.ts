import { Args } from "@oclif/core";
import type { UserRecord } from "@svc/sdk";
import { BaseCommand } from "../../base.ts";
import { resolveUserId } from "../../refs.ts";

export default class AdminUnban extends BaseCommand {
  static summary = "Lift a user's ban, by email or id (admins only, with a signed-in session).";
  static examples = [
    "<%= config.bin %> admin unban spammer@example.com",
    "<%= config.bin %> admin unban 1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f",
  ];
  static args = {
    user: Args.string({ description: "The user's email or id (see `svc admin user list`).", required: true }),
  };
  static enableJsonFlag = true;

  async run(): Promise<{ user: UserRecord }> {
    const { args } = await this.parse(AdminUnban);
    const { client } = await this.client();
    const userId = await resolveUserId(client, args.user);
    const { user } = await this.spin("Lifting the ban", client.admin.unbanUser({ userId }));
    this.log(`Lifted the ban on ${user.name} <${user.email}>.`);
    return { user };
  }
}
