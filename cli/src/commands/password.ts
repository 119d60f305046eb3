import { Flags } from "@oclif/core";
import { BaseCommand } from "../base.ts";
import { UsageError } from "../errors.ts";
import { askHidden, canPrompt, readStdin } from "../prompt.ts";
import { counted } from "../output.ts";

/** The current and the new password: asked on a terminal (the new one twice), or two lines of standard input. */
async function passwords(fromStdin: boolean): Promise<{ currentPassword: string; newPassword: string }> {
  if (fromStdin) {
    if (process.stdin.isTTY)
      throw new UsageError("With --stdin, pipe two lines: the current password, then the new one.");
    const [currentPassword = "", newPassword = ""] = (await readStdin("passwords")).split(/\r?\n/);
    if (!currentPassword || !newPassword)
      throw new UsageError("With --stdin, give two lines: the current password, then the new one.");
    return { currentPassword, newPassword };
  }
  if (!canPrompt()) throw new UsageError("Cannot ask for passwords: standard input is not a terminal. Use --stdin.");
  const currentPassword = await askHidden("Current password");
  const newPassword = await askHidden("New password (at least 8 characters)");
  if ((await askHidden("New password again")) !== newPassword)
    throw new UsageError("The new passwords do not match; nothing was changed.");
  return { currentPassword, newPassword };
}

export default class Password extends BaseCommand {
  static summary = "Change your password; your other devices are signed out.";
  static description =
    "Asks for your current password, then the new one twice (never echoed); --stdin reads two lines instead (current, then new). This session stays signed in; every other signed-in device must sign in again with the new password. API keys and connected apps keep working (see `svc key list`, `svc app list`). Needs a session from `svc login`, not an API key. A wrong current password counts as a failed sign-in.";
  static examples = [
    "<%= config.bin %> password",
    {
      description: "From a script",
      command: 'printf \'%s\\n%s\\n\' "$OLD" "$NEW" | <%= config.bin %> password --stdin',
    },
  ];
  static flags = {
    stdin: Flags.boolean({ description: "Read the current and the new password from standard input (two lines)." }),
  };
  static enableJsonFlag = true;

  async run(): Promise<{ signedOutSessions: number }> {
    const { flags } = await this.parse(Password);
    const { client } = await this.client();
    const input = await passwords(flags.stdin);
    const signedOutSessions = await this.spin("Changing the password", client.changePassword(input));
    this.log(
      `Password changed. ${signedOutSessions === 0 ? "No other device was signed in." : `Signed out ${counted(signedOutSessions, "other device")}.`}`,
    );
    return { signedOutSessions };
  }
}
