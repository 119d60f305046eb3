import type { User } from "@svc/sdk";
import { BaseCommand } from "../base.ts";
import { NotSignedInError } from "../errors.ts";

export default class Whoami extends BaseCommand {
  static summary = "Show who you are signed in as, and where.";
  static examples = ["svc whoami", "svc whoami --json"];
  static enableJsonFlag = true;

  async run(): Promise<{ url: string; auth: "session" | "api-key"; user: User }> {
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
    this.out(`${viewer.name} <${viewer.email}> on ${resolved.url}`);
    this.out(
      `Signed in with ${via === "session" ? "a session" : resolved.auth === "SVC_API_KEY" ? "an API key (SVC_API_KEY)" : "an API key"}; role ${viewer.role}; unit ${viewer.unit}; effort ${viewer.effort.toUpperCase()}.`,
    );
    return { url: resolved.url!, auth: via, user: viewer };
  }
}
