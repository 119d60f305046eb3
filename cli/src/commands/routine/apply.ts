import { Args, Flags } from "@oclif/core";
import type { JsonObject, RoutineApplied } from "@svc/sdk";
import { BaseCommand } from "../../base.ts";
import { loadDocument, checked, tooLarge } from "../../input.ts";

export default class RoutineApply extends BaseCommand {
  static summary = "Create or replace a routine from a document (a file, or - for standard input).";
  static description =
    "A document without `id` creates a routine; with `id` it replaces that routine (exercises left out are removed). The document is checked offline first; an invalid one prints `path: reason`, exits with 2 and saves nothing. `svc routine schema` prints the JSON Schema.";
  static examples = [
    "<%= config.bin %> routine apply push.json",
    {
      description: "Check a document without saving it",
      command: "<%= config.bin %> routine apply push.json --dry-run",
    },
    {
      description: "Copy a routine's document back unchanged",
      command: "<%= config.bin %> routine show Push --json | <%= config.bin %> routine apply -",
    },
  ];
  static args = {
    file: Args.string({ description: "Path of a JSON document, or - to read standard input.", required: true }),
  };
  static flags = {
    "dry-run": Flags.boolean({ description: "Only validate, offline; save nothing." }),
  };
  static enableJsonFlag = true;

  async run(): Promise<RoutineApplied | { valid: true; document: JsonObject }> {
    const { args, flags } = await this.parse(RoutineApply);
    const loaded = await loadDocument(args.file);
    const { source, document } = loaded;
    const { validateRoutineDocument } = await import("@svc/sdk/documents");
    const canonical = checked(validateRoutineDocument(document));
    if (flags["dry-run"]) {
      this.log(
        `${source} is a valid routine document (dry run: nothing saved). Exercise names are checked when it is applied.`,
      );
      return { valid: true, document: canonical as JsonObject };
    }
    const { client } = await this.client();
    const result = await this.spin("Saving the routine", client.applyRoutineDocument(document)).catch((error) => {
      throw tooLarge(error, loaded, "A routine holds at most 100 exercises.");
    });
    this.log(`${result.created ? "Created" : "Replaced"} routine ${result.routine.name} (${result.routine.id}).`);
    return result;
  }
}
