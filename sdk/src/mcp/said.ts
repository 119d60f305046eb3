// The MCP tools' numbers as a lifter reads them, one sentence each for an assistant to quote: the
// display rule of @svc/sdk/weights (a lifted weight in the user's unit with the entered value
// beside it, estimates at one decimal, totals whole), beside the raw values of the answer.
import type { ExerciseRecords } from "../types.ts";
import { estimateText, factText, recordSetWeight, totalText, weightText } from "../weights.ts";

type Session = { date: string; unit: string; e1rm: number | null; bestSetWeight: number; bestSetReps: number };
type Week = { week: string; volume: number; unit: string };

/** `Heaviest 231.5 lb (105 kg) x 3 on 2026-03-04; best estimated 1RM 271.9 lb (from 220.5 lb x 7) on 2026-03-04.` */
export function recordsSaid(records: ExerciseRecords): string {
  const parts: string[] = [];
  const h = records.heaviest;
  if (h) parts.push(`heaviest ${factText(h.enteredWeight, h.enteredUnit, h.unit)} x ${h.reps} on ${h.date}`);
  const b = records.bestE1rm;
  if (b)
    parts.push(
      `best estimated 1RM ${estimateText(b.weight, b.unit)} (from ${weightText(recordSetWeight(b), b.unit)} x ${b.reps}) on ${b.date}`,
    );
  if (records.bodyweightReps) parts.push(`most reps at bodyweight ${records.bodyweightReps.reps}`);
  if (parts.length === 0) return "No records yet.";
  const text = parts.join("; ");
  return `${text[0].toUpperCase()}${text.slice(1)}.`;
}

/** Sessions newest first: `2026-03-04: estimated 1RM 271.9 lb, best set 231.5 lb x 3`. */
export function sessionsSaid(sessions: readonly Session[]): string[] {
  return sessions.map(
    (s) =>
      `${s.date}: ${s.e1rm === null ? "no estimate" : `estimated 1RM ${estimateText(s.e1rm, s.unit)}`}, best set ${estimateText(s.bestSetWeight, s.unit)} x ${s.bestSetReps}`,
  );
}

/** `Week of 2026-03-02: 4,712 lb` per week, oldest first. */
export function weeksSaid(weeks: readonly Week[]): string[] {
  return weeks.map((w) => `Week of ${w.week}: ${totalText(w.volume, w.unit)}`);
}
