import { Args, Flags } from "@oclif/core";
import { BaseCommand } from "../../base.ts";
import { CliError } from "../../errors.ts";
import { resolveRoutine } from "../../refs.ts";

export default class RoutineShare extends BaseCommand {
  static summary = "Make a share link of a routine, by name, id or id prefix.";
  static description =
    "Anyone with the link reads the routine (its exercises, sets, reps and weights) and nothing else of yours; a signed-in user of this server can add it to their routines. Your name shows only with --show-name. The link is printed this once (only its hash is kept): `svc routine shares` lists your links, `svc routine unshare <id>` revokes one.";
  static examples = ["<%= config.bin %> routine share Push", "<%= config.bin %> routine share Push --show-name --json"];
  static args = {
    routine: Args.string({
      description: "Routine name (any case), id, or the first characters of its id.",
      required: true,
    }),
  };
  static flags = {
    "show-name": Flags.boolean({ description: "Show your name on the shared page.", default: false }),
  };
  static enableJsonFlag = true;

  async run(): Promise<{ id: string; url: string; routine: string }> {
    const { args, flags } = await this.parse(RoutineShare);
    const { client } = await this.client();
    const routine = await resolveRoutine(client, args.routine);
    const link = await this.spin(
      "Making the link",
      client.shareRoutine(routine.id, { showName: flags["show-name"] }),
    ).catch((error: Error) => {
      if (error.name === "NotFoundError")
        throw new CliError(`No routine named or with id ${JSON.stringify(args.routine)}. See \`svc routine list\`.`);
      throw error;
    });
    this.log(link.url);
    this.note(
      `The share link of ${routine.name}, shown this once: anyone with it reads the routine. Revoke it with \`svc routine unshare ${link.id}\`.`,
    );
    return { id: link.id, url: link.url, routine: routine.name };
  }
}
