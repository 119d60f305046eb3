// Settings: the rest after a warm-up set, and rest-over notifications (kept in this browser).
import { useState, type FormEvent } from "react";
import { Section } from "./Page.tsx";
import { TextField } from "./Field.tsx";
import { parseWarmupRest, useRestSettings } from "./restSettings.ts";

function NotificationChoice() {
  const supported = typeof Notification !== "undefined";
  const [permission, setPermission] = useState(supported ? Notification.permission : "denied");
  if (!supported) return <p className="muted">This browser cannot show notifications.</p>;
  if (permission === "granted")
    return <p className="muted">A notification says when a rest ends while the logger is in the background.</p>;
  if (permission === "denied")
    return <p className="muted">Notifications are blocked for this site; allow them in the browser's site settings.</p>;
  return (
    <p>
      <button type="button" onClick={() => void Notification.requestPermission().then(setPermission)}>
        Notify me when a rest ends
      </button>{" "}
      <span className="muted">(while the logger is in the background)</span>
    </p>
  );
}

export function RestSettingsSection() {
  const [settings, save] = useRestSettings();
  const [typed, setTyped] = useState(String(settings.warmupSeconds));
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  function submit(e: FormEvent) {
    e.preventDefault();
    const result = parseWarmupRest(typed);
    if ("error" in result) {
      setProblem(result.error);
      setSaved(false);
      return;
    }
    setProblem(null);
    save({ ...settings, warmupSeconds: result.seconds });
    setSaved(true);
  }
  return (
    <Section title="Rest timer">
      <form onSubmit={submit} noValidate className="stack">
        <TextField
          label="Rest after a warm-up set (seconds)"
          inputMode="numeric"
          value={typed}
          onChange={(e) => {
            setSaved(false);
            setTyped(e.target.value);
          }}
          error={problem}
          hint="A work set rests as long as its routine says (90 s when it says nothing). 0: no timer after a warm-up."
        />
        <div className="form-actions">
          <button type="submit">Save rest settings</button>
          <span role="status">{saved ? "Saved on this device." : ""}</span>
        </div>
      </form>
      <NotificationChoice />
    </Section>
  );
}
