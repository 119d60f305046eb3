// A workout's "Export FIT" button: the server writes the FIT activity file (workoutFit), the
// browser downloads it, ready for Garmin Connect or Strava.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { exportWorkoutFit, type ImportRequester } from "@svc/sdk/export";
import { request } from "../../graphql/client.ts";
import { ErrorMessage } from "../../components/States.tsx";
import { download, FIT_MEDIA_TYPE } from "../../components/download.ts";

const api: ImportRequester = { request: request as ImportRequester["request"] };

export function ExportFitButton({ id }: { id: string }) {
  const { t } = useTranslation("workouts");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  async function exportFit() {
    setBusy(true);
    setError(null);
    try {
      const file = await exportWorkoutFit(api, id);
      if (!file) throw new Error(t("fit.gone"));
      download([file.bytes as Uint8Array<ArrayBuffer>], file.fileName, FIT_MEDIA_TYPE);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <button type="button" disabled={busy} onClick={exportFit}>
        {busy ? t("fit.exporting") : t("fit.export")}
      </button>
      <ErrorMessage error={error} />
    </>
  );
}
