import { Args, Flags } from "@oclif/core";
import type { JsonObject, WorkoutApplied } from "@svc/sdk";
import { BaseCommand, effortFlag } from "../../base.ts";
import { loadDocument, checked, requireObject, tooLarge } from "../../input.ts";

export default class WorkoutApply extends BaseCommand {
  static summary = "Log or replace a workout from a document (a file, or - for standard input).";
  static description =
    "A document without `id` logs a new workout; with `id` it replaces that workout. The server checks it against your settings (unit, effort scale); an invalid one prints `path: reason`, exits with 2 and saves nothing. `--dry-run` checks it offline instead. A set that reads as weight and reps swapped (`5x100`) is saved as written, with a warning on standard error. `svc workout schema` prints the JSON Schema.";
  static examples = [
    "<%= config.bin %> workout apply today.json",
    {
      description: "Check a document without saving it",
      command: "<%= config.bin %> workout apply today.json --dry-run",
    },
    { description: "From standard input", command: "cat today.json | svc workout apply -" },
    {
      description: "Check offline a document whose @ ratings are reps in reserve",
      command: "<%= config.bin %> workout apply today.json --dry-run --effort rir",
    },
  ];
  static args = {
    file: Args.string({ description: "Path of a JSON document, or - to read standard input.", required: true }),
  };
  static flags = {
    "dry-run": Flags.boolean({ description: "Only validate, offline; save nothing." }),
    effort: effortFlag(
      "With --dry-run: the scale of @ ratings when the document has no `effort` (default rpe; when applying, the server uses your setting).",
    ),
  };
  static enableJsonFlag = true;

  async run(): Promise<WorkoutApplied | { valid: true; document: JsonObject }> {
    const { args, flags } = await this.parse(WorkoutApply);
    const loaded = await loadDocument(args.file);
    const { source, document } = loaded;
    const { validateWorkoutDocument, likelySwappedSets, REASONS } = await import("@svc/sdk/documents");
    requireObject(document, REASONS.object);
    if (flags["dry-run"]) {
      // Offline there are no account settings: a document without `effort` is read on --effort.
      const canonical = checked(validateWorkoutDocument(document, { effort: flags.effort }));
      this.warnSwapped(likelySwappedSets(document), document);
      this.log(
        `${source} is a valid workout document (dry run: nothing saved). Exercise names and the routine are checked when it is applied.`,
      );
      return { valid: true, document: canonical as JsonObject };
    }
    const { client } = await this.client();
    const result = await this.spin("Saving the workout", client.applyWorkoutDocument(document)).catch((error) => {
      throw tooLarge(error, loaded, "A workout holds at most 100 exercises and 500 sets: split it.");
    });
    this.warnSwapped(likelySwappedSets(document), document);
    const w = result.workout;
    this.log(`${result.created ? "Logged" : "Replaced"} workout ${w.name ? `${w.name} ` : ""}on ${w.date} (${w.id}).`);
    return result;
  }

  /** One line on standard error per set that reads as weight and reps swapped. */
  private warnSwapped(sets: { path: string; text: string; weight: number; reps: number }[], document: unknown): void {
    const unit = (document as { unit?: unknown }).unit;
    const of = (n: number) => (unit === "kg" || unit === "lb" ? `${n} ${unit}` : `${n}`);
    for (const s of sets) {
      this.note(
        `Warning: ${s.path} ${JSON.stringify(s.text)} reads as ${of(s.weight)} for ${s.reps} reps; if you meant ${of(s.reps)} for ${s.weight} reps, write ${s.reps}x${s.weight}.`,
      );
    }
  }
}
