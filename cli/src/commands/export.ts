import { Flags } from "@oclif/core";
import { BaseCommand, timeZoneFlag, unitFlag } from "../base.ts";
import { UsageError } from "../errors.ts";
import { counted } from "../output.ts";

type ExportResult = {
  format: "json" | "csv";
  output: string;
  workouts: number;
  routines: number;
  bodyweights: number;
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
    "Export everything: every routine and workout as documents, bodyweights, custom exercises and settings.";
  static description =
    "JSON (the default) is this service's export: `svc import` reads it back, into this or another account or server, giving identical documents. CSV is Strong's comma format (workouts only), which other apps import. " +
    "Workouts are fetched a page at a time and written as they come, so a long history neither times out nor is held in memory. Writes to standard output, or to --output; progress goes to standard error. A read-only API key may export.";
  static examples = [
    "<%= config.bin %> export --output history.json",
    "<%= config.bin %> export --format csv > strong.csv",
  ];
  static flags = {
    format: Flags.option({
      options: ["json", "csv"] as const,
      default: "json" as const,
      description: "json (this service's export, importable back) or csv (Strong's comma format).",
    })(),
    output: Flags.string({ char: "o", description: "Write to this file instead of standard output." }),
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
        ...(head.routines.length || head.bodyweights.length || head.customExercises.length
          ? [
              "routines, bodyweights, custom exercises and settings left out (workouts only; the JSON export keeps them)",
            ]
          : []),
      ];
      if (left.length) this.note(["CSV leaves out or changes:", ...left.map((line) => `  ${line}`)].join("\n"));
    }
    if (flags.output) {
      await new Promise<void>((resolve) => stream.end(resolve));
      this.log(
        `Wrote ${counted(written, "workout")}, ${counted(head.routines.length, "routine")}, ${counted(head.bodyweights.length, "bodyweight")} and ${counted(head.customExercises.length, "custom exercise")} to ${flags.output} (${flags.format}).`,
      );
    }
    return {
      format: flags.format,
      output: flags.output ?? "standard output",
      workouts: written,
      routines: head.routines.length,
      bodyweights: head.bodyweights.length,
      customExercises: head.customExercises.length,
    };
  }
}
