import { Args } from "@oclif/core";
import type { Change } from "@svc/sdk";
import { BaseCommand } from "../base.ts";

export default class Undo extends BaseCommand {
  static summary = "Undo a change listed by `svc history`: what it changed comes back as it was.";
  static description =
    "A deleted routine, workout, bodyweight or body measurement comes back (a routine or workout under its old id, a bodyweight on its date), an edited one returns to what it was before, a created one is deleted. The Undo is itself a change, listed and undoable in turn.";
  static examples = ["<%= config.bin %> undo 42"];
  static args = {
    id: Args.string({ description: "The change's id (the ID column of `svc history`).", required: true }),
  };
  static enableJsonFlag = true;

  async run(): Promise<Change> {
    const { args } = await this.parse(Undo);
    const { client } = await this.client();
    const change = await this.spin("Undoing", client.undoChange(args.id));
    this.log(`${change.summary} (change ${change.id}).`);
    return change;
  }
}
