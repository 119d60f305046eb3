import { Args } from "@oclif/core";
import { BaseCommand } from "../../base.ts";
import { resolveKey } from "../../refs.ts";

export default class KeyRevoke extends BaseCommand {
  static summary = "Revoke (delete) an API key at once, by name, id or id prefix.";
  /** Its name when the topic was plural. */
  static hiddenAliases = ["keys:revoke"];
  static examples = ["svc key revoke backup-script", "svc key revoke 6f1d2c3b", "svc key revoke 6f1d2c3b-4a59-4e8f-9a0b-1c2d3e4f5a6b"];
  static args = { key: Args.string({ description: "The key's name (any case), id, or the first characters of its id (see `svc key list`).", required: true }) };
  static enableJsonFlag = true;

  async run(): Promise<{ revoked: string; name: string }> {
    const { args } = await this.parse(KeyRevoke);
    const { client } = await this.client();
    const key = await resolveKey(client, args.key);
    await this.spin("Revoking", client.revokeApiKey(key.id));
    this.out(`Revoked key ${key.name} (${key.id}); requests with it are now answered as signed out.`);
    return { revoked: key.id, name: key.name };
  }
}
