import { Args, Flags } from "@oclif/core";
import { BaseCommand, jsonFlag } from "../../base.ts";
import { parseDuration, isUuid } from "../../input.ts";
import { UsageError } from "../../errors.ts";
import { when } from "../../output.ts";

export default class AdminBan extends BaseCommand {
  static summary = "Ban a user (admins only, with a signed-in session).";
  static description = "Ends all the user's sessions; their API keys answer as signed out while the ban lasts. Without --expires-in the ban has no end.";
  static examples = [
    "svc admin ban 1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f --reason spam",
    { description: "A ban that lifts itself after a week", command: "svc admin ban 1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f --expires-in 7d" },
  ];
  static args = { userId: Args.string({ description: "The user's id.", required: true }) };
  static flags = {
    reason: Flags.string({ description: "Why (shown to admins)." }),
    "expires-in": Flags.string({ description: "Lift the ban after this long: 12h, 7d, 2w, 1y ..." }),
    json: jsonFlag,
  };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(AdminBan);
    const banExpiresIn = flags["expires-in"] === undefined ? undefined : parseDuration(flags["expires-in"], "--expires-in");
    if (!isUuid(args.userId)) throw new UsageError(`${JSON.stringify(args.userId)} is not a user id (a UUID).`);
    const { client } = await this.client();
    const { user } = await this.spin("Banning", client.admin.banUser({
      userId: args.userId,
      ...(flags.reason === undefined ? {} : { banReason: flags.reason }),
      ...(banExpiresIn === undefined ? {} : { banExpiresIn }),
    }));
    if (flags.json) return this.outJson({ user });
    this.out(`Banned ${user.name} <${user.email}> ${user.banExpires ? `until ${when(user.banExpires)}` : "with no end"}${user.banReason ? ` (reason: ${user.banReason})` : ""}.`);
  }
}
