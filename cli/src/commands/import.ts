import { Args, Flags } from "@oclif/core";
import {
  IMPORT_FORMATS,
  IMPORT_FORMAT_NAMES,
  skipCountText,
  type ImportChoice,
  type ImportFormat,
  type ImportSummary,
  type ParsedImport,
} from "@svc/sdk/import";
import { BaseCommand, timeZoneFlag, unitFlag } from "../base.ts";
import { CliError, EXIT, UsageError } from "../errors.ts";
import { readInput } from "../input.ts";
import { progressBar, withSpinner } from "../progress.ts";
import { counted } from "../output.ts";

/**
 * How a name was mapped, as the summary says it (null when it is the exercise's own name or
 * alias): the server's tiers (ImportNameMapping.via) in the user's words.
 */
function mappedVia(via: string | null | undefined, format: ImportFormat): string | null {
  switch (via) {
    case "choice":
      return "your choice";
    case "other-app":
      return format === "svc" ? "another app's name" : `${IMPORT_FORMAT_NAMES[format]}'s name`;
    case "words":
      return "close match: check it";
    case "typo":
      return "spelling corrected: check it";
    case "equipment":
      return "name and equipment";
    case "export":
      return "the export's custom exercise";
    default:
      return null;
  }
}

type ImportResult = ImportSummary & {
  format: string;
  file: string;
  rows: number;
  unit: string;
  unitStated: boolean;
  parts: number;
  skipped: ParsedImport["skipped"];
  /** The server's jobs that checked and imported a file sent in parts (queueImport), in order. */
  importJobs?: string[];
};

export default class Import extends BaseCommand {
  static summary =
    "Import a history exported from Strong, Hevy (workouts or body measurements), FitNotes or svc, or a watch's FIT activity (a file, or - for standard input).";
  static description =
    "The format is found from the content (--from overrides it). A FIT file (Garmin and other watches) gives one workout per session: each active set a set (reps, weight where recorded, a hold's duration), its rest sets counted as rest timers. Every set becomes part of a workout document: warm-ups, drops, failure sets (RPE 10 when none is given), RPE, timed sets, notes and supersets are kept; cardio distances become distance sets (`5km 25:00`, from a FIT file's laps too); rows the model cannot hold (rest timers, a distance with reps or a load) are counted by reason. " +
    "Hevy's measurement export (measurement_data.csv) gives each day's weight as a bodyweight and its body fat and tape measures as that day's body measurements (abdomen and other columns with no field here are counted as left out, by name). " +
    'Exercise names map to the catalog by name, alias and the other apps\' names; a name that maps to nothing needs a choice: --map "Name=exercise", --create "Name" (a custom exercise) or --skip "Name" (or --create-unmapped / --skip-unmapped). ' +
    "The file is sent to the server in parts (of at most 200 workouts), then a dry run of the whole file is made and printed (--dry-run stops there), then the import, in one transaction whatever the file's size: any error imports nothing. A file of more than one part is checked and imported by background jobs on the server, their progress shown as they run (workouts checked, then imported); a job goes on if the command is stopped. Workouts already there (same start and name; for FitNotes, the same day) are left alone, so a second import adds nothing. " +
    "Progress goes to standard error (on a terminal a progress bar for the parts and the time elapsed; otherwise plain lines); the summary to standard output (--json for JSON). Exit codes: 0 done, 2 a bad file or a name needing a choice, 4 not signed in or a read-only key.";
  static examples = [
    "<%= config.bin %> import strong.csv --dry-run",
    {
      description: "A Strong file without units, in pounds, with one name mapped and one skipped",
      command: '<%= config.bin %> import strong.csv --unit lb --map "Zercher Carry=Zercher Squat" --skip "Stretching"',
    },
    {
      description: "Move to another account or server",
      command:
        "<%= config.bin %> export --output history.json && SVC_URL=https://other.example svc import history.json",
    },
  ];
  static args = {
    file: Args.string({ description: "Path of the exported file, or - to read standard input.", required: true }),
  };
  static flags = {
    from: Flags.option({
      options: IMPORT_FORMATS,
      description: "The file's format (default: found from the content).",
    })(),
    unit: unitFlag(
      "The unit of a file that does not say it (Strong's comma format, FitNotes without units); default your unit.",
    ),
    map: Flags.string({
      multiple: true,
      description: "Name=exercise: map a file's name to an exercise (a name, alias or id). Repeatable.",
    }),
    create: Flags.string({ multiple: true, description: "A file's name to create as a custom exercise. Repeatable." }),
    skip: Flags.string({ multiple: true, description: "A file's name whose sets are left out. Repeatable." }),
    "create-unmapped": Flags.boolean({
      description: "Create a custom exercise for every name that maps to nothing.",
      exclusive: ["skip-unmapped"],
    }),
    "skip-unmapped": Flags.boolean({ description: "Leave out the sets of every name that maps to nothing." }),
    "time-zone": timeZoneFlag("The time zone of the file's times (default this computer's), e.g. Europe/Berlin."),
    "dry-run": Flags.boolean({ description: "Only show what would be imported; write nothing." }),
  };
  static enableJsonFlag = true;

  async run(): Promise<ImportResult> {
    const { args, flags } = await this.parse(Import);
    const {
      parseImport,
      stageImport,
      importStaged,
      queueImport,
      waitForImportJob,
      ImportParseError,
      lineOfPath,
      IMPORT_LIMITS,
    } = await import("@svc/sdk/import");
    const { source: file, text, bytes } = await readInput(args.file, "the file");
    // Importing a whole file is one request that may take the server up to IMPORT_LIMITS.applyMs.
    const { client } = await this.client({ timeoutMs: IMPORT_LIMITS.applyMs + 30_000 });
    // A FIT file is binary, read by @svc/sdk/fit (Garmin's decoder), loaded only for one.
    const fit = flags.from === "fit" || (!flags.from && (await import("@svc/sdk/fit")).isFitFile(bytes));
    // A file that does not say its unit is read in the unit asked, else the user's.
    let unit = flags.unit;
    const read = async (u: "kg" | "lb" | undefined) => {
      try {
        if (fit) return (await import("@svc/sdk/fit")).parseFit(bytes, { timeZone: flags["time-zone"] });
        return parseImport(text, { from: flags.from, unit: u, timeZone: flags["time-zone"] });
      } catch (error) {
        if (error instanceof ImportParseError) throw new UsageError(`${file}: ${error.message}`);
        throw error;
      }
    };
    let parsed = await read(unit);
    if (!parsed.unitStated && !unit) {
      unit = (await client.viewer())?.unit === "lb" ? "lb" : "kg";
      parsed = await read(unit);
      this.note(
        `${file} does not say its unit: weights read as ${unit} (your unit); --unit kg or --unit lb to choose.`,
      );
    }
    const sets = parsed.workouts.reduce((n, w) => n + w.exercises.reduce((m, e) => m + e.sets.length, 0), 0);
    this.note(
      `Read ${file} (${parsed.format}): ${counted(parsed.rows, "row")}, ${counted(parsed.workouts.length, "workout")}, ${counted(sets, "set")}.`,
    );

    const choices: ImportChoice[] = [];
    for (const m of flags.map ?? []) {
      const at = m.lastIndexOf("=");
      if (at <= 0 || at === m.length - 1)
        throw new UsageError(`--map ${JSON.stringify(m)}: write it as "Name in the file=exercise".`);
      choices.push({ name: m.slice(0, at).trim(), action: "MAP", exercise: m.slice(at + 1).trim() });
    }
    for (const n of flags.create ?? []) choices.push({ name: n, action: "CREATE" });
    for (const n of flags.skip ?? []) choices.push({ name: n, action: "SKIP" });

    let parts = 1;
    const explain = (error: unknown) => this.explain(error, parsed, lineOfPath);
    // Made at the first part, when the count of parts is known.
    const progress: { bar?: ReturnType<typeof progressBar> } = {};
    let sent = 0;
    const importId = await stageImport(client, parsed, (i, count, part) => {
      parts = count;
      const bar = (progress.bar ??= progressBar(
        (done) =>
          `${done} of ${counted(count, "part")} sent (${done === count ? parsed.workouts.length : sent} of ${counted(parsed.workouts.length, "workout")})`,
        count,
      ));
      sent = part.offset;
      bar.step(
        i,
        count > 1
          ? `Sending part ${i + 1} of ${count} (${counted(part.workouts.length, "workout")})…`
          : `Sending the file (${counted(part.workouts.length, "workout")})…`,
      );
    }).catch((error: unknown) => {
      progress.bar?.stop();
      return explain(error);
    });
    progress.bar?.end();
    const jobs: string[] = [];
    // A long file (sent in parts) is checked and imported by background jobs on the server, whose
    // progress is shown as they run (and which go on if this command is stopped); one part, in a request.
    const run = (text: string, dryRun: boolean, extraChoices: ImportChoice[] = []) => {
      const options = { choices: [...choices, ...extraChoices], dryRun };
      if (parts === 1)
        return withSpinner(text, importStaged(client, importId, options), { timed: true }).catch(explain);
      const total = parsed.workouts.length;
      const verb = dryRun ? "checked" : "imported";
      const bar = progressBar(
        (done) => `${text.replace(/…$/, "")}: ${done} of ${counted(total, "workout")} ${verb}`,
        total,
      );
      bar.step(0, text);
      let shown = 0;
      let polls = 0;
      return queueImport(client, importId, options)
        .then((job) => {
          jobs.push(job.id);
          return waitForImportJob(client, job, {
            intervalMs: 500,
            onProgress: (j) => {
              polls++;
              if (j.state === "queued" && polls === 4) bar.step(0, "Waiting for the server to start the job…");
              const done = j.state === "done" ? total : j.state === "running" ? j.done : 0;
              if (done > shown) {
                shown = done;
                bar.step(done, `${done} of ${counted(total, "workout")} ${verb}${done === total ? "." : "…"}`);
              }
            },
          });
        })
        .then(
          (summary) => {
            bar.end();
            return summary;
          },
          (error: unknown) => {
            bar.stop();
            return explain(error);
          },
        );
    };

    let summary = await run("Dry run of the whole file…", true);
    const unmapped = summary.names.filter((n) => n.action === "unmapped");
    const extra: ImportChoice[] =
      unmapped.length && (flags["create-unmapped"] || flags["skip-unmapped"])
        ? unmapped.map((n) => ({ name: n.name, action: flags["create-unmapped"] ? "CREATE" : "SKIP" }))
        : [];
    if (extra.length) summary = await run("Dry run of the whole file with the names chosen…", true, extra);
    const result = (s: ImportSummary): ImportResult => ({
      ...s,
      format: parsed.format,
      file,
      rows: parsed.rows,
      unit: unit ?? parsed.unit,
      unitStated: parsed.unitStated,
      parts,
      skipped: parsed.skipped,
      ...(jobs.length ? { importJobs: [...jobs] } : {}),
    });
    if (flags["dry-run"] || (unmapped.length && !extra.length)) {
      this.report(summary, parsed);
      const stillUnmapped = summary.names.filter((n) => n.action === "unmapped");
      if (flags["dry-run"] && stillUnmapped.length) {
        this.log(
          `Would not import as is: ${counted(stillUnmapped.length, "exercise name")} map${stillUnmapped.length === 1 ? "s" : ""} to no exercise. Choose for each with --map "Name=exercise", --create "Name" or --skip "Name" (or --create-unmapped / --skip-unmapped), e.g. --map ${JSON.stringify(`${stillUnmapped[0].name}=${stillUnmapped[0].suggestions[0] ?? "exercise"}`)}.`,
        );
        // Exit 3 (the summary is still printed, also with --json): a script can tell "would import" from "would not".
        process.exitCode = EXIT.wouldNotImport;
      }
      if (!flags["dry-run"]) {
        throw new CliError(
          `${counted(unmapped.length, "exercise name")} map${unmapped.length === 1 ? "s" : ""} to no exercise; nothing was imported. Choose for each with --map "Name=exercise", --create "Name" or --skip "Name" (or --create-unmapped / --skip-unmapped).`,
          EXIT.usage,
        );
      }
      return result(summary);
    }
    summary = await run(`Importing ${counted(summary.workouts, "workout")} in one transaction…`, false, extra);
    this.note("Done.");
    this.report(summary, parsed);
    return result(summary);
  }

  /** The summary for people (standard output). */
  private report(s: ImportSummary, parsed: ParsedImport): void {
    const lines: string[] = [];
    const verb = s.dryRun ? "Would import" : "Imported";
    if (this.measurementsOnly(parsed)) {
      const already = s.duplicateBodyweights + s.duplicateMeasurements;
      lines.push(
        `${verb} ${counted(s.bodyweights, "bodyweight")} and ${counted(s.measurements, "day")} of body measurements${already ? `; ${counted(s.duplicateBodyweights, "bodyweight")} and ${counted(s.duplicateMeasurements, "day")} already there (left alone)` : ""}.`,
      );
    } else if (s.workouts === 0 && s.duplicates > 0) {
      const nothing =
        s.duplicates === 1
          ? `Nothing new: the file's 1 workout is already there${s.dryRun ? "" : "; nothing was added"}.`
          : `Nothing new: all ${s.duplicates} workouts of the file are already there${s.dryRun ? "" : "; nothing was added"}.`;
      // One line when the file adds nothing at all (no table of zeros).
      if (
        !s.routines &&
        !s.bodyweights &&
        !s.measurements &&
        !s.customExercises &&
        !s.names.some((n) => n.action === "unmapped")
      )
        return this.log(nothing);
      lines.push(nothing);
    } else {
      lines.push(
        `${verb} ${counted(s.workouts, "workout")}, ${counted(s.sets, "set")}${s.firstDate ? `, ${s.firstDate} to ${s.lastDate}` : ""}${s.duplicates ? `; ${s.duplicates} already there (left alone)` : ""}.`,
      );
    }
    const settings = parsed.extras?.settings;
    if (settings) {
      lines.push(
        `${s.dryRun ? "Would set" : "Set"} your settings to the export's: unit ${settings.unit}, effort scale ${settings.effort}.`,
      );
    }
    if (!this.measurementsOnly(parsed) && (s.routines || s.bodyweights || s.measurements || s.customExercises)) {
      lines.push(
        `${verb} ${counted(s.routines, "routine")}, ${counted(s.bodyweights, "bodyweight")}, ${counted(s.measurements, "day")} of body measurements, ${counted(s.customExercises, "custom exercise")}.`,
      );
    }
    if (s.names.length) lines.push("Exercises:");
    for (const n of s.names) {
      const how = n.action === "map" ? mappedVia(n.via, parsed.format) : null;
      const to =
        n.action === "map"
          ? `${n.exercise}${how ? ` (${how})` : ""}`
          : n.action === "create"
            ? "a new custom exercise"
            : n.action === "skip"
              ? "skipped"
              : `NOT MAPPED${n.suggestions.length ? `; did you mean ${n.suggestions.map((x) => JSON.stringify(x)).join(", ")}?` : ""}`;
      lines.push(`  ${n.name} -> ${to} (${counted(n.sets, "set")})`);
    }
    const left = [...parsed.skipped.map((k) => `  ${skipCountText(k)} (first at line ${k.firstLine})`)];
    if (s.skippedSets) left.push(`  ${counted(s.skippedSets, "set")} of skipped exercises`);
    if (s.emptied) left.push(`  ${counted(s.emptied, "workout")} whose every exercise was skipped`);
    if (left.length) lines.push("Left out or changed:", ...left);
    this.log(lines.join("\n"));
  }

  /** A measurement file (Hevy's): bodyweights and measurements, no workouts. */
  private measurementsOnly(parsed: ParsedImport): boolean {
    return parsed.format !== "svc" && parsed.workouts.length === 0 && parsed.extras?.measurements !== undefined;
  }

  /** A refused document names the file's line; other errors go to the common handler. */
  private explain(
    thrown: unknown,
    parsed: ParsedImport,
    lineOfPath: (p: ParsedImport, path: string) => { line: number; field: string } | null,
  ): never {
    const error = thrown as { name?: string; path?: unknown; reason?: string } | null;
    if (error?.name === "InvalidDocumentError" && typeof error.path === "string") {
      const at = lineOfPath(parsed, error.path);
      throw new CliError(
        `${at ? `line ${at.line} (${at.field})` : error.path}: ${error.reason}; nothing was imported.`,
        EXIT.usage,
      );
    }
    throw thrown;
  }
}
