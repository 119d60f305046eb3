// Human views of routine and workout documents (the `--json` output is the document itself).
import { factSetText, factText, unitName, type Unit } from "@svc/sdk/weights";
import { table, bold, dim, counted } from "./output.ts";

type Doc = Record<string, unknown>;

function seconds(value: unknown): string | undefined {
  if (typeof value !== "number") return typeof value === "string" ? value : undefined;
  const m = Math.floor(value / 60);
  const s = value % 60;
  return m ? `${m}:${String(s).padStart(2, "0")}` : `${s}s`;
}

export function routineView(doc: Doc): string {
  const exercises = (Array.isArray(doc.exercises) ? doc.exercises : []) as Doc[];
  const unit = String(doc.unit ?? "");
  const facts = [
    `progression ${doc.progression ?? "linear"}`,
    `unit ${unit}`,
    doc.deload ? "deload" : undefined,
    doc.icon ? `icon ${doc.icon}` : undefined,
  ].filter(Boolean);
  const head = `${bold(String(doc.name ?? ""))}  ${dim(String(doc.id ?? ""))}\n${facts.join(" · ")}`;
  if (!exercises.length) return `${head}\nNo exercises.`;
  const extra = (e: Doc) =>
    [
      e.superset ? `superset ${e.superset}` : undefined,
      e.progression ? `progression ${e.progression}` : undefined,
      e.warmups ? counted(Number(e.warmups), "warm-up") : undefined,
      e.drops ? counted(Number(e.drops), "drop") : undefined,
      e.bursts ? counted(Number(e.bursts), "burst") : undefined,
    ]
      .filter(Boolean)
      .join(", ");
  return `${head}\n\n${table(exercises, [
    { header: "EXERCISE", get: (e) => String(e.exercise) },
    { header: "SETS", get: (e) => e.sets as number, align: "right" },
    { header: "REPS", get: (e) => (e.reps === undefined ? undefined : String(e.reps)) },
    { header: "TIME", get: (e) => seconds(e.time) },
    { header: "WEIGHT", get: (e) => (typeof e.weight === "number" ? `${e.weight} ${unit}` : undefined) },
    { header: "REST", get: (e) => seconds(e.rest) },
    { header: "NOTES", get: extra },
  ])}`;
}

/**
 * A workout's start as the wall-clock time of its own day, with the offset that gives it: this
 * computer's zone when the start falls on the workout's date there, else the whole-hour offset
 * nearest to it that does (the server keeps the instant, not the zone it was logged in).
 */
export function startOnItsDate(start: string, date: string, zoneOffsetMinutes?: number): string {
  const instant = Date.parse(start);
  if (!Number.isFinite(instant)) return start;
  const local = zoneOffsetMinutes ?? -new Date(instant).getTimezoneOffset();
  const at = (offset: number) => new Date(instant + offset * 60_000).toISOString().slice(0, 16).replace("T", " ");
  let offset = local;
  if (date && !at(local).startsWith(date)) {
    const fits = Array.from({ length: 27 }, (_, i) => (i - 12) * 60).filter((o) => at(o).startsWith(date));
    if (fits.length) offset = fits.reduce((best, o) => (Math.abs(o - local) < Math.abs(best - local) ? o : best));
  }
  const sign = offset < 0 ? "-" : "+";
  const hhmm = `${String(Math.floor(Math.abs(offset) / 60)).padStart(2, "0")}:${String(Math.abs(offset) % 60).padStart(2, "0")}`;
  return `${at(offset)} ${offset === 0 ? "UTC" : `${sign}${hhmm}`}`;
}

/** A workout as logged, its weights read in `shown` (the lifter's unit) by @svc/sdk/weights' fact rule. */
export function workoutView(doc: Doc, shown?: Unit): string {
  const exercises = (Array.isArray(doc.exercises) ? doc.exercises : []) as Doc[];
  const logged = unitName(String(doc.unit ?? ""));
  const unit = shown ?? logged ?? String(doc.unit ?? "");
  const effort = doc.effort === "rir" ? "rir" : "rpe";
  const setText = (text: string) => (logged && shown ? factSetText(text, logged, shown, effort) : text);
  const title = doc.name ? `${bold(String(doc.name))} on ${doc.date}` : bold(`Workout on ${doc.date}`);
  const facts = [
    typeof doc.start === "string" ? `started ${startOnItsDate(doc.start, String(doc.date ?? ""))}` : undefined,
    typeof doc.minutes === "number" ? `${doc.minutes} min` : undefined,
    typeof doc.bodyweight === "number" ? `bodyweight ${factText(doc.bodyweight, logged ?? unit, unit)}` : undefined,
    logged && logged !== unit ? `weights in ${unit} (logged in ${logged})` : `unit ${unit}`,
    `effort ${String(doc.effort ?? "rpe").toUpperCase()}`,
    doc.routine ? `routine ${doc.routine}` : undefined,
    doc.skipProgression ? "skips progression" : undefined,
  ].filter(Boolean);
  const lines = [`${title}  ${dim(String(doc.id ?? ""))}`, facts.join(" · ")];
  if (typeof doc.notes === "string" && doc.notes) lines.push(`Notes: ${doc.notes}`);
  lines.push("");
  for (const e of exercises) {
    const sets = (Array.isArray(e.sets) ? e.sets : []).map((s) =>
      typeof s === "string"
        ? setText(s)
        : `${setText(String((s as Doc).set))}${(s as Doc).done === false ? " (planned)" : ""}`,
    );
    const tags = [
      e.superset ? `superset ${e.superset}` : undefined,
      e.skipProgression ? "skips progression" : undefined,
    ].filter(Boolean);
    lines.push(`${bold(String(e.exercise))}${tags.length ? dim(`  (${tags.join(", ")})`) : ""}`);
    lines.push(`  ${sets.join(", ")}`);
    if (typeof e.note === "string" && e.note) lines.push(`  note${e.pinned ? " (pinned)" : ""}: ${e.note}`);
  }
  if (!exercises.length) lines.push("No exercises.");
  return lines.join("\n");
}
