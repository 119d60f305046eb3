import { Args } from "@oclif/core";
import { BaseCommand } from "../../base.ts";

export const DISCONNECT_APP = /* GraphQL */ `
  mutation DisconnectApp($id: String!) { disconnectApp(input: { id: $id }) { id } }`;

export default class AppDisconnect extends BaseCommand {
  static summary = "Disconnect an app: its access ends at once.";
  static description = "The app must be connected again (and approved in the browser) to use your account. Needs your sign-in (`svc login`).";
  /** The topic's plural name, as the issue and older notes write it. */
  static hiddenAliases = ["apps:disconnect"];
  static examples = ["svc app disconnect 9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d"];
  static args = { id: Args.string({ description: "The connection's id (see `svc app list`).", required: true }) };
  static enableJsonFlag = true;

  async run(): Promise<{ disconnected: string }> {
    const { args } = await this.parse(AppDisconnect);
    const { client } = await this.client();
    const data = await this.spin("Disconnecting", client.request<{ disconnectApp: { id: string } }>(DISCONNECT_APP, { id: args.id }));
    this.out(`Disconnected app ${data.disconnectApp.id}.`);
    return { disconnected: data.disconnectApp.id };
  }
}
