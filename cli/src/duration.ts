// Durations typed by people (`--expires-in 7d`): only units that cannot be misread. `m` is refused
// (minutes or months?), as are seconds (a ban or key of seconds is a typo).
import { UsageError } from "./errors.ts";

const UNITS = { min: 60, h: 3600, d: 86_400, w: 604_800, y: 31_536_000 } as const;
export const DURATION_FORMS =
  "a number and one of min (minutes), h (hours), d (days), w (weeks), y (years of 365 days), e.g. 30min, 12h, 30d, 2w, 1y";

/** Seconds in `30min`, `12h`, `30d`, `2w`, `1y`; `never` is null (no end). */
export function parseExpiry(value: string, flag: string): number | null {
  const text = value.trim().toLowerCase();
  if (text === "never") return null;
  const m = /^(\d+)\s*([a-z]+)$/.exec(text);
  const unit = m?.[2] as keyof typeof UNITS | undefined;
  if (!m || !unit || !(unit in UNITS)) {
    const ambiguous = m?.[2] === "m" || m?.[2] === "mo" ? ` ("${m![2]}" could mean minutes or months)` : "";
    throw new UsageError(
      `${flag} ${JSON.stringify(value)} is not a duration${ambiguous}. Give ${DURATION_FORMS}, or never.`,
    );
  }
  const seconds = Number(m[1]) * UNITS[unit];
  if (!Number.isSafeInteger(seconds) || seconds <= 0)
    throw new UsageError(`${flag} must be longer than 0, not ${JSON.stringify(value)}.`);
  return seconds;
}
