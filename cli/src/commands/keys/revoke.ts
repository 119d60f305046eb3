import { Args } from "@oclif/core";
import { BaseCommand, jsonFlag } from "../../base.ts";

export default class KeysRevoke extends BaseCommand {
  static summary = "Revoke (delete) an API key at once.";
  static examples = ["svc keys revoke 6f1d2c3b-4a59-4e8f-9a0b-1c2d3e4f5a6b"];
  static args = { id: Args.string({ description: "The key's id (see `svc keys list`).", required: true }) };
  static flags = { json: jsonFlag };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(KeysRevoke);
    const { client } = await this.client();
    await this.spin("Revoking", client.revokeApiKey(args.id));
    if (flags.json) return this.outJson({ revoked: args.id });
    this.out(`Revoked key ${args.id}; requests with it are now answered as signed out.`);
  }
}
