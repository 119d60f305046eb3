import type { Session } from "@svc/sdk";
import { BaseCommand } from "../../base.ts";
import { table, when } from "../../output.ts";

export default class DeviceList extends BaseCommand {
  static summary = "List your signed-in devices (browsers and command-line clients).";
  static examples = ["<%= config.bin %> device list", "<%= config.bin %> device list --json"];
  static enableJsonFlag = true;

  async run(): Promise<Session[]> {
    await this.parse(DeviceList);
    const { client } = await this.client();
    const sessions = await this.spin("Loading devices", client.sessions());
    this.log(
      table(sessions, [
        { header: "ID", get: (s) => s.id },
        { header: "DEVICE", get: (s) => (s.current ? `${s.client} (this one)` : s.client) },
        { header: "SIGNED IN", get: (s) => when(s.createdAt) },
        { header: "LAST ACTIVE", get: (s) => when(s.lastActiveAt) },
      ]),
    );
    return sessions;
  }
}
