import { Args } from "@oclif/core";
import type { AdminUser } from "@svc/sdk";
import { BaseCommand } from "../../../base.ts";
import { table, when } from "../../../output.ts";

export default class AdminUserList extends BaseCommand {
  static summary = "List users, or find them by words of their name or email (admins only, with a signed-in session).";
  static description =
    "Oldest account first. The id or the email works with `svc admin ban` and `svc admin unban`. A ban whose end has passed no longer applies (it shows as ended).";
  static examples = [
    "<%= config.bin %> admin user list",
    "<%= config.bin %> admin user list ada",
    "<%= config.bin %> admin user list @example.com --json",
  ];
  static strict = false;
  static args = {
    words: Args.string({ description: "Words the name or email contains (any case); all users without them." }),
  };
  static enableJsonFlag = true;

  async run(): Promise<AdminUser[]> {
    const { argv } = await this.parse(AdminUserList);
    const words = (argv as string[]).join(" ").trim();
    const { client } = await this.client();
    const users = await this.spin("Loading users", client.admin.users(words || undefined));
    if (!users.length) {
      this.log(words ? `No user's name or email contains ${JSON.stringify(words)}.` : "No users.");
      return users;
    }
    const now = Date.now();
    const ban = (u: (typeof users)[number]) => {
      if (!u.banned) return "";
      if (u.banExpires && new Date(u.banExpires).getTime() <= now) return `ended ${when(u.banExpires)}`;
      return `${u.banExpires ? `until ${when(u.banExpires)}` : "no end"}${u.banReason ? `: ${u.banReason}` : ""}`;
    };
    this.log(
      table(users, [
        { header: "ID", get: (u) => u.id },
        { header: "NAME", get: (u) => u.name },
        { header: "EMAIL", get: (u) => u.email },
        { header: "ROLE", get: (u) => u.role },
        { header: "CREATED", get: (u) => when(u.createdAt) },
        { header: "BANNED", get: ban },
      ]),
    );
    return users;
  }
}
