// A cardio row's distance and time boxes as set text (`5km 25:00`, `3mi`, `2000m 7:30`), and its
// pace and speed in the lifter's distance unit (User.distanceUnit: km or mi). The row keeps the
// distance as typed with the unit it was written in, and the time as typed (`25:00`, `1:05:00`).
import { formatSet, paceSeconds, speedOf, type DistanceUnit, type PaceUnit, type SetKind } from "@svc/sdk/documents";
import { parseAmount } from "../../decimal.ts";

/** What a cardio row holds, as typed. */
export type DistanceRow = {
  kind: SetKind;
  distance?: string;
  distanceUnit?: DistanceUnit;
  time?: string;
  effort: string;
};

/** A distance as typed (`5,5` too), or null. */
const number = parseAmount;

/**
 * Seconds of a time as typed: `25:00`, `1:05:00` (h:mm:ss), `7:30`, or whole minutes alone (`25`);
 * null when it is none of these (seconds or minutes after a colon above 59).
 */
export function parseTime(text: string): number | null {
  const t = text.trim();
  if (/^[0-9]+$/.test(t)) return Number(t) * 60;
  const m = /^(?:([0-9]+):)?([0-9]+):([0-5][0-9])$/.exec(t);
  if (!m) return null;
  const h = m[1] === undefined ? 0 : Number(m[1]);
  const min = Number(m[2]);
  if (m[1] !== undefined && min > 59) return null;
  return h * 3600 + min * 60 + Number(m[3]);
}

/** A time as `m:ss` under an hour, else `h:mm:ss` (`25:00`, `1:05:00`). */
export function formatTime(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/**
 * The set text of a cardio row, or null when both boxes are empty: `5km 25:00`, `5km` (no time),
 * `25:00` (a time alone). What cannot be read stays as typed, so validation names the set and why.
 */
export function distanceSetText(row: DistanceRow, fallbackUnit: DistanceUnit = "km"): string | null {
  const distanceText = (row.distance ?? "").trim();
  const timeText = (row.time ?? "").trim();
  if (distanceText === "" && timeText === "") return null;
  const unit = row.distanceUnit ?? fallbackUnit;
  const distance = distanceText === "" ? null : number(distanceText);
  const seconds = timeText === "" ? null : parseTime(timeText);
  const effort = row.effort.trim() === "" ? null : number(row.effort);
  if (
    (distanceText !== "" && distance === null) ||
    (timeText !== "" && seconds === null) ||
    (row.effort.trim() !== "" && effort === null)
  ) {
    const body = [distanceText === "" ? "" : `${distanceText}${unit}`, timeText].filter(Boolean).join(" ");
    return `${body}${row.effort.trim() ? `@${row.effort.trim()}` : ""}`;
  }
  return formatSet({
    kind: row.kind,
    weight: null,
    bodyweight: false,
    reps: null,
    seconds,
    effort,
    distance,
    distanceUnit: distance === null ? null : unit,
  });
}

/** Pace (seconds per km or mi) and speed (km/h or mph) of a cardio row, or null without both a distance and a time. */
export function rowPace(row: DistanceRow, per: PaceUnit): { pace: number; speed: number } | null {
  const distance = number(row.distance ?? "");
  const seconds = parseTime(row.time ?? "");
  const pace = paceSeconds(distance, row.distanceUnit ?? per, seconds, per);
  const speed = speedOf(pace);
  return pace === null || speed === null || pace <= 0 ? null : { pace, speed };
}

/** The boxes a cardio row takes from `source` (last time's set, or the row above) when Done finds it empty. */
export function distanceFill(source: DistanceRow): {
  measure: "distance";
  distance: string;
  distanceUnit?: DistanceUnit;
  time: string;
} {
  return {
    measure: "distance",
    distance: source.distance ?? "",
    distanceUnit: source.distanceUnit,
    time: source.time ?? "",
  };
}
