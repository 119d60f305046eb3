import type { User } from "@svc/sdk";
import { BaseCommand } from "../base.ts";
import { NotSignedInError } from "../errors.ts";

export default class Whoami extends BaseCommand {
  static summary = "Show who you are signed in as, and where.";
  static examples = ["<%= config.bin %> whoami", "<%= config.bin %> whoami --json"];
  static enableJsonFlag = true;

  async run(): Promise<{ url: string; auth: "session" | "api-key"; readOnly: boolean; user: User }> {
    await this.parse(Whoami);
    const { client, resolved } = await this.client();
    const viewer = await this.spin("Checking", client.viewer());
    if (!viewer) {
      throw new NotSignedInError(
        resolved.auth === "SVC_API_KEY"
          ? `${resolved.url} did not accept SVC_API_KEY (unknown, revoked or expired, or its owner is banned).`
          : `The saved credentials for ${resolved.url} are no longer valid.`,
      );
    }
    const via = resolved.auth === "session" ? "session" : "api-key";
    const readOnly = via === "api-key" && (await client.readOnly()) === true;
    const key = `${readOnly ? "a read-only" : "an"} API key${resolved.auth === "SVC_API_KEY" ? " (SVC_API_KEY)" : ""}`;
    this.log(`${viewer.name} <${viewer.email}> on ${resolved.url}`);
    this.log(
      `Signed in with ${via === "session" ? "a session" : key}; role ${viewer.role}; unit ${viewer.unit}; effort ${viewer.effort.toUpperCase()}.`,
    );
    if (readOnly) this.log("This key can read but not save: commands that change anything are refused (exit 4).");
    return { url: resolved.url!, auth: via, readOnly, user: viewer };
  }
}
