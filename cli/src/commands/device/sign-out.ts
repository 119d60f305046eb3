import { Args, Flags } from "@oclif/core";
import { confirm, requireConsent, yesFlag } from "../../confirm.ts";
import { BaseCommand } from "../../base.ts";
import { forgetInstance } from "../../credentials.ts";
import { UsageError } from "../../errors.ts";
import { counted } from "../../output.ts";

export default class DeviceSignOut extends BaseCommand {
  static summary = "Sign out one of your devices at once, or every other one with --others.";
  static description =
    "The device must sign in again. A browser may keep showing a cached session for up to five minutes. --others keeps only this one (for example after losing a phone). Asks first on a terminal; --yes skips the question (and is needed where svc cannot ask).";
  static examples = [
    "<%= config.bin %> device sign-out 9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
    { description: "Sign out everywhere but here", command: "<%= config.bin %> device sign-out --others" },
    { description: "From a script", command: "<%= config.bin %> device sign-out --others --yes" },
  ];
  static args = { id: Args.string({ description: "The session's id (see `svc device list`)." }) };
  static flags = {
    others: Flags.boolean({ description: "Sign out every device but this one." }),
    yes: yesFlag,
  };
  static enableJsonFlag = true;

  async run(): Promise<{ signedOut: number } | { signedOut: string; current: boolean }> {
    const { args, flags } = await this.parse(DeviceSignOut);
    if (flags.others && args.id) throw new UsageError("Give a device id or --others, not both.");
    if (!flags.others && !args.id)
      throw new UsageError(
        "Give the id of the device to sign out (see `svc device list`), or --others for every other device.",
      );
    requireConsent(flags.yes, flags.others ? "sign out the other devices" : "sign out a device");
    const { client, resolved } = await this.client();
    if (flags.others) {
      await confirm(flags.yes, "Sign out every other device? Each must sign in again.");
      const count = await this.spin("Signing out the other devices", client.signOutOtherSessions());
      this.log(count === 0 ? "No other device was signed in." : `Signed out ${counted(count, "other device")}.`);
      return { signedOut: count };
    }
    const id = args.id!;
    const sessions = await client.sessions();
    const current = sessions.find((s) => s.current);
    const device = sessions.find((s) => s.id === id.toLowerCase());
    await confirm(
      flags.yes,
      `Sign out ${device?.current ? "this device" : device ? device.client : "the device"} (${id})?`,
    );
    await this.spin("Signing out", client.signOutSession(id));
    const self = current?.id === id.toLowerCase();
    if (self && resolved.url && resolved.auth === "session") forgetInstance(resolved.url);
    this.log(self ? `Signed out this device (${id}); run \`svc login\` to sign in again.` : `Signed out device ${id}.`);
    return { signedOut: id, current: self };
  }
}
