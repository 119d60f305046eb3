// Settings: the rest after a warm-up set, and rest-over notifications (kept in this browser).
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Section } from "./Page.tsx";
import { TextField } from "./Field.tsx";
import { parseWarmupRest, useRestSettings, WARMUP_REST_LIMITS } from "./restSettings.ts";
import { DEFAULT_WARMUP_REST_SECONDS } from "../pages/log/draft.ts";

function NotificationChoice() {
  const { t } = useTranslation("components");
  const supported = typeof Notification !== "undefined";
  const [permission, setPermission] = useState(supported ? Notification.permission : "denied");
  if (!supported) return <p className="muted">{t("rest.notifyUnsupported")}</p>;
  if (permission === "granted") return <p className="muted">{t("rest.notifyGranted")}</p>;
  if (permission === "denied") return <p className="muted">{t("rest.notifyDenied")}</p>;
  return (
    <p>
      <button type="button" onClick={() => void Notification.requestPermission().then(setPermission)}>
        {t("rest.notifyMe")}
      </button>{" "}
      <span className="muted">{t("rest.notifyWhile")}</span>
    </p>
  );
}

export function RestSettingsSection() {
  const { t } = useTranslation("components");
  const [settings, save] = useRestSettings();
  const [typed, setTyped] = useState(String(settings.warmupSeconds));
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  function submit(e: FormEvent) {
    e.preventDefault();
    const result = parseWarmupRest(typed);
    if ("error" in result) {
      setProblem(t("rest.error", { ...WARMUP_REST_LIMITS, example: DEFAULT_WARMUP_REST_SECONDS }));
      setSaved(false);
      return;
    }
    setProblem(null);
    save({ ...settings, warmupSeconds: result.seconds });
    setSaved(true);
  }
  return (
    <Section title={t("rest.title")}>
      <form onSubmit={submit} noValidate className="stack">
        <TextField
          label={t("rest.warmupLabel")}
          inputMode="numeric"
          value={typed}
          onChange={(e) => {
            setSaved(false);
            setTyped(e.target.value);
          }}
          error={problem}
          hint={t("rest.warmupHint")}
        />
        <div className="form-actions">
          <button type="submit">{t("rest.save")}</button>
          <span role="status">{saved ? t("rest.saved") : ""}</span>
        </div>
      </form>
      <NotificationChoice />
    </Section>
  );
}
