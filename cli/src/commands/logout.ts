import { BaseCommand } from "../base.ts";
import { forgetInstance, resolve } from "../credentials.ts";
import { CliError } from "../errors.ts";

export default class Logout extends BaseCommand {
  static summary = "Sign out: end this session on the server and forget the saved credentials.";
  static description =
    "Ends the saved session on the server (it disappears from your signed-in devices) and removes it from the credentials file. A saved API key is only forgotten here; revoke it with `svc key revoke <id>`.";
  static examples = [
    "<%= config.bin %> logout",
    { description: "Sign out of another server", command: "SVC_URL=https://other.example.com svc logout" },
  ];

  async run(): Promise<void> {
    await this.parse(Logout);
    const resolved = resolve();
    if (process.env.SVC_API_KEY)
      this.note("Note: SVC_API_KEY is set in the environment; svc keeps using it until you unset it.");
    if (!resolved.url || !resolved.saved) {
      this.log(resolved.url ? `Not signed in to ${resolved.url}.` : "Not signed in.");
      return;
    }
    const { url, saved } = resolved;
    if (saved.kind === "api-key") {
      forgetInstance(url);
      this.log(`Forgot the API key for ${url}. The key itself still works until you revoke it (svc key revoke <id>).`);
      return;
    }
    const client = await this.createSdkClient({ url, token: saved.token });
    try {
      await this.spin("Signing out", client.auth.signOut());
    } catch (error) {
      forgetInstance(url);
      throw new CliError(
        `Forgot the saved session for ${url}, but could not end it on the server: ${(error as Error).message}. Sign it out from another device (svc device sign-out).`,
      );
    }
    forgetInstance(url);
    this.log(`Signed out of ${url}.`);
  }
}
