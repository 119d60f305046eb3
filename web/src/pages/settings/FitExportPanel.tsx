// Settings' FIT export: the workouts of a range of days as FIT activity files (written by the
// server, workoutsFit), downloaded as one zip of a file per workout for Garmin Connect or Strava.
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { zipSync } from "fflate";
import { exportFitFiles, type ImportRequester } from "@svc/sdk/export";
import { request } from "../../graphql/client.ts";
import { TextField } from "../../components/Field.tsx";
import { ErrorMessage } from "../../components/States.tsx";
import { download } from "../../components/download.ts";

const api: ImportRequester = { request: request as ImportRequester["request"] };

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** File names in a zip, each once: a second workout of one name and minute gets `-2`. */
function uniqueName(name: string, taken: Set<string>): string {
  let unique = name;
  for (let n = 2; taken.has(unique); n++) unique = name.replace(/\.fit$/, `-${n}.fit`);
  taken.add(unique);
  return unique;
}

export function FitExportPanel() {
  const { t } = useTranslation("settingsSections");
  const [from, setFrom] = useState(() => isoDay(new Date(Date.now() - 30 * 86_400_000)));
  const [to, setTo] = useState(() => isoDay(new Date()));
  const [progress, setProgress] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function exportRange(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setBusy(true);
    setProgress(t("fit.exporting"));
    try {
      const files: Record<string, Uint8Array> = {};
      const taken = new Set<string>();
      for await (const file of exportFitFiles(api, { from, to })) {
        files[uniqueName(file.fileName, taken)] = file.bytes;
        setProgress(t("fit.exportingCount", { count: taken.size }));
      }
      if (!taken.size) {
        setProgress(t("fit.none", { from, to }));
        return;
      }
      download(
        [zipSync(files, { level: 0 }) as Uint8Array<ArrayBuffer>],
        `training-log-fit-${from}-to-${to}.zip`,
        "application/zip",
      );
      setProgress(t("fit.exported", { count: taken.size }));
    } catch (err) {
      setError(err);
      setProgress(null);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="stack" aria-label={t("fit.label")} onSubmit={exportRange}>
      <h4>{t("fit.heading")}</h4>
      <p className="muted">{t("fit.description")}</p>
      <TextField
        label={t("fit.from")}
        type="date"
        required
        value={from}
        max={to}
        onChange={(e) => setFrom(e.target.value)}
      />
      <TextField
        label={t("fit.to")}
        type="date"
        required
        value={to}
        min={from}
        onChange={(e) => setTo(e.target.value)}
      />
      <div className="actions">
        <button type="submit" disabled={busy}>
          {t("fit.export")}
        </button>
      </div>
      {progress ? <p role="status">{progress}</p> : null}
      <ErrorMessage error={error} />
    </form>
  );
}
