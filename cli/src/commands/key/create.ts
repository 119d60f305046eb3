import { Flags } from "@oclif/core";
import type { CreatedApiKey } from "@svc/sdk";
import { BaseCommand } from "../../base.ts";
import { yellow } from "../../output.ts";

const ACCESS = { "read-only": "READ_ONLY", "read-write": "READ_WRITE" } as const;
const EXPIRES = { "30d": "DAYS_30", "90d": "DAYS_90", "1y": "YEAR_1", never: "NEVER" } as const;

export default class KeyCreate extends BaseCommand {
  static summary = "Create a personal API key; the full key is printed once.";
  static description =
    "Read-only keys can only run queries; read-write keys can also make changes. A key works only on the GraphQL API, never for key, device or admin operations. Use it with `svc login --with-token` or SVC_API_KEY.";
  static examples = [
    "<%= config.bin %> key create --name backup-script --access read-only --expires 90d",
    {
      description: "Keep only the key (for a script)",
      command: "<%= config.bin %> key create --name ci --access read-write --expires 30d --json | jq -r .key",
    },
  ];
  static flags = {
    name: Flags.string({ description: "A name to recognise the key by (1 to 80 characters).", required: true }),
    access: Flags.option({
      options: ["read-only", "read-write"] as const,
      description: "What the key may do.",
      required: true,
    })(),
    expires: Flags.option({
      options: ["30d", "90d", "1y", "never"] as const,
      description: "When the key expires.",
      required: true,
    })(),
  };
  static enableJsonFlag = true;

  async run(): Promise<CreatedApiKey> {
    const { flags } = await this.parse(KeyCreate);
    const { client } = await this.client();
    const created = await this.spin(
      "Creating the key",
      client.createApiKey({
        name: flags.name,
        access: ACCESS[flags.access],
        expiresIn: EXPIRES[flags.expires],
      }),
    );
    this.note(yellow("Store this key now: it is shown only once and cannot be retrieved later.", process.stderr));
    if (this.jsonEnabled()) return created;
    this.log(created.key);
    this.note(
      `Created key ${created.apiKey.name} (${created.apiKey.id}), ${flags.access}, ${flags.expires === "never" ? "never expires" : `expires ${created.apiKey.expiresAt}`}.`,
    );
    return created;
  }
}
