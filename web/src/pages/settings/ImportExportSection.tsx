// Import and export: bring a history from Strong, Hevy, FitNotes or an svc export (a preview with
// what maps to what and a choice per unknown exercise name, then the import), and take everything
// out (JSON that imports back, or Strong's CSV). A file is read here by @svc/sdk/import and goes
// the way `svc import` sends it: staged in parts, then checked and imported whole, in one
// transaction on the server.
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { Link, useLocation } from "react-router";
import {
  parseImport,
  exportHistory,
  exportText,
  exportUnit,
  stageImport,
  importStaged,
  lineOfPath,
  skipCountText,
  ImportParseError,
  IMPORT_FORMAT_NAMES,
  isFitFile,
  type ImportChoice,
  type ImportFormat,
  type ImportRequester,
  type ImportSummary,
  type ParsedImport,
} from "@svc/sdk/import";
import { request, errorMessage, ApiError } from "../../graphql/client.ts";
import { Section } from "../../components/Page.tsx";
import { SelectField } from "../../components/Field.tsx";
import { ErrorMessage } from "../../components/States.tsx";
import { useUserUnits, type UnitName } from "../../components/units.ts";
import { useSession } from "../../auth/session.tsx";
import { download } from "../../components/download.ts";
import { FitExportPanel } from "./FitExportPanel.tsx";

/** The web app's request function as the SDK's import calls take it. */
const api: ImportRequester = { request: request as ImportRequester["request"] };

const FORMATS: readonly { value: "" | ImportFormat; label: string }[] = [
  { value: "", label: "Find from the file" },
  ...Object.entries(IMPORT_FORMAT_NAMES).map(([value, label]) => ({ value: value as ImportFormat, label })),
];
const UNITS: readonly { value: "" | UnitName; label: string }[] = [
  { value: "", label: "My unit" },
  { value: "kg", label: "kg" },
  { value: "lb", label: "lb" },
];

function timeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/** What went wrong, naming the file's line where a row or a refused set is to blame. */
function importErrorText(error: unknown, fileName: string, parsed: ParsedImport | null): string {
  if (error instanceof ImportParseError) return `${fileName}, ${error.message}`;
  if (error instanceof ApiError && error.code === "INVALID_DOCUMENT" && typeof error.extensions.path === "string") {
    const at = parsed && lineOfPath(parsed, error.extensions.path);
    if (at)
      return `${fileName}, line ${at.line} (${at.field}): ${String(error.extensions.reason)}; nothing was imported.`;
  }
  return errorMessage(error);
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

export function ImportExportSection() {
  const { unit: userUnit } = useUserUnits();
  const { refresh } = useSession();
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [format, setFormat] = useState<"" | ImportFormat>("");
  const [unit, setUnit] = useState<"" | UnitName>("");
  const [staged, setStaged] = useState<{ parsed: ParsedImport; importId: string } | null>(null);
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
      const importId = await stageImport(api, read, (i, count) =>
        setProgress(count > 1 ? `Sending part ${i + 1} of ${count}…` : "Sending the file…"),
      );
      setProgress("Checking the whole file…");
      setPreview(await importStaged(api, importId, { choices: chosen(), dryRun: true }));
      setStaged({ parsed: read, importId });
    } catch (error) {
      setImportError(importErrorText(error, file.name, parsed));
    } finally {
      setProgress(null);
    }
  }

  async function importNow() {
    if (!file || !staged) return;
    setImportError(null);
    setProgress("Importing the whole file…");
    try {
      const result = await importStaged(api, staged.importId, { choices: chosen(), dryRun: false });
      setStaged(null);
      setPreview(null);
      setDone(
        result.workouts === 0 && result.duplicates > 0
          ? `Nothing new: all ${result.duplicates} workouts of ${file.name} are already here; nothing was added.`
          : `Imported ${result.workouts} workouts and ${result.sets} sets from ${file.name}${result.duplicates ? ` (${result.duplicates} already here were left alone)` : ""}.`,
      );
      // An svc export also sets the account's unit and effort scale.
      if (staged.parsed.extras?.settings) await refresh();
    } catch (error) {
      setImportError(importErrorText(error, file.name, staged.parsed));
    } finally {
      setProgress(null);
    }
  }

  const busy = progress !== null;
  const read = staged?.parsed;
  const unchosen = preview?.names.filter((n) => n.action === "unmapped" && !choices[n.name]) ?? [];

  return (
    <Section
      title="Import and export"
      description="Bring your history from Strong, Hevy or FitNotes, a watch's FIT file (or another account of this service), and take everything out again."
    >
      <h3 id="import" ref={importHeading} tabIndex={-1}>
        Import
      </h3>
      <form className="stack" onSubmit={previewImport}>
        <div className="field">
          <label htmlFor="import-file">Export file</label>
          <input
            id="import-file"
            type="file"
            accept=".csv,.json,.txt,.fit,text/csv,application/json"
            onChange={choose}
          />
        </div>
        <SelectField
          label="Format"
          value={format}
          options={FORMATS}
          onChange={(e) => {
            setFormat(e.target.value as "" | ImportFormat);
            reset();
          }}
        />
        <SelectField
          label="Unit of the file's weights"
          hint="Used when the file does not say it (Strong's comma format)."
          value={unit}
          options={UNITS}
          onChange={(e) => {
            setUnit(e.target.value as "" | UnitName);
            reset();
          }}
        />
        <div className="actions">
          <button type="submit" disabled={!file || busy}>
            {busy && !preview ? "Reading…" : "Preview"}
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
          {done} <Link to="/workouts">See the imported workouts</Link>
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
  const [onlyChoices, setOnlyChoices] = useState(false);
  // A name needs a choice when nothing matched it or it matched only loosely (by words or a typo).
  const needsChoice = (n: ImportSummary["names"][number]) =>
    n.action === "unmapped" || n.via === "words" || n.via === "typo" || choices[n.name] !== undefined;
  const choosing = preview.names.filter(needsChoice);
  const shown = onlyChoices ? choosing : preview.names;
  return (
    <div aria-label="Import preview">
      <p role="status">
        {preview.workouts === 0 && preview.duplicates > 0
          ? `Nothing new: all ${preview.duplicates} workouts of this file are already here.`
          : `Would import ${preview.workouts} workouts and ${preview.sets} sets${preview.firstDate ? `, ${preview.firstDate} to ${preview.lastDate}` : ""}${preview.duplicates ? `; ${preview.duplicates} already here are left alone` : ""}.`}
        {read
          ? ` Read as ${read.format}, ${read.rows} rows${read.unitStated ? "" : `, weights in ${read.unit} (the file does not say)`}.`
          : null}
      </p>
      {preview.routines || preview.bodyweights || preview.customExercises ? (
        <p>
          Also {preview.routines} routines, {preview.bodyweights} bodyweights and {preview.customExercises} custom
          exercises.
        </p>
      ) : null}
      {choosing.length && choosing.length < preview.names.length ? (
        <label className="inline-check">
          <input type="checkbox" checked={onlyChoices} onChange={(e) => setOnlyChoices(e.target.checked)} />
          <span>
            Show only the {choosing.length === 1 ? "1 name that needs" : `${choosing.length} names that need`} a choice
            (of {preview.names.length})
          </span>
        </label>
      ) : null}
      <table className="cards">
        <caption>Exercises in the file</caption>
        <thead>
          <tr>
            <th>In the file</th>
            <th>Sets</th>
            <th>Becomes</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((n) => (
            <tr key={n.name}>
              <td data-label="In the file">{n.name}</td>
              <td data-label="Sets">{n.sets}</td>
              <td data-label="Becomes">
                {needsChoice(n) ? (
                  <SelectField
                    label={`What to do with ${n.name}`}
                    value={choices[n.name] ?? ""}
                    options={[
                      // A loose match (the resolver's words or typo tiers) is kept unless changed.
                      { value: "", label: n.action === "map" ? `${n.exercise} (a close match)` : "Choose…" },
                      ...n.suggestions.map((s) => ({ value: `map:${s}`, label: s })),
                      { value: "create", label: "Create a custom exercise" },
                      { value: "skip", label: "Skip its sets" },
                    ]}
                    onChange={(e) => onChoose(n.name, e.target.value)}
                  />
                ) : n.action === "map" ? (
                  n.exercise
                ) : n.action === "create" ? (
                  "A new custom exercise"
                ) : (
                  "Skipped"
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {read?.format === "svc" ? (
        <p>Importing this export also sets your unit and effort scale to the export's.</p>
      ) : null}
      {read?.skipped.length ? (
        <>
          <h4>Left out or changed</h4>
          <ul>
            {read.skipped.map((k) => (
              <li key={k.reason}>
                {skipCountText(k)} (first at {read.format === "fit" ? "set message" : "line"} {k.firstLine})
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <div className="actions">
        <button type="button" disabled={busy || unchosen > 0 || preview.workouts === 0} onClick={onImport}>
          {busy ? "Importing…" : `Import ${preview.workouts} workouts`}
        </button>
        {unchosen ? (
          <p className="muted">
            Choose what to do with {unchosen} exercise name{unchosen === 1 ? "" : "s"} first.
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** Everything out, as svc's JSON (importable back) or Strong's CSV, downloaded as a file. */
function ExportPanel() {
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
        onPage: (written) => setExporting(`${kind}: ${written} of ${history.head.workoutCount} workouts`),
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
      <h3>Export</h3>
      <p className="muted">
        Every routine and workout as documents, with bodyweights, custom exercises and settings: import it back here or
        on another server. Or Strong's CSV, which other apps import.
      </p>
      <div className="actions">
        <button type="button" disabled={exporting !== null} onClick={() => exportAll("json")}>
          Export (JSON)
        </button>
        <button type="button" disabled={exporting !== null} onClick={() => exportAll("csv")}>
          Export (CSV for other apps)
        </button>
      </div>
      {exporting ? <p role="status">Exporting {exporting}…</p> : null}
      <ErrorMessage error={exportError} />
      <FitExportPanel />
    </>
  );
}
