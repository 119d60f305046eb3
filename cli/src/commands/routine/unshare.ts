import { Args } from "@oclif/core";
import { BaseCommand } from "../../base.ts";
import { CliError } from "../../errors.ts";
import { isUuid } from "../../input.ts";

export default class RoutineUnshare extends BaseCommand {
  static summary = "Revoke a share link, by its id.";
  static description =
    "The link stops working at once (it opens nothing for anyone). Routines others already added from it stay theirs. `svc routine shares` lists your links' ids.";
  static examples = ["<%= config.bin %> routine unshare 0b9c2d4e-8c1f-4f55-9a3e-2b1d5c7e9f10"];
  static args = {
    id: Args.string({ description: "The share link's id (from `svc routine shares`).", required: true }),
  };
  static enableJsonFlag = true;

  async run(): Promise<{ revoked: string }> {
    const { args } = await this.parse(RoutineUnshare);
    const { client } = await this.client();
    const id = args.id.trim().toLowerCase();
    if (!isUuid(id))
      throw new CliError(`${JSON.stringify(args.id)} is not a share link id. See \`svc routine shares\`.`);
    await this.spin("Revoking the link", client.revokeRoutineShare(id)).catch((error: Error) => {
      if (error.name === "NotFoundError")
        throw new CliError(`You have no share link ${id}. See \`svc routine shares\`.`);
      throw error;
    });
    this.log(`Revoked share link ${id}.`);
    return { revoked: id };
  }
}
