import { Args, Flags } from "@oclif/core";
import { BaseCommand, jsonFlag } from "../../base.ts";
import { loadDocument, checked } from "../../input.ts";

export default class WorkoutApply extends BaseCommand {
  static summary = "Log or replace a workout from a document (a file, or - for standard input).";
  static description = "A document without `id` logs a new workout; with `id` it replaces that workout. The server checks it against your settings (unit, effort scale); an invalid one prints `path: reason`, exits with 2 and saves nothing. `--dry-run` checks it offline instead. `svc workout schema` prints the JSON Schema.";
  static examples = [
    "svc workout apply today.json",
    { description: "Check a document without saving it", command: "svc workout apply today.json --dry-run" },
    { description: "From standard input", command: "cat today.json | svc workout apply -" },
    { description: "Check offline a document whose @ ratings are reps in reserve", command: "svc workout apply today.json --dry-run --effort rir" },
  ];
  static args = { file: Args.string({ description: "Path of a JSON document, or - to read standard input.", required: true }) };
  static flags = {
    "dry-run": Flags.boolean({ description: "Only validate, offline; save nothing." }),
    effort: Flags.string({
      options: ["rpe", "rir"],
      description: "With --dry-run: the scale of @ ratings when the document has no `effort` (default rpe; when applying, the server uses your setting).",
    }),
    json: jsonFlag,
  };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(WorkoutApply);
    const { source, document } = await loadDocument(args.file);
    if (flags["dry-run"]) {
      // Offline there are no account settings: a document without `effort` is read on --effort.
      const { validateWorkoutDocument } = await import("@svc/sdk/documents");
      const canonical = checked(validateWorkoutDocument(document, { effort: flags.effort as "rpe" | "rir" | undefined }));
      if (flags.json) return this.outJson({ valid: true, document: canonical });
      return this.out(`${source} is a valid workout document (dry run: nothing saved). Exercise names and the routine are checked when it is applied.`);
    }
    const { client } = await this.client();
    const result = await this.spin("Saving the workout", client.applyWorkoutDocument(document));
    if (flags.json) return this.outJson(result);
    const w = result.workout;
    this.out(`${result.created ? "Logged" : "Replaced"} workout ${w.name ? `${w.name} ` : ""}on ${w.date} (${w.id}).`);
  }
}
