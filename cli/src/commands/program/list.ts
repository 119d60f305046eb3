import type { ProgramTemplate } from "@svc/sdk";
import { BaseCommand } from "../../base.ts";
import { table } from "../../output.ts";

export default class ProgramList extends BaseCommand {
  static summary = "List the built-in programs you can start.";
  static description =
    "Each program's slug (what `svc program start` takes), name, days and the lifts it needs a weight for: a training max in 5/3/1, the first work weight in the others. --json prints every template whole, its days as routine documents.";
  static examples = ["<%= config.bin %> program list", "<%= config.bin %> program list --json"];
  static enableJsonFlag = true;

  async run(): Promise<ProgramTemplate[]> {
    await this.parse(ProgramList);
    const { client } = await this.client({ auth: "optional" });
    const templates = await this.spin("Loading programs", client.programLibrary());
    this.log(
      table(templates, [
        { header: "SLUG", get: (t) => t.slug },
        { header: "NAME", get: (t) => t.name },
        { header: "DAYS", get: (t) => t.days.map((d) => String(d.name)).join(", ") },
        {
          header: "INPUTS",
          get: (t) => `${t.inputKind === "trainingMax" ? "training max" : "first weight"}: ${t.inputs.join(", ")}`,
        },
      ]),
    );
    return templates;
  }
}
