// Import and export: bring a history from Strong, Hevy, FitNotes or an svc export (a preview with
// what maps to what and a choice per unknown exercise name, then the import), and take everything
// out (JSON that imports back, or Strong's CSV). A file is read here by @svc/sdk/import and goes
// the way `svc import` sends it: staged in parts, then checked and imported whole, in one
// transaction on the server; a file of more than one part is imported by a background job whose
// progress is shown as it runs, and shown again when the page is opened while it still runs.
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { Link, useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import {
  parseImport,
  exportHistory,
  exportText,
  exportUnit,
  stageImport,
  importStaged,
  queueImport,
  waitForImportJob,
  LATEST_IMPORT_JOB,
  lineOfPath,
  skipCountText,
  ImportParseError,
  IMPORT_FORMAT_NAMES,
  isFitFile,
  type ImportChoice,
  type ImportFormat,
  type ImportJob,
  type ImportRequester,
  type ImportSummary,
  type ParsedImport,
} from "@svc/sdk/import";
import { request, errorMessage, ApiError } from "../../graphql/client.ts";
import { problemText } from "../../i18n/serverMessages.ts";
import { Section } from "../../components/Page.tsx";
import { SelectField } from "../../components/Field.tsx";
import { ErrorMessage } from "../../components/States.tsx";
import { useUserUnits, type UnitName } from "../../components/units.ts";
import { useSession } from "../../auth/session.tsx";
import { download } from "../../components/download.ts";
import { FitExportPanel } from "./FitExportPanel.tsx";

/** The web app's request function as the SDK's import calls take it. */
const api: ImportRequester = { request: request as ImportRequester["request"] };

type Translate = TFunction<"settingsSections">;

/** The import's formats (named as their apps call themselves) and the unit choices, as select options. */
function formatOptions(t: Translate): { value: "" | ImportFormat; label: string }[] {
  return [
    { value: "", label: t("import.formatFromFile") },
    ...Object.entries(IMPORT_FORMAT_NAMES).map(([value, label]) => ({ value: value as ImportFormat, label })),
  ];
}
function unitOptions(t: Translate): { value: "" | UnitName; label: string }[] {
  return [
    { value: "", label: t("import.myUnit") },
    { value: "kg", label: "kg" },
    { value: "lb", label: "lb" },
  ];
}

function timeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/** What went wrong, naming the file's line where a row or a refused set is to blame. */
function importErrorText(t: Translate, error: unknown, fileName: string, parsed: ParsedImport | null): string {
  // The parser's reason stays as the SDK writes it (English): it has no stable code.
  if (error instanceof ImportParseError)
    return error.column
      ? t("import.parseErrorColumn", { file: fileName, line: error.line, column: error.column, reason: error.reason })
      : t("import.parseError", { file: fileName, line: error.line, reason: error.reason });
  if (error instanceof ApiError && error.code === "INVALID_DOCUMENT" && typeof error.extensions.path === "string") {
    const at = parsed && lineOfPath(parsed, error.extensions.path);
    if (at)
      return t("import.refusedAt", {
        file: fileName,
        line: at.line,
        field: at.field,
        reason: problemText(String(error.extensions.reason)),
      });
  }
  return errorMessage(error);
}

/** A left-out count in the app's language, by its stable reason (the SDK's English for a reason not translated yet). */
function skipText(t: Translate, count: Parameters<typeof skipCountText>[0]): string {
  return t(`skip.${count.reason}`, {
    count: count.rows,
    columns: count.columns?.join(", ") ?? "",
    defaultValue: skipCountText(count),
  });
}

/** What an import did, for the status line: workouts and sets, or a measurement file's days. */
function doneText(t: Translate, result: ImportSummary, file: string): string {
  return result.workouts === 0 && result.duplicates === 0 && (result.bodyweights || result.measurements)
    ? t("import.importedBody", {
        bodyweights: result.bodyweights,
        measurements: result.measurements,
        file,
      })
    : result.workouts === 0 && result.duplicates > 0
      ? t("import.nothingNewFile", { count: result.duplicates, file })
      : t(result.duplicates ? "import.importedWithDuplicates" : "import.imported", {
          workouts: result.workouts,
          sets: result.sets,
          file,
          duplicates: result.duplicates,
        });
}

/** Where this tab keeps the file name of an import job it queued, for a reload while the job runs (no secret: a name). */
const JOB_FILE_KEY = "svc-import-job-file";

/** A failed job's error as the import request's would have been (its code and a refused document's path). */
function jobErrorAsApiError(error: unknown): unknown {
  if (error instanceof ApiError || !(error instanceof Error)) return error;
  const coded = error as Error & { code?: unknown; extensions?: Record<string, unknown> };
  return typeof coded.code === "string" ? new ApiError(error.message, coded.code, coded.extensions ?? {}) : error;
}

/** The preview's choices (`skip`, `create`, `map:<exercise>` per name) as the import takes them. */
function choiceList(choices: Record<string, string>): ImportChoice[] {
  return Object.entries(choices).flatMap(([name, value]): ImportChoice[] =>
    value === "skip"
      ? [{ name, action: "SKIP" }]
      : value === "create"
        ? [{ name, action: "CREATE" }]
        : value.startsWith("map:")
          ? [{ name, action: "MAP", exercise: value.slice(4) }]
          : [],
  );
}

type ChosenFile = { name: string; text: string; bytes: Uint8Array };

/** Reads a chosen file: a FIT file (binary) with @svc/sdk/fit, loaded only then; any other with @svc/sdk/import. */
async function readChosen(
  file: ChosenFile,
  options: { format: "" | ImportFormat; unit: UnitName },
): Promise<ParsedImport> {
  if (options.format === "fit" || (!options.format && isFitFile(file.bytes))) {
    const { parseFit } = await import("@svc/sdk/fit");
    return parseFit(file.bytes, { timeZone: timeZone() });
  }
  return parseImport(file.text, { from: options.format || undefined, unit: options.unit, timeZone: timeZone() });
}

/**
 * The dry run of a staged file: a file of several parts by a dry-run job on the server, its
 * progress shown; one part in a request.
 */
async function checkWhole(
  t: Translate,
  importId: string,
  parts: number,
  choices: ImportChoice[],
  setProgress: (text: string) => void,
): Promise<ImportSummary> {
  if (parts === 1) return importStaged(api, importId, { choices, dryRun: true });
  const job = await queueImport(api, importId, { choices, dryRun: true });
  return waitForImportJob(api, job, {
    onProgress: (j) =>
      setProgress(
        j.state === "running" && j.done > 0
          ? t("import.checkingProgress", { done: j.done, total: j.total })
          : t("import.checking"),
      ),
  }).catch((error: unknown) => Promise.reject(jobErrorAsApiError(error)));
}

/**
 * Import jobs as the section shows them: `followJob(job, fileName, parsed)` shows a job's progress
 * until it ends, then what it imported (or why it failed); opened while a job of yours runs (a
 * reload, another tab), it follows that one.
 */
function useImportJobs(
  t: Translate,
  show: {
    setProgress: (text: string | null) => void;
    setDone: (text: string | null) => void;
    setImportError: (text: string | null) => void;
  },
) {
  const { setProgress, setDone, setImportError } = show;
  async function followJob(job: ImportJob, fileName: string, parsed: ParsedImport | null) {
    sessionStorage.setItem(JOB_FILE_KEY, JSON.stringify({ id: job.id, file: fileName }));
    try {
      const result = await waitForImportJob(api, job, {
        onProgress: (j) =>
          setProgress(
            j.state === "running" && j.done > 0
              ? t("import.importingProgress", { done: j.done, total: j.total })
              : t("import.importing"),
          ),
      });
      setDone(doneText(t, result, fileName));
      return result;
    } catch (error) {
      setImportError(importErrorText(t, jobErrorAsApiError(error), fileName, parsed));
      return null;
    } finally {
      sessionStorage.removeItem(JOB_FILE_KEY);
      setProgress(null);
    }
  }

  // Opened while an import job of yours runs (a reload, another tab): its progress, then its end.
  useEffect(() => {
    let gone = false;
    void request(LATEST_IMPORT_JOB, {})
      .then(({ viewer }) => {
        const job = viewer?.latestImportJob;
        if (gone || !job || job.dryRun || (job.state !== "queued" && job.state !== "running")) return;
        const kept = JSON.parse(sessionStorage.getItem(JOB_FILE_KEY) ?? "null") as { id: string; file: string } | null;
        return followJob(job, kept?.id === job.id ? kept.file : t("import.yourFile"), null);
      })
      .catch(() => undefined);
    return () => {
      gone = true;
    };
    // Once, when the section opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return followJob;
}

export function ImportExportSection() {
  const { t } = useTranslation("settingsSections");
  const { unit: userUnit } = useUserUnits();
  const { refresh } = useSession();
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [format, setFormat] = useState<"" | ImportFormat>("");
  const [unit, setUnit] = useState<"" | UnitName>("");
  const [staged, setStaged] = useState<{ parsed: ParsedImport; importId: string; parts: number } | null>(null);
  const [preview, setPreview] = useState<ImportSummary | null>(null);
  const [choices, setChoices] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);
  const importHeading = useRef<HTMLHeadingElement>(null);
  const { hash } = useLocation();
  // Home's "Bring your history" opens Settings at the import.
  useEffect(() => {
    if (hash === "#import") importHeading.current?.scrollIntoView({ block: "start" });
  }, [hash]);
  const [progress, setProgress] = useState<string | null>(null);
  const [importError, setImportError] = useState<string | null>(null);

  const chosen = () => choiceList(choices);

  const followJob = useImportJobs(t, { setProgress, setDone, setImportError });

  function reset() {
    setStaged(null);
    setPreview(null);
    setDone(null);
    setImportError(null);
  }

  async function choose(e: ChangeEvent<HTMLInputElement>) {
    reset();
    setChoices({});
    const picked = e.target.files?.[0];
    const bytes = picked ? new Uint8Array(await picked.arrayBuffer()) : null;
    setFile(picked && bytes ? { name: picked.name, text: new TextDecoder().decode(bytes), bytes } : null);
  }

  async function previewImport(e: FormEvent) {
    e.preventDefault();
    if (!file) return;
    reset();
    let parsed: ParsedImport | null = null;
    try {
      parsed = await readChosen(file, { format, unit: unit || userUnit });
      const read = parsed;
      let parts = 1;
      const importId = await stageImport(api, read, (i, count) => {
        parts = count;
        setProgress(count > 1 ? t("import.sendingPart", { part: i + 1, count }) : t("import.sending"));
      });
      setProgress(t("import.checking"));
      const summary = await checkWhole(t, importId, parts, chosen(), setProgress);
      setPreview(summary);
      setStaged({ parsed: read, importId, parts });
    } catch (error) {
      setImportError(importErrorText(t, error, file.name, parsed));
    } finally {
      setProgress(null);
    }
  }

  async function importNow() {
    if (!file || !staged) return;
    setImportError(null);
    setProgress(t("import.importing"));
    try {
      // A file of several parts is imported by a job on the server: it goes on if this tab closes.
      if (staged.parts > 1) {
        const job = await queueImport(api, staged.importId, { choices: chosen() });
        const result = await followJob(job, file.name, staged.parsed);
        if (!result) return;
        setStaged(null);
        setPreview(null);
        if (staged.parsed.extras?.settings) await refresh();
        return;
      }
      const result = await importStaged(api, staged.importId, { choices: chosen(), dryRun: false });
      setStaged(null);
      setPreview(null);
      setDone(doneText(t, result, file.name));
      // An svc export also sets the account's unit and effort scale.
      if (staged.parsed.extras?.settings) await refresh();
    } catch (error) {
      setImportError(importErrorText(t, error, file.name, staged.parsed));
    } finally {
      setProgress(null);
    }
  }

  const busy = progress !== null;
  const read = staged?.parsed;
  const unchosen = preview?.names.filter((n) => n.action === "unmapped" && !choices[n.name]) ?? [];

  return (
    <Section title={t("importExport.title")} description={t("importExport.description")}>
      <h3 id="import" ref={importHeading} tabIndex={-1}>
        {t("import.heading")}
      </h3>
      <form className="stack" onSubmit={previewImport}>
        <div className="field">
          <label htmlFor="import-file">{t("import.file")}</label>
          <input
            id="import-file"
            type="file"
            accept=".csv,.json,.txt,.fit,text/csv,application/json"
            onChange={choose}
          />
        </div>
        <SelectField
          label={t("import.format")}
          value={format}
          options={formatOptions(t)}
          onChange={(e) => {
            setFormat(e.target.value as "" | ImportFormat);
            reset();
          }}
        />
        <SelectField
          label={t("import.unit")}
          hint={t("import.unitHint")}
          value={unit}
          options={unitOptions(t)}
          onChange={(e) => {
            setUnit(e.target.value as "" | UnitName);
            reset();
          }}
        />
        <div className="actions">
          <button type="submit" disabled={!file || busy}>
            {busy && !preview ? t("import.reading") : t("import.preview")}
          </button>
        </div>
      </form>
      {importError ? (
        <p role="alert" className="field-error">
          {importError}
        </p>
      ) : null}
      {progress ? <p role="status">{progress}</p> : null}
      {done ? (
        <p role="status">
          {done} <Link to="/workouts">{t("import.seeImported")}</Link>
        </p>
      ) : null}
      {preview ? (
        <ImportPreview
          preview={preview}
          read={read}
          choices={choices}
          onChoose={(name, value) => setChoices((c) => ({ ...c, [name]: value }))}
          busy={busy}
          unchosen={unchosen.length}
          onImport={importNow}
        />
      ) : null}
      <ExportPanel />
    </Section>
  );
}

/** What the import would do, a choice for each name that needs one, and the button that imports. */
function ImportPreview(props: {
  preview: ImportSummary;
  read: ParsedImport | undefined;
  choices: Record<string, string>;
  onChoose: (name: string, value: string) => void;
  busy: boolean;
  /** How many names still need a choice. */
  unchosen: number;
  onImport: () => void;
}) {
  const { preview, read, choices, onChoose, busy, unchosen, onImport } = props;
  const { t } = useTranslation("settingsSections");
  const [onlyChoices, setOnlyChoices] = useState(false);
  // A name needs a choice when nothing matched it or it matched only loosely (by words or a typo).
  const needsChoice = (n: ImportSummary["names"][number]) =>
    n.action === "unmapped" || n.via === "words" || n.via === "typo" || choices[n.name] !== undefined;
  const choosing = preview.names.filter(needsChoice);
  // A measurement file (Hevy's): no workouts, days of bodyweights and measurements to import.
  const bodyOnly = preview.workouts === 0 && (preview.measurements > 0 || preview.bodyweights > 0);
  const shown = onlyChoices ? choosing : preview.names;
  return (
    <div aria-label={t("preview.label")}>
      <p role="status">
        {preview.workouts === 0 && preview.duplicates > 0
          ? t("preview.nothingNew", { count: preview.duplicates })
          : t("preview.wouldImport", {
              workouts: preview.workouts,
              sets: preview.sets,
              range: preview.firstDate ? "yes" : "no",
              first: preview.firstDate ?? "",
              last: preview.lastDate ?? "",
              duplicates: preview.duplicates,
            })}
        {read
          ? ` ${t(read.unitStated ? "preview.readAs" : "preview.readAsUnit", { format: read.format, rows: read.rows, unit: read.unit })}`
          : null}
      </p>
      {preview.routines || preview.bodyweights || preview.customExercises ? (
        <p>
          {t("preview.also", {
            routines: preview.routines,
            bodyweights: preview.bodyweights,
            custom: preview.customExercises,
          })}
        </p>
      ) : null}
      {preview.measurements ? <p>{t("preview.alsoMeasurements", { count: preview.measurements })}</p> : null}
      {choosing.length && choosing.length < preview.names.length ? (
        <label className="inline-check">
          <input type="checkbox" checked={onlyChoices} onChange={(e) => setOnlyChoices(e.target.checked)} />
          <span>{t("preview.onlyChoices", { count: choosing.length, total: preview.names.length })}</span>
        </label>
      ) : null}
      {preview.names.length ? (
        <table className="cards">
          <caption>{t("preview.caption")}</caption>
          <thead>
            <tr>
              <th>{t("preview.inFile")}</th>
              <th>{t("preview.sets")}</th>
              <th>{t("preview.becomes")}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((n) => (
              <tr key={n.name}>
                <td data-label={t("preview.inFile")}>{n.name}</td>
                <td data-label={t("preview.sets")}>{n.sets}</td>
                <td data-label={t("preview.becomes")}>
                  {needsChoice(n) ? (
                    <SelectField
                      label={t("preview.whatToDo", { name: n.name })}
                      value={choices[n.name] ?? ""}
                      options={[
                        // A loose match (the resolver's words or typo tiers) is kept unless changed.
                        {
                          value: "",
                          label:
                            n.action === "map"
                              ? t("preview.closeMatch", { exercise: n.exercise })
                              : t("preview.choose"),
                        },
                        ...n.suggestions.map((s) => ({ value: `map:${s}`, label: s })),
                        { value: "create", label: t("preview.create") },
                        { value: "skip", label: t("preview.skip") },
                      ]}
                      onChange={(e) => onChoose(n.name, e.target.value)}
                    />
                  ) : n.action === "map" ? (
                    n.exercise
                  ) : n.action === "create" ? (
                    t("preview.newCustom")
                  ) : (
                    t("preview.skipped")
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {read?.format === "svc" ? <p>{t("preview.setsSettings")}</p> : null}
      {read?.skipped.length ? (
        <>
          <h4>{t("preview.leftOut")}</h4>
          <ul>
            {read.skipped.map((k) => (
              <li key={k.reason}>
                {t(read.format === "fit" ? "preview.skipFirstMessage" : "preview.skipFirstLine", {
                  what: skipText(t, k),
                  line: k.firstLine,
                })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <div className="actions">
        <button type="button" disabled={busy || unchosen > 0 || !(preview.workouts || bodyOnly)} onClick={onImport}>
          {busy
            ? t("preview.importing")
            : bodyOnly
              ? t("preview.importBody")
              : t("preview.import", { count: preview.workouts })}
        </button>
        {unchosen ? <p className="muted">{t("preview.chooseFirst", { count: unchosen })}</p> : null}
      </div>
    </div>
  );
}

/** Everything out, as svc's JSON (importable back) or Strong's CSV, downloaded as a file. */
function ExportPanel() {
  const { t } = useTranslation("settingsSections");
  const [exporting, setExporting] = useState<string | null>(null);
  const [exportError, setExportError] = useState<unknown>(null);

  async function exportAll(kind: "json" | "csv") {
    setExporting(kind);
    setExportError(null);
    try {
      const history = await exportHistory(api);
      // Strong's comma format has no unit column: every weight in the account's unit, named in the file's name.
      const csvUnit = exportUnit(history.head);
      const parts: string[] = [];
      const chunks = exportText(history, {
        format: kind,
        onPage: (written) => setExporting(t("export.progress", { kind, written, count: history.head.workoutCount })),
      });
      for await (const chunk of chunks) parts.push(chunk);
      const day = new Date().toISOString().slice(0, 10);
      download(
        parts,
        kind === "json" ? `training-log-${day}.json` : `training-log-${day}-strong-${csvUnit}.csv`,
        kind === "json" ? "application/json" : "text/csv",
      );
    } catch (error) {
      setExportError(error);
    } finally {
      setExporting(null);
    }
  }

  return (
    <>
      <h3>{t("export.heading")}</h3>
      <p className="muted">{t("export.description")}</p>
      <div className="actions">
        <button type="button" disabled={exporting !== null} onClick={() => exportAll("json")}>
          {t("export.json")}
        </button>
        <button type="button" disabled={exporting !== null} onClick={() => exportAll("csv")}>
          {t("export.csv")}
        </button>
      </div>
      {exporting ? <p role="status">{t("export.exporting", { what: exporting })}</p> : null}
      <ErrorMessage error={exportError} />
      <FitExportPanel />
    </>
  );
}
