import type { ApiKey } from "@svc/sdk";
import { BaseCommand } from "../../base.ts";
import { table, when } from "../../output.ts";

export default class KeyList extends BaseCommand {
  static summary = "List your personal API keys (needs a signed-in session, not a key).";
  static examples = ["<%= config.bin %> key list", "<%= config.bin %> key list --json"];
  static enableJsonFlag = true;

  async run(): Promise<ApiKey[]> {
    await this.parse(KeyList);
    const { client } = await this.client();
    const keys = await this.spin("Loading keys", client.apiKeys());
    if (!keys.length) {
      this.log("No API keys. Create one with `svc key create --name <name> --access read-only --expires 90d`.");
      return keys;
    }
    this.log(
      table(keys, [
        { header: "ID", get: (k) => k.id },
        { header: "NAME", get: (k) => k.name },
        { header: "KEY", get: (k) => `${k.start}...` },
        {
          header: "ACCESS",
          get: (k) =>
            (({ read_only: "read only", read_write: "read and write" }) as Record<string, string>)[
              k.access.toLowerCase()
            ] ?? k.access,
        },
        { header: "CREATED", get: (k) => when(k.createdAt) },
        { header: "LAST USED", get: (k) => (k.lastUsedAt ? when(k.lastUsedAt) : "never") },
        {
          header: "EXPIRES",
          get: (k) => (k.expired ? `expired ${when(k.expiresAt)}` : k.expiresAt ? when(k.expiresAt) : "never"),
        },
      ]),
    );
    return keys;
  }
}
