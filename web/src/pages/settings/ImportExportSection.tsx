// Import and export: bring a history from Strong, Hevy, FitNotes or an svc export (a preview with
// what maps to what and a choice per unknown exercise name, then the import), and take everything
// out (JSON that imports back, or Strong's CSV). The file is read on the server (importWorkouts
// with `text`), by the same code as `svc import`.
import { useState, type ChangeEvent, type FormEvent } from "react";
import { exportStrongCsv, STRONG_CSV_HEADER, EXPORT_FORMAT, EXPORT_VERSION } from "@svc/sdk/export";
import { graphql, type ResultOf, type VariablesOf } from "../../graphql/graphql.ts";
import { request, errorMessage, ApiError } from "../../graphql/client.ts";
import { useMutation } from "../../graphql/hooks.ts";
import { Section } from "../../components/Page.tsx";
import { SelectField } from "../../components/Field.tsx";
import { ErrorMessage } from "../../components/States.tsx";

const ImportFile = graphql(`
  mutation ImportFile(
    $text: String!
    $from: ImportFormat
    $unit: Unit
    $timeZone: String
    $choices: [ImportChoice!]
    $dryRun: Boolean
  ) {
    importWorkouts(
      input: { text: $text, from: $from, unit: $unit, timeZone: $timeZone, choices: $choices, dryRun: $dryRun }
    ) {
      dryRun
      workouts
      duplicates
      emptied
      sets
      skippedSets
      firstDate
      lastDate
      unmapped
      routines
      bodyweights
      customExercises
      names {
        name
        action
        via
        exercise
        suggestions
        sets
      }
      file {
        format
        unit
        unitStated
        rows
        skipped {
          reason
          text
          rows
          firstLine
        }
      }
    }
  }
`);

const ExportAccount = graphql(`
  query ExportAccount {
    exportAccount
  }
`);

const ExportWorkouts = graphql(`
  query ExportWorkouts($after: String) {
    exportWorkouts(after: $after) {
      documents
      hasNextPage
      endCursor
    }
  }
`);

type Summary = NonNullable<ResultOf<typeof ImportFile>["importWorkouts"]>;
type Format = NonNullable<VariablesOf<typeof ImportFile>["from"]>;
type Unit = NonNullable<VariablesOf<typeof ImportFile>["unit"]>;
type Choice = NonNullable<VariablesOf<typeof ImportFile>["choices"]>[number];

/** The request body's limit (the server's 1 MB, less room for the rest of the request). */
const MAX_FILE_BYTES = 1_000_000 - 4_096;

const FORMATS: readonly { value: "" | Format; label: string }[] = [
  { value: "", label: "Find from the file" },
  { value: "STRONG", label: "Strong" },
  { value: "HEVY", label: "Hevy" },
  { value: "FITNOTES", label: "FitNotes" },
  { value: "SVC", label: "This service's export (JSON)" },
];
const UNITS: readonly { value: "" | Unit; label: string }[] = [
  { value: "", label: "My unit" },
  { value: "KG", label: "kg" },
  { value: "LB", label: "lb" },
];

function timeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/** Offers a text (or its parts) as a file download. */
function download(parts: string[], name: string, type: string) {
  const url = URL.createObjectURL(new Blob(parts, { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function ImportExportSection() {
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [format, setFormat] = useState<"" | Format>("");
  const [unit, setUnit] = useState<"" | Unit>("");
  const [preview, setPreview] = useState<Summary | null>(null);
  const [choices, setChoices] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);
  const [run, running] = useMutation(ImportFile);
  const [exporting, setExporting] = useState<string | null>(null);
  const [exportError, setExportError] = useState<unknown>(null);

  const variables = (dryRun: boolean) => ({
    text: file!.text,
    from: format || null,
    unit: unit || null,
    timeZone: timeZone(),
    dryRun,
    choices: Object.entries(choices).flatMap(([name, value]): Choice[] =>
      value === "skip"
        ? [{ name, action: "SKIP" }]
        : value === "create"
          ? [{ name, action: "CREATE" }]
          : value.startsWith("map:")
            ? [{ name, action: "MAP", exercise: value.slice(4) }]
            : [],
    ),
  });

  async function choose(e: ChangeEvent<HTMLInputElement>) {
    setPreview(null);
    setDone(null);
    setChoices({});
    setFileError(null);
    running.reset();
    const chosen = e.target.files?.[0];
    if (!chosen) return setFile(null);
    if (chosen.size > MAX_FILE_BYTES) {
      setFile(null);
      setFileError(
        `${chosen.name} is ${(chosen.size / 1_000_000).toFixed(1)} MB; the web app sends files of up to 1 MB. Import it with the command-line client: svc import "${chosen.name}" (it sends a long history in parts).`,
      );
      return;
    }
    setFile({ name: chosen.name, text: await chosen.text() });
  }

  async function previewImport(e: FormEvent) {
    e.preventDefault();
    if (!file) return;
    setDone(null);
    try {
      const result = await run(variables(true));
      setPreview(result.importWorkouts ?? null);
    } catch {
      setPreview(null);
    }
  }

  async function importNow() {
    try {
      const result = (await run(variables(false))).importWorkouts;
      if (!result) return;
      setPreview(null);
      setDone(
        result.workouts === 0 && result.duplicates > 0
          ? `Nothing new: all ${result.duplicates} workouts of ${file!.name} are already here; nothing was added.`
          : `Imported ${result.workouts} workouts and ${result.sets} sets from ${file!.name}${result.duplicates ? ` (${result.duplicates} already here were left alone)` : ""}.`,
      );
    } catch {
      // Shown from running.error.
    }
  }

  const unchosen = preview?.names.filter((n) => n.action === "unmapped" && !choices[n.name]) ?? [];

  async function exportAll(kind: "json" | "csv") {
    setExporting(kind);
    setExportError(null);
    try {
      const { exportAccount: account } = await request(ExportAccount);
      const { workouts: count, ...rest } = (account ?? {}) as Record<string, unknown>;
      const parts: string[] = [];
      // Strong's comma format has no unit column: every weight in the account's unit, named in the file's name.
      const csvUnit = (rest.settings as { unit?: string } | undefined)?.unit === "lb" ? "lb" : "kg";
      if (kind === "json") {
        const head = JSON.stringify(
          {
            format: EXPORT_FORMAT,
            version: EXPORT_VERSION,
            exportedAt: new Date().toISOString(),
            ...rest,
            workouts: [],
          },
          null,
          2,
        );
        parts.push(`${head.slice(0, head.lastIndexOf("[]"))}[`);
      } else parts.push(`${STRONG_CSV_HEADER}\n`);
      let after: string | null = null;
      let written = 0;
      for (;;) {
        const page: NonNullable<ResultOf<typeof ExportWorkouts>["exportWorkouts"]> | null = (
          await request(ExportWorkouts, { after })
        ).exportWorkouts;
        if (!page) break;
        const documents = page.documents as Record<string, unknown>[];
        if (kind === "json")
          for (const doc of documents) parts.push(`${written++ ? "," : ""}\n    ${JSON.stringify(doc)}`);
        else {
          const lines = exportStrongCsv(documents, { unit: csvUnit });
          if (lines.length) parts.push(`${lines.join("\n")}\n`);
          written += documents.length;
        }
        setExporting(`${kind}: ${written} of ${String(count)} workouts`);
        if (!page.hasNextPage) break;
        after = page.endCursor;
      }
      if (kind === "json") parts.push(`${written ? "\n  " : ""}]\n}\n`);
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

  const importError =
    running.error instanceof ApiError && typeof running.error.extensions.line === "number"
      ? `${file?.name ?? "The file"}, ${running.error.message}`
      : running.error
        ? errorMessage(running.error)
        : null;

  return (
    <Section
      title="Import and export"
      description="Bring your history from Strong, Hevy or FitNotes (or another account of this service), and take everything out again."
    >
      <h3>Import</h3>
      <form onSubmit={previewImport}>
        <div className="field">
          <label htmlFor="import-file">Export file</label>
          <input
            id="import-file"
            type="file"
            accept=".csv,.json,.txt,text/csv,application/json"
            onChange={choose}
            aria-describedby={fileError ? "import-file-error" : undefined}
            aria-invalid={fileError ? true : undefined}
          />
          {fileError ? (
            <p id="import-file-error" className="field-error">
              {fileError}
            </p>
          ) : null}
        </div>
        <SelectField
          label="Format"
          value={format}
          options={FORMATS}
          onChange={(e) => {
            setFormat(e.target.value as "" | Format);
            setPreview(null);
          }}
        />
        <SelectField
          label="Unit of the file's weights"
          hint="Used when the file does not say it (Strong's comma format)."
          value={unit}
          options={UNITS}
          onChange={(e) => {
            setUnit(e.target.value as "" | Unit);
            setPreview(null);
          }}
        />
        <div className="actions">
          <button type="submit" disabled={!file || running.running}>
            {running.running && !preview ? "Reading…" : "Preview"}
          </button>
        </div>
      </form>
      {importError ? (
        <p role="alert" className="field-error">
          {importError}
        </p>
      ) : null}
      {done ? <p role="status">{done}</p> : null}
      {preview ? (
        <div aria-label="Import preview">
          <p role="status">
            {preview.workouts === 0 && preview.duplicates > 0
              ? `Nothing new: all ${preview.duplicates} workouts of this file are already here.`
              : `Would import ${preview.workouts} workouts and ${preview.sets} sets${preview.firstDate ? `, ${preview.firstDate} to ${preview.lastDate}` : ""}${preview.duplicates ? `; ${preview.duplicates} already here are left alone` : ""}.`}
            {preview.file
              ? ` Read as ${preview.file.format}, ${preview.file.rows} rows${preview.file.unitStated ? "" : `, weights in ${preview.file.unit} (the file does not say)`}.`
              : null}
          </p>
          {preview.routines || preview.bodyweights || preview.customExercises ? (
            <p>
              Also {preview.routines} routines, {preview.bodyweights} bodyweights and {preview.customExercises} custom
              exercises.
            </p>
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
              {preview.names.map((n) => (
                <tr key={n.name}>
                  <td data-label="In the file">{n.name}</td>
                  <td data-label="Sets">{n.sets}</td>
                  <td data-label="Becomes">
                    {n.action === "unmapped" ||
                    n.via === "words" ||
                    n.via === "typo" ||
                    choices[n.name] !== undefined ? (
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
                        onChange={(e) => setChoices((c) => ({ ...c, [n.name]: e.target.value }))}
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
          {preview.file?.format === "svc" ? (
            <p>Importing this export also sets your unit and effort scale to the export's.</p>
          ) : null}
          {preview.file?.skipped.length ? (
            <>
              <h4>Left out or changed</h4>
              <ul>
                {preview.file.skipped.map((k) => (
                  <li key={k.reason}>
                    {k.rows} {k.text} (first at line {k.firstLine})
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <div className="actions">
            <button
              type="button"
              disabled={running.running || unchosen.length > 0 || preview.workouts === 0}
              onClick={importNow}
            >
              {running.running ? "Importing…" : `Import ${preview.workouts} workouts`}
            </button>
            {unchosen.length ? (
              <p className="muted">
                Choose what to do with {unchosen.length} exercise name{unchosen.length === 1 ? "" : "s"} first.
              </p>
            ) : null}
          </div>
        </div>
      ) : null}
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
    </Section>
  );
}
