import { Flags } from "@oclif/core";
import { BaseCommand, timeZoneFlag, unitFlag } from "../base.ts";
import { UsageError } from "../errors.ts";
import { counted } from "../output.ts";
import { checkDate } from "../input.ts";
import { resolveWorkoutId } from "../refs.ts";

type ExportResult = {
  format: "json" | "csv" | "fit";
  output: string;
  workouts: number;
  routines: number;
  bodyweights: number;
  measurements: number;
  customExercises: number;
};

/** Writes text to a stream, waiting when it is full (a long history is never held whole). */
function writer(stream: NodeJS.WritableStream): (text: string) => Promise<void> {
  return (text) =>
    new Promise((resolve, reject) => {
      const onError = (error: Error) => reject(error);
      stream.once("error", onError);
      const done = () => {
        stream.off("error", onError);
        resolve();
      };
      if (stream.write(text)) done();
      else stream.once("drain", done);
    });
}

export default class Export extends BaseCommand {
  static summary =
    "Export everything: every routine and workout as documents, bodyweights, body measurements, custom exercises and settings.";
  static description =
    "JSON (the default) is this service's export: `svc import` reads it back, into this or another account or server, giving identical documents. CSV is Strong's comma format (workouts only), which other apps import. FIT is a strength-training activity file per workout (every set with its FIT exercise category and name, reps, weight, duration and the rest after it), which Garmin Connect and Strava import: --since/--until choose the days, --workout one workout. " +
    "Workouts are fetched a page at a time and written as they come, so a long history neither times out nor is held in memory. Writes to standard output, or to --output; progress goes to standard error. A read-only API key may export.";
  static examples = [
    "<%= config.bin %> export --output history.json",
    "<%= config.bin %> export --format csv > strong.csv",
    "<%= config.bin %> export --format fit --since 2026-05-01 --until 2026-05-31 --output fit-files",
    "<%= config.bin %> export --format fit --workout 3f2b8c1e --output push-day.fit",
  ];
  static flags = {
    format: Flags.option({
      options: ["json", "csv", "fit"] as const,
      default: "json" as const,
      description:
        "json (this service's export, importable back), csv (Strong's comma format) or fit (a FIT activity file per workout, for Garmin Connect and Strava).",
    })(),
    output: Flags.string({
      char: "o",
      description:
        "Write to this file instead of standard output. FIT: a folder (made if missing) for one file per workout, or with --workout the file.",
    }),
    workout: Flags.string({ description: "FIT: only this workout (an id or a unique prefix)." }),
    since: Flags.string({ description: "FIT: workouts on or after this day (YYYY-MM-DD)." }),
    until: Flags.string({ description: "FIT: workouts on or before this day (YYYY-MM-DD)." }),
    unit: unitFlag(
      "CSV: the unit every weight is written in (Strong's comma format has no unit column; default your account's unit). Import the file back with the same --unit.",
    ),
    "time-zone": timeZoneFlag(
      "CSV: the time zone its wall-clock times are written in (default this computer's), e.g. Europe/Berlin. A workout keeps its own date whatever the zone.",
    ),
  };
  static enableJsonFlag = true;

  async run(): Promise<ExportResult> {
    const { flags } = await this.parse(Export);
    if (flags.format === "fit") return this.exportFit(flags);
    if (flags.workout || flags.since || flags.until)
      throw new UsageError("--workout, --since and --until go with --format fit.");
    const { exportHistory, exportText, exportUnit, CsvChanges } = await import("@svc/sdk/import");
    const { client } = await this.client();
    const history = await this.spin("Reading your account", exportHistory(client));
    const { head } = history;
    const { createWriteStream } = await import("node:fs");
    let stream: NodeJS.WritableStream = process.stdout;
    if (flags.output) {
      const file = createWriteStream(flags.output);
      await new Promise<void>((resolve, reject) => {
        file.once("open", () => resolve());
        file.once("error", (error) => reject(new UsageError(`Cannot write ${flags.output}: ${error.message}.`)));
      });
      stream = file;
    } else if (this.jsonEnabled()) {
      throw new UsageError("--json prints a summary: give --output for the export itself.");
    }
    const write = writer(stream);
    let written = 0;
    const changes = new CsvChanges();
    const timeZone = flags["time-zone"] ?? (Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC");
    if (flags.format === "csv") {
      const unit = exportUnit(head, flags.unit);
      this.note(
        `Weights in ${unit}: every workout is converted to ${unit}, as Strong's comma format has no unit column (import it back with --unit ${unit}).`,
      );
      this.note(
        `Times in ${timeZone}: every workout's start is written as the wall-clock time there (import it back with --time-zone ${timeZone}).`,
      );
    }
    const chunks = exportText(history, {
      format: flags.format,
      unit: flags.unit,
      timeZone,
      changes,
      onPage: (count) => {
        written = count;
        this.note(`Exported ${written} of ${counted(head.workoutCount, "workout")}`);
      },
    });
    for await (const chunk of chunks) await write(chunk);
    if (flags.format === "csv") {
      const left = [
        ...changes.lines(),
        ...(head.routines.length || head.bodyweights.length || head.measurements.length || head.customExercises.length
          ? [
              "routines, bodyweights, body measurements, custom exercises and settings left out (workouts only; the JSON export keeps them)",
            ]
          : []),
      ];
      if (left.length) this.note(["CSV leaves out or changes:", ...left.map((line) => `  ${line}`)].join("\n"));
    }
    if (flags.output) {
      await new Promise<void>((resolve) => stream.end(resolve));
      this.log(
        `Wrote ${counted(written, "workout")}, ${counted(head.routines.length, "routine")}, ${counted(head.bodyweights.length, "bodyweight")}, ${counted(head.measurements.length, "day")} of body measurements and ${counted(head.customExercises.length, "custom exercise")} to ${flags.output} (${flags.format}).`,
      );
    }
    return {
      format: flags.format,
      output: flags.output ?? "standard output",
      workouts: written,
      routines: head.routines.length,
      bodyweights: head.bodyweights.length,
      measurements: head.measurements.length,
      customExercises: head.customExercises.length,
    };
  }

  /** FIT: one activity file per workout, written by the server (workoutFit, workoutsFit). */
  private async exportFit(flags: {
    output?: string;
    workout?: string;
    since?: string;
    until?: string;
  }): Promise<ExportResult> {
    const { exportWorkoutFit, exportFitFiles } = await import("@svc/sdk/export");
    const { mkdir, writeFile } = await import("node:fs/promises");
    const path = await import("node:path");
    const { client } = await this.client();
    const result = (workouts: number): ExportResult => ({
      format: "fit",
      output: flags.output ?? "standard output",
      workouts,
      routines: 0,
      bodyweights: 0,
      measurements: 0,
      customExercises: 0,
    });
    if (flags.workout) {
      if (flags.since || flags.until)
        throw new UsageError("--workout exports one workout: leave out --since and --until.");
      const file = await exportWorkoutFit(client, await resolveWorkoutId(client, flags.workout));
      if (!file) throw new UsageError(`No workout ${flags.workout}.`);
      if (!flags.output) {
        if (process.stdout.isTTY)
          throw new UsageError("A FIT file is binary: give --output, or pipe standard output to a file.");
        process.stdout.write(file.bytes);
        return result(1);
      }
      await writeFile(flags.output, file.bytes).catch((error: Error) => {
        throw new UsageError(`Cannot write ${flags.output}: ${error.message}.`);
      });
      this.log(`Wrote ${file.date}'s workout to ${flags.output} (fit, ${counted(file.bytes.length, "byte")}).`);
      return result(1);
    }
    if (!flags.output)
      throw new UsageError("--format fit writes one file per workout: give --output <folder> (or --workout <id>).");
    const from = flags.since === undefined ? "1900-01-01" : checkDate(flags.since, "--since");
    const to = flags.until === undefined ? "2099-12-31" : checkDate(flags.until, "--until");
    if (from > to) throw new UsageError(`--until must be on or after --since (${from}).`);
    await mkdir(flags.output, { recursive: true }).catch((error: Error) => {
      throw new UsageError(`Cannot make the folder ${flags.output}: ${error.message}.`);
    });
    let written = 0;
    const taken = new Set<string>();
    for await (const file of exportFitFiles(client, { from, to })) {
      // Two workouts of one name and minute get -2, -3 ... rather than one file.
      let name = file.fileName;
      for (let n = 2; taken.has(name); n++) name = file.fileName.replace(/\.fit$/, `-${n}.fit`);
      taken.add(name);
      await writeFile(path.join(flags.output, name), file.bytes);
      this.note(`Exported ${++written}: ${name}`);
    }
    this.log(`Wrote ${counted(written, "workout")} as FIT files to ${flags.output}.`);
    return result(written);
  }
}
