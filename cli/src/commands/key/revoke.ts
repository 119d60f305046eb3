import { Args } from "@oclif/core";
import { confirm, requireConsent, yesFlag } from "../../confirm.ts";
import { BaseCommand } from "../../base.ts";
import { resolveKey, SHORT_ID } from "../../refs.ts";

export default class KeyRevoke extends BaseCommand {
  static summary = "Revoke (delete) an API key at once, by name, id or id prefix.";
  static description =
    "Requests with it are answered as signed out from then on. Asks first on a terminal; --yes skips the question (and is needed where svc cannot ask).";
  static examples = [
    "<%= config.bin %> key revoke backup-script",
    "<%= config.bin %> key revoke 6f1d2c3b",
    {
      description: "From a script",
      command: "<%= config.bin %> key revoke 6f1d2c3b-4a59-4e8f-9a0b-1c2d3e4f5a6b --yes",
    },
  ];
  static args = {
    key: Args.string({
      description: "The key's name (any case), id, or the first characters of its id (see `svc key list`).",
      required: true,
    }),
  };
  static flags = { yes: yesFlag };
  static enableJsonFlag = true;

  async run(): Promise<{ revoked: string; name: string }> {
    const { args, flags } = await this.parse(KeyRevoke);
    requireConsent(flags.yes, "revoke a key");
    const { client } = await this.client();
    const key = await resolveKey(client, args.key);
    await confirm(
      flags.yes,
      `Revoke the key ${key.name} (${key.id.slice(0, SHORT_ID)})? Scripts using it stop working.`,
    );
    await this.spin("Revoking", client.revokeApiKey(key.id));
    this.log(`Revoked key ${key.name} (${key.id}); requests with it are now answered as signed out.`);
    return { revoked: key.id, name: key.name };
  }
}
