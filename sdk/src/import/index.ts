/**
 * `@svc/sdk/import`: reading other apps' exports (Strong, Hevy, FitNotes) and this service's own
 * into workout documents, and the typed client calls that import them (dry run, then import) and
 * export a whole history. The same code serves the CLI and the web app; the server maps names,
 * finds duplicates and saves, in SQL.
 */
import { parseStrong, isStrongHeader, looksLikeStrongByPosition } from "./strong.ts";
import { parseHevy, isHevyHeader } from "./hevy.ts";
import { isHevyMeasurementsHeader, parseHevyMeasurements } from "./hevy-measurements.ts";
import { parseFitNotes, isFitNotesHeader, looksLikeFitNotesByPosition } from "./fitnotes.ts";
import { isSvcExport, parseSvcExport, type SvcExport } from "./svc.ts";
import { readCsv, localTimeZone } from "./csv.ts";
import {
  buildWorkouts,
  ImportParseError,
  SkipCounter,
  type ImportFormat,
  type ImportSource,
  type ImportUnit,
  type ImportWorkout,
  type SkipCount,
} from "./model.ts";

export {
  ImportParseError,
  cleanNumber,
  SKIP_REASONS,
  skipCountText,
  type ImportFormat,
  type ImportUnit,
  type ImportWorkout,
  type ImportSource,
  type SkipCount,
  type SkipReason,
} from "./model.ts";
export { wallTimeCell, monthNumber, startInZone } from "./csv.ts";
export {
  stageImport,
  importStaged,
  importAll,
  importParts,
  queueImport,
  waitForImportJob,
  importJobError,
  IMPORT_WORKOUTS,
  QUEUE_IMPORT,
  IMPORT_JOB,
  LATEST_IMPORT_JOB,
  type ImportJob,
  STAGE_IMPORT_PART,
  IMPORT_STAGING_LIMITS,
  type ImportRequester,
  type ImportPart,
  type ImportChoice,
  type ImportSummary,
  type ImportNameMapping,
} from "./client.ts";
export * from "./export.ts";

export { IMPORT_LIMITS } from "./limits.ts";
export * from "./name-mappings.ts";
export { isFitFile } from "../fit/header.ts";

/** Every format (a key per value of the schema's ImportFormat) with the name people know it by. */
export const IMPORT_FORMAT_NAMES: Readonly<Record<ImportFormat, string>> = {
  strong: "Strong",
  hevy: "Hevy",
  fitnotes: "FitNotes",
  svc: "This service's export (JSON)",
  fit: "Garmin FIT (a watch's strength activity)",
};
export const IMPORT_FORMATS = Object.keys(IMPORT_FORMAT_NAMES) as readonly ImportFormat[];

export type ParseOptions = {
  /** The format; detected from the content when absent. */
  from?: ImportFormat;
  /** The unit of weights when the file does not say it (Strong's comma format): default kg. */
  unit?: ImportUnit;
  /** The time zone of the file's wall-clock times; default this process's or browser's. */
  timeZone?: string;
};

export type ParsedImport = {
  format: ImportFormat;
  /** Whether the file states its unit; when false, `unit` was assumed (ask the user). */
  unitStated: boolean;
  unit: ImportUnit;
  /** Data rows read (not counting the header). */
  rows: number;
  workouts: ImportWorkout[];
  /** Where each workout and set came from (to name a line in an error). */
  sources: ImportSource[];
  /** Rows not imported, or imported with something left out, by reason. */
  skipped: SkipCount[];
  /** An svc export's other parts, or a measurement file's bodyweights and measurements, for importWorkouts' `extras`. */
  extras?: Partial<Pick<SvcExport, "settings" | "customExercises" | "routines" | "bodyweights" | "measurements">>;
};

/** The format of a file from its content, or an error naming what was expected. */
export function detectFormat(text: string): ImportFormat {
  if (isSvcExport(text)) return "svc";
  const records = readCsv(text.split(/\r?\n/, 3).join("\n"));
  const header = records[0]?.fields ?? [];
  if (isHevyHeader(header) || isHevyMeasurementsHeader(header)) return "hevy";
  if (isStrongHeader(header)) return "strong";
  if (isFitNotesHeader(header)) return "fitnotes";
  if (looksLikeStrongByPosition(records)) return "strong";
  // FitNotes is comma-separated whatever the language.
  const commas = readCsv(text.split(/\r?\n/, 3).join("\n"), ",");
  if (looksLikeFitNotesByPosition(commas[0]?.fields ?? [], commas[1]?.fields)) return "fitnotes";
  throw new ImportParseError(
    1,
    null,
    "not a Strong, Hevy, FitNotes or svc export that this client knows; name the format (strong, hevy, fitnotes or svc)",
  );
}

/** Reads an export file into workout documents (exercise names as the file writes them). */
export function parseImport(text: string, options: ParseOptions = {}): ParsedImport {
  const format = options.from ?? detectFormat(text);
  const unit = options.unit ?? "kg";
  const timeZone = options.timeZone ?? localTimeZone();
  const skips = new SkipCounter();
  if (format === "fit")
    throw new ImportParseError(
      1,
      null,
      "a FIT file is binary: read its bytes with parseFit (@svc/sdk/fit), or send it to importWorkouts as fit (base64)",
    );
  if (format === "svc") {
    const exported = parseSvcExport(text);
    // Each keeps its export id: the server tells apart two workouts sharing a start and a name by it
    // (and never saves it).
    const workouts = exported.workouts as unknown as ImportWorkout[];
    return {
      format,
      unitStated: true,
      unit: exported.settings?.unit ?? unit,
      rows: workouts.length,
      workouts,
      sources: workouts.map(() => ({ line: 0, sets: [] })),
      skipped: [],
      extras: {
        settings: exported.settings,
        customExercises: exported.customExercises,
        routines: exported.routines,
        bodyweights: exported.bodyweights,
        ...(exported.measurements ? { measurements: exported.measurements } : {}),
      },
    };
  }
  if (format === "hevy" && isHevyMeasurementsHeader(readCsv(text.split(/\r?\n/, 1)[0])[0]?.fields ?? []))
    return measurementImport(text, skips);
  const parsed =
    format === "strong"
      ? parseStrong(text, { unit, timeZone }, skips)
      : format === "hevy"
        ? parseHevy(text, { timeZone }, skips)
        : parseFitNotes(text, { unit }, skips);
  const { workouts, sources } = buildWorkouts(parsed.rows, skips);
  const dataRows =
    parsed.rows.length +
    skips
      .list()
      .filter((s) => s.reason === "rest-timer")
      .reduce((n, s) => n + s.rows, 0);
  return {
    format,
    unitStated: parsed.unitStated,
    unit,
    rows: dataRows,
    workouts,
    sources,
    skipped: skips.list(),
    extras: undefined,
  };
}

/** Hevy's measurement export: no workouts, its days as bodyweights and measurements (extras, as an svc export's). */
function measurementImport(text: string, skips: SkipCounter): ParsedImport {
  const read = parseHevyMeasurements(text, skips);
  return {
    format: "hevy",
    unitStated: true,
    unit: read.unit,
    rows: read.rows,
    workouts: [],
    sources: [],
    skipped: skips.list(),
    extras: { bodyweights: read.bodyweights, measurements: read.measurements },
  };
}

/**
 * The file line a server path such as `workouts[3].exercises[1].sets[2]` points to, with the
 * path's last part as the column (`sets[2]`), or null when the path names no row.
 */
export function lineOfPath(
  parsed: Pick<ParsedImport, "sources">,
  path: string,
): { line: number; field: string } | null {
  const m = /^workouts\[(\d+)\](?:\.exercises\[(\d+)\](?:\.sets\[(\d+)\])?)?(?:\.(.+))?/.exec(path);
  if (!m) return null;
  const source = parsed.sources[Number(m[1])];
  if (!source || !source.line) return null;
  const entry = m[2] !== undefined ? source.sets[Number(m[2])] : undefined;
  const line = m[3] !== undefined && entry ? entry[Number(m[3])] : entry?.[0];
  return { line: line ?? source.line, field: path.replace(/^workouts\[\d+\]\./, "") };
}
