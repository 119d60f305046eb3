// Weekly series as charts read them: every week from the first to the last, a week without a
// done work set as zero (weeklyVolume lists only weeks with one).
/** A week of VolumeTable (tables.tsx): weeklyVolume's fields. */
export type VolumeWeek = { week: string; volume: number; unit: string; workSets: number; workouts: number };

function nextMonday(monday: string): string {
  const [y, m, d] = monday.slice(0, 10).split("-").map(Number);
  const next = new Date(Date.UTC(y, m - 1, d + 7));
  return next.toISOString().slice(0, 10);
}

/** The weeks (oldest first) with the weeks between them that had nothing, at 0. */
export function consecutiveWeeks(weeks: readonly VolumeWeek[]): VolumeWeek[] {
  if (weeks.length === 0) return [];
  const byMonday = new Map(weeks.map((w) => [w.week.slice(0, 10), w]));
  const last = weeks[weeks.length - 1].week.slice(0, 10);
  const out: VolumeWeek[] = [];
  for (let monday = weeks[0].week.slice(0, 10); monday <= last; monday = nextMonday(monday))
    out.push(byMonday.get(monday) ?? { week: monday, volume: 0, unit: weeks[0].unit, workSets: 0, workouts: 0 });
  return out;
}
