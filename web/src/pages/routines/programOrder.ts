// A started program's routines in program order, with the next day marked: its days are named
// `<program> <day>` (startProgram), the library gives the days' order, and the next day is the one
// after the day trained last (the first when none was). Routines of no program come after.
import type { Translate } from "../../components/richText.tsx";

export type OrderedRoutine = {
  id: string;
  name: string;
  program?: string | null;
  lastWorkout: { nodes: ({ date: string; start: string } | null)[] };
};

export type ProgramTemplate = { name: string; days: unknown } | null;

export type ProgramGroup<R extends OrderedRoutine> = {
  /** The program's name; null for the routines of no program. */
  program: string | null;
  days: R[];
  /** The day to train next (null for routines of no program). */
  next: R | null;
};

const key = (text: string) => text.trim().toLowerCase();

/** The program a copy was started from: `GZCLP (2)` is GZCLP. */
function templateOf(program: string, templates: readonly ProgramTemplate[]): ProgramTemplate {
  const base = key(program.replace(/\s*\(\d+\)\s*$/, ""));
  return templates.find((t) => t !== null && key(t.name) === base) ?? null;
}

function dayNames(template: ProgramTemplate): string[] {
  const days = Array.isArray(template?.days) ? (template.days as { name?: unknown }[]) : [];
  return days.map((d) => (typeof d?.name === "string" ? d.name : ""));
}

/** The day's own name: `5/3/1 Boring But Big Squat` of program `5/3/1 Boring But Big` is `Squat`. */
export function dayName(routine: { name: string; program?: string | null }): string {
  const program = routine.program;
  if (program && key(routine.name).startsWith(`${key(program)} `)) return routine.name.slice(program.length + 1).trim();
  return routine.name;
}

const lastTrained = (r: OrderedRoutine) => {
  const w = r.lastWorkout.nodes[0];
  return w ? `${w.date} ${w.start}` : "";
};

export function programGroups<R extends OrderedRoutine>(
  routines: readonly R[],
  templates: readonly ProgramTemplate[],
): ProgramGroup<R>[] {
  const byProgram = new Map<string, R[]>();
  const loose: R[] = [];
  for (const r of routines) {
    if (!r.program) loose.push(r);
    else byProgram.set(key(r.program), [...(byProgram.get(key(r.program)) ?? []), r]);
  }
  const groups: ProgramGroup<R>[] = [...byProgram.values()].map((days) => {
    const program = days[0].program!;
    const order = dayNames(templateOf(program, templates)).map(key);
    const at = (r: R) => {
      const i = order.indexOf(key(dayName(r)));
      return i < 0 ? order.length : i;
    };
    const sorted = [...days].sort((a, b) => at(a) - at(b) || a.name.localeCompare(b.name));
    const latest = sorted.reduce<R | null>(
      (best, r) => (lastTrained(r) > (best ? lastTrained(best) : "") ? r : best),
      null,
    );
    const next = latest ? sorted[(sorted.indexOf(latest) + 1) % sorted.length] : sorted[0];
    return { program, days: sorted, next };
  });
  groups.sort((a, b) => a.program!.localeCompare(b.program!));
  if (loose.length)
    groups.push({ program: null, days: [...loose].sort((a, b) => a.name.localeCompare(b.name)), next: null });
  return groups;
}

/** Where a program's next workout is: `week 2` (a cycle), `stage 1` (stages), or nothing. */
export function placeOf(
  targets: readonly ({ week?: number | null; stage?: number | null } | null)[] | null | undefined,
  /** The routines namespace's t() (English without it). */
  t?: Translate,
): string {
  const week = targets?.find((x) => x?.week != null)?.week;
  if (week != null) return t ? t("place.week", { week }) : `week ${week}`;
  const stage = targets?.find((x) => x?.stage != null)?.stage;
  if (stage == null) return "";
  return t ? t("place.stage", { stage }) : `stage ${stage}`;
}

/** Routines of no program by folder: folders in the lifter's order, then by name (each's routines by name), then those in none. */
export function folderGroups<R extends { name: string; folder?: string | null }>(
  routines: readonly R[],
  order: readonly (string | null)[] | null = null,
): { folder: string | null; routines: R[] }[] {
  const byFolder = new Map<string, R[]>();
  const loose: R[] = [];
  for (const r of routines) {
    const folder = r.folder?.trim();
    if (!folder) loose.push(r);
    else byFolder.set(key(folder), [...(byFolder.get(key(folder)) ?? []), r]);
  }
  const byName = (a: R, b: R) => a.name.localeCompare(b.name);
  // The lifter's order first; a folder it does not name after those, by name.
  const place = new Map((order ?? []).flatMap((name, i) => (name ? [[key(name), i] as const] : [])));
  const rank = (folder: string) => place.get(key(folder)) ?? Infinity;
  const groups = [...byFolder.values()]
    .map((list) => ({ folder: list[0].folder!.trim(), routines: [...list].sort(byName) }))
    .sort((a, b) => rank(a.folder) - rank(b.folder) || a.folder.localeCompare(b.folder));
  return loose.length ? [...groups, { folder: null, routines: [...loose].sort(byName) }] : groups;
}
