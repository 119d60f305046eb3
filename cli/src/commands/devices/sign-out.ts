import { Args } from "@oclif/core";
import { BaseCommand, jsonFlag } from "../../base.ts";
import { forgetInstance } from "../../credentials.ts";

export default class DevicesSignOut extends BaseCommand {
  static summary = "Sign out one of your devices at once.";
  static description = "The device must sign in again. A browser may keep showing a cached session for up to five minutes.";
  static examples = ["svc devices sign-out 9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d"];
  static args = { id: Args.string({ description: "The session's id (see `svc devices list`).", required: true }) };
  static flags = { json: jsonFlag };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(DevicesSignOut);
    const { client, resolved } = await this.client();
    const current = (await client.sessions()).find((s) => s.current);
    await this.spin("Signing out", client.signOutSession(args.id));
    const self = current?.id === args.id.toLowerCase();
    if (self && resolved.url && resolved.auth === "session") forgetInstance(resolved.url);
    if (flags.json) return this.outJson({ signedOut: args.id, current: self });
    this.out(self ? `Signed out this device (${args.id}); run \`svc login\` to sign in again.` : `Signed out device ${args.id}.`);
  }
}
