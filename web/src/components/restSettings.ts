// The logger's rest settings kept in this browser (like the plates): the rest after a warm-up set,
// and whether the user asked for a notification when a rest ends while the tab is hidden.
import { useCallback, useEffect, useState } from "react";
import { DEFAULT_WARMUP_REST_SECONDS } from "../pages/log/draft.ts";

export const REST_SETTINGS_KEY = "svc.rest.v1";
const CHANGED = "svc-rest-changed";

/** The warm-up rest a user may set, seconds: 0 (no timer after a warm-up) to 10 minutes. */
export const WARMUP_REST_LIMITS = { min: 0, max: 600 } as const;

export type RestSettings = { warmupSeconds: number };

export function readRestSettings(): RestSettings {
  try {
    const stored = JSON.parse(localStorage.getItem(REST_SETTINGS_KEY) ?? "null") as Partial<RestSettings> | null;
    const w = stored?.warmupSeconds;
    const ok = Number.isInteger(w) && w! >= WARMUP_REST_LIMITS.min && w! <= WARMUP_REST_LIMITS.max;
    return { warmupSeconds: ok ? w! : DEFAULT_WARMUP_REST_SECONDS };
  } catch {
    return { warmupSeconds: DEFAULT_WARMUP_REST_SECONDS };
  }
}

/** The seconds typed, or the problem with them. */
export function parseWarmupRest(text: string): { seconds: number } | { error: string } {
  const t = text.trim();
  const { min, max } = WARMUP_REST_LIMITS;
  if (!/^\d+$/.test(t) || Number(t) > max)
    return { error: `Enter whole seconds from ${min} to ${max}, such as ${DEFAULT_WARMUP_REST_SECONDS}.` };
  return { seconds: Number(t) };
}

export function writeRestSettings(settings: RestSettings) {
  localStorage.setItem(REST_SETTINGS_KEY, JSON.stringify(settings));
  window.dispatchEvent(new Event(CHANGED));
}

/** The settings, updated when they change in this tab or another. */
export function useRestSettings(): [RestSettings, (s: RestSettings) => void] {
  const [settings, setSettings] = useState(readRestSettings);
  useEffect(() => {
    const reread = () => setSettings(readRestSettings());
    window.addEventListener(CHANGED, reread);
    window.addEventListener("storage", reread);
    return () => {
      window.removeEventListener(CHANGED, reread);
      window.removeEventListener("storage", reread);
    };
  }, []);
  return [settings, useCallback((s: RestSettings) => writeRestSettings(s), [])];
}
