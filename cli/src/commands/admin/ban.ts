import { Args, Flags } from "@oclif/core";
import type { UserRecord } from "@svc/sdk";
import { BaseCommand } from "../../base.ts";
import { confirm, requireConsent, yesFlag } from "../../confirm.ts";
import { parseExpiry, DURATION_FORMS } from "../../duration.ts";
import { resolveUserId } from "../../refs.ts";
import { when } from "../../output.ts";

export default class AdminBan extends BaseCommand {
  static summary = "Ban a user, by email or id (admins only, with a signed-in session).";
  static description = `Ends all the user's sessions; their API keys answer as signed out while the ban lasts. The user is told the reason and the end when they try to sign in. Without --expires-in (or with never) the ban has no end. --expires-in takes ${DURATION_FORMS}. Asks first on a terminal; --yes skips the question (and is needed where svc cannot ask).`;
  static examples = [
    "<%= config.bin %> admin ban spammer@example.com --reason spam",
    {
      description: "A ban that lifts itself after a week",
      command: "<%= config.bin %> admin ban 1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f --expires-in 7d",
    },
    { description: "From a script", command: "<%= config.bin %> admin ban spammer@example.com --reason spam --yes" },
  ];
  static args = {
    user: Args.string({ description: "The user's email or id (see `svc admin user list`).", required: true }),
  };
  static flags = {
    reason: Flags.string({ description: "Why (shown to the user when they try to sign in, and to admins)." }),
    "expires-in": Flags.string({ description: "Lift the ban after this long: 12h, 7d, 2w, 1y or never." }),
    yes: yesFlag,
  };
  static enableJsonFlag = true;

  async run(): Promise<{ user: UserRecord }> {
    const { args, flags } = await this.parse(AdminBan);
    const banExpiresIn = flags["expires-in"] === undefined ? null : parseExpiry(flags["expires-in"], "--expires-in");
    requireConsent(flags.yes, "ban a user");
    const { client } = await this.client();
    const userId = await resolveUserId(client, args.user);
    await confirm(flags.yes, `Ban ${args.user.trim()} and end all their sessions?`);
    const { user } = await this.spin(
      "Banning",
      client.admin.banUser({
        userId,
        ...(flags.reason === undefined ? {} : { banReason: flags.reason }),
        ...(banExpiresIn === null ? {} : { banExpiresIn }),
      }),
    );
    this.log(
      `Banned ${user.name} <${user.email}> ${user.banExpires ? `until ${when(user.banExpires)}` : "with no end"}${user.banReason ? ` (reason: ${user.banReason})` : ""}.`,
    );
    return { user };
  }
}
