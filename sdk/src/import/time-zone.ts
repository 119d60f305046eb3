// Time-zone offsets from Intl, shared by reading files (csv.ts) and writing them (export.ts, which
// browsers load without the CSV parser).

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * Minutes east of UTC of a time zone at an instant (Intl, one formatter per zone). Throws a
 * RangeError for a zone Intl does not know.
 */
export function zoneOffsetAt(timeZone: string, instant: number): number {
  let fmt = formats.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formats.set(timeZone, fmt);
  }
  const parts = Object.fromEntries(fmt.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  const shown = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour % 24, +parts.minute, +parts.second);
  return Math.round((shown - Math.floor(instant / 1000) * 1000) / 60_000);
}
