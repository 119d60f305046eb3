import type { ConnectedApp } from "@svc/sdk";
import { BaseCommand } from "../../base.ts";
import { table, when } from "../../output.ts";

export default class AppList extends BaseCommand {
  static summary = "List the apps (AI assistants through MCP) connected to your account.";
  static description = "Needs your sign-in (`svc login`); an API key cannot see connected apps.";
  /** The topic's plural name, as the issue and older notes write it. */
  static examples = ["<%= config.bin %> app list", "<%= config.bin %> app list --json"];
  static enableJsonFlag = true;

  async run(): Promise<ConnectedApp[]> {
    await this.parse(AppList);
    const { client } = await this.client();
    const apps = await this.spin("Loading connected apps", client.connectedApps());
    if (!apps.length) this.log("No connected apps.");
    else {
      this.log(
        table(apps, [
          { header: "ID", get: (a) => a.id },
          { header: "APP", get: (a) => a.clientName },
          { header: "RETURNS TO", get: (a) => a.redirectHost },
          { header: "ACCESS", get: (a) => (a.access === "READ_WRITE" ? "read and write" : "read only") },
          { header: "CONNECTED", get: (a) => when(a.createdAt) },
          { header: "LAST USED", get: (a) => (a.lastUsedAt ? when(a.lastUsedAt) : "never") },
        ]),
      );
    }
    return apps;
  }
}
