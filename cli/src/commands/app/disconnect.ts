import { Args } from "@oclif/core";
import { confirm, requireConsent, yesFlag } from "../../confirm.ts";
import { BaseCommand } from "../../base.ts";

export default class AppDisconnect extends BaseCommand {
  static summary = "Disconnect an app: its access ends at once.";
  static description =
    "The app must be connected again (and approved in the browser) to use your account. Needs your sign-in (`svc login`). Asks first on a terminal; --yes skips the question (and is needed where svc cannot ask).";
  /** The topic's plural name, as the issue and older notes write it. */
  static examples = [
    "<%= config.bin %> app disconnect 9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
    {
      description: "From a script",
      command: "<%= config.bin %> app disconnect 9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d --yes",
    },
  ];
  static args = { id: Args.string({ description: "The connection's id (see `svc app list`).", required: true }) };
  static flags = { yes: yesFlag };
  static enableJsonFlag = true;

  async run(): Promise<{ disconnected: string }> {
    const { args, flags } = await this.parse(AppDisconnect);
    requireConsent(flags.yes, "disconnect an app");
    const { client } = await this.client();
    if (!flags.yes) {
      const app = (await client.connectedApps()).find((a) => a.id === args.id.toLowerCase());
      await confirm(
        flags.yes,
        `Disconnect ${app ? `${app.clientName} (${app.redirectHost})` : "the app"}? It must be connected again to use your account.`,
      );
    }
    const id = await this.spin("Disconnecting", client.disconnectApp(args.id));
    this.log(`Disconnected app ${id}.`);
    return { disconnected: id };
  }
}
