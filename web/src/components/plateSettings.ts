// The bar and the plates a lifter owns, per unit, for the plate calculator. The API has no field
// for them, so they live in this browser's localStorage (defaults: the SDK's 20 kg bar with
// 25/20/15/10/5/2.5/1.25 kg plates, 45 lb bar with 45/35/25/10/5/2.5 lb).
import { useCallback, useEffect, useState } from "react";
import { DEFAULT_BARS, DEFAULT_PLATES, plates as platesFor, type PlateResult } from "@svc/sdk";
import type { UnitName } from "./units.ts";

export type PlateSetup = { bar: number; plates: number[] };
export type PlateSettings = Record<UnitName, PlateSetup>;

export const PLATE_SETTINGS_KEY = "svc.plates.v1";
const CHANGED = "svc-plates-changed";

export function defaultPlateSettings(): PlateSettings {
  return {
    kg: { bar: DEFAULT_BARS.kg, plates: [...DEFAULT_PLATES.kg] },
    lb: { bar: DEFAULT_BARS.lb, plates: [...DEFAULT_PLATES.lb] },
  };
}

function valid(setup: unknown): setup is PlateSetup {
  const s = setup as PlateSetup | null;
  return (
    !!s && typeof s.bar === "number" && Array.isArray(s.plates) && s.plates.every((p) => typeof p === "number" && p > 0)
  );
}

export function readPlateSettings(): PlateSettings {
  const defaults = defaultPlateSettings();
  try {
    const stored = JSON.parse(localStorage.getItem(PLATE_SETTINGS_KEY) ?? "null") as Partial<PlateSettings> | null;
    return { kg: valid(stored?.kg) ? stored.kg : defaults.kg, lb: valid(stored?.lb) ? stored.lb : defaults.lb };
  } catch {
    return defaults;
  }
}

export function writePlateSettings(settings: PlateSettings) {
  localStorage.setItem(PLATE_SETTINGS_KEY, JSON.stringify(settings));
  window.dispatchEvent(new Event(CHANGED));
}

/** The settings, updated when they change in this tab or another. */
export function usePlateSettings(): [PlateSettings, (s: PlateSettings) => void] {
  const [settings, setSettings] = useState(readPlateSettings);
  useEffect(() => {
    const reread = () => setSettings(readPlateSettings());
    window.addEventListener(CHANGED, reread);
    window.addEventListener("storage", reread);
    return () => {
      window.removeEventListener(CHANGED, reread);
      window.removeEventListener("storage", reread);
    };
  }, []);
  const save = useCallback((s: PlateSettings) => writePlateSettings(s), []);
  return [settings, save];
}

/** The plates for a weight with these settings; a message instead when the SDK refuses the numbers. */
export function loadBar(weight: number, unit: UnitName, setup: PlateSetup): PlateResult | { error: string } {
  try {
    return platesFor(weight, { unit, bar: setup.bar, plates: setup.plates });
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
}
