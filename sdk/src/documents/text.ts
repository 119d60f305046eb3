/**
 * The small text languages inside documents: durations (`time`, `rest`), reps ranges and set text.
 *
 * Every rule here is a regular expression plus integer/decimal checks on the captured digits,
 * written so that PostgreSQL (ARE regexes, `numeric`) can reproduce it exactly:
 * - only `[0-9]` for digits, `[ \t]` for whitespace (space and tab, nothing else);
 * - letters are matched case-insensitively by listing both cases (`[xX×]`), never with a flag;
 * - digit strings may be long (`0000100`): compare them as exact numbers, never as floats;
 * - decimals are checked on the text of the digits, not on a binary float.
 * The same patterns are embedded in the JSON Schemas (a test keeps them identical).
 */
import { REASONS } from "./reasons.ts";

export type Result<T> = { ok: true; value: T } | { ok: false; reason: string };
export type EffortScale = "rpe" | "rir";
export type SetKind = "work" | "warmup" | "drop" | "burst";

/** Longest duration anywhere (routine `time`, set text): one day. */
export const MAX_DURATION_SECONDS = 86400;
/** Longest routine `rest`. */
export const MAX_REST_SECONDS = 900;
export const MAX_REPS = 500;
/** Largest weight (routine weight, bodyweight, set text weight). Weights have at most 2 decimals. */
export const MAX_WEIGHT = 10000;
/** Longest distance of a set in km or mi (a meters distance: at most 1000000 m). Above 0, at most 3 decimals. */
export const MAX_DISTANCE = 1000;
export const MAX_DISTANCE_METERS = 1000000;
/** Meters in a kilometre and in a mile (international mile). */
export const METERS_PER_UNIT: Record<DistanceUnit, number> = { km: 1000, mi: 1609.344, m: 1 };
export type DistanceUnit = "km" | "mi" | "m";

const W = "[ \\t]*";
/** Alternatives of a duration that carries its own unit (used in set text and time/rest strings). */
const DURATION_WITH_UNIT =
  `([0-9]+)${W}[sS]` + // 1: seconds, `45s`
  `|([0-9]+):([0-5]?[0-9])` + // 2,3: `1:30`, `1:5` (= 65 s)
  `|([0-9]+)${W}[mM](?:${W}([0-9]+)${W}[sS])?`; // 4,5: `2m`, `1m30s`, `1m 30s`

/**
 * Duration string for `time` and `rest`: bare seconds (`90`), `<m>:<ss>` (`1:30`, seconds 0-59,
 * one or two digits), `<n>m` optionally followed by `<n>s` (`2m`, `1m30s`), or `<n>s` (`45s`).
 * Groups: 1 bare seconds; 2 seconds; 3,4 minutes and seconds of m:ss; 5,6 minutes and seconds of m/s.
 */
export const DURATION_PATTERN = `^${W}(?:([0-9]+)|${DURATION_WITH_UNIT})${W}$`;

/** Reps range: digits, optional spaces, hyphen or en dash, optional spaces, digits. Groups: 1 low, 2 high. */
export const REPS_RANGE_PATTERN = `^${W}([0-9]+)${W}[-–]${W}([0-9]+)${W}$`;

/** The AMRAP mark after a set's reps: `+`, as many reps as possible, at least that many. */
const AMRAP = `(?:${W}(\\+))?`;

/**
 * Set text. Groups:
 *  1 prefix (`w`, `d`, `rp`, any case);
 *  2 `bw`, 3 its reps, 4 `+`;
 *  5 weight (digits, optional `.` or `,` and digits), then 6 reps and 7 `+` (form `<weight>x<reps>`
 *    or `x<reps>`) or a duration with its unit (a weighted hold `20x45s`): 8 seconds, 9,10 m:ss,
 *    11,12 m and s;
 *  13 seconds (`45s`); 14,15 minutes and seconds (`1:30`); 16,17 minutes and seconds (`2m`, `1m30s`);
 *  18 `bw` of a weighted bodyweight set, 19 its added load, 20 its reps, 21 `+` (`bw+20x5+`);
 *  22 distance in km or mi (digits, optional `.` or `,` and digits), 23 its unit (`km`, `mi`), then
 *    an optional duration with its unit: 24 seconds, 25,26 m:ss, 27,28 m and s (`5km 25:00`, `3mi`);
 *  29 distance in meters (digits), then a duration that cannot be read as minutes and seconds:
 *    30,31 m:ss or 32,33 m and s (`2000m 7:30`; `400m` alone stays 400 minutes, `20m 30s` stays 20:30);
 *  34 effort (digits, optional `.` or `,` and digits).
 * The `+` (AMRAP) follows reps only, never a duration.
 */
export const SET_TEXT_PATTERN =
  `^${W}(?:([wW]|[dD]|[rR][pP])${W}:${W})?` +
  `(?:([bB][wW])${W}[xX×]${W}([0-9]+)${AMRAP}` +
  `|([0-9]+(?:[.,][0-9]+)?)?${W}[xX×]${W}(?:([0-9]+)${AMRAP}|${DURATION_WITH_UNIT})` +
  `|${DURATION_WITH_UNIT}` +
  `|([bB][wW])${W}\\+${W}([0-9]+(?:[.,][0-9]+)?)${W}[xX×]${W}([0-9]+)${AMRAP}` +
  `|([0-9]+(?:[.,][0-9]+)?)${W}([kK][mM]|[mM][iI])(?:${W}(?:${DURATION_WITH_UNIT}))?` +
  `|([0-9]+)${W}[mM]${W}(?:([0-9]+):([0-5]?[0-9])|([0-9]+)${W}[mM](?:${W}([0-9]+)${W}[sS])?))` +
  `(?:${W}@${W}([0-9]+(?:[.,][0-9]+)?))?${W}$`;

/**
 * A percentage set of a training max, in a routine's `cycle` (5/3/1): `85%x5`, `95%x1+` (`+`: as
 * many reps as possible, at least that many). Groups: 1 percent (digits, optional `.` or `,` and
 * digits), 2 reps, 3 `+`.
 */
export const PERCENT_SET_PATTERN = `^${W}([0-9]+(?:[.,][0-9]+)?)${W}%${W}[xX×]${W}([0-9]+)${W}(\\+)?${W}$`;
/** A stage of a routine exercise's `stages` (GZCLP): `<sets>x<reps>`, `+` on the last set: `5x3+`. Groups: 1 sets, 2 reps, 3 `+`. */
export const STAGE_PATTERN = `^${W}([0-9]+)${W}[xX×]${W}([0-9]+)${W}(\\+)?${W}$`;
/**
 * A stage reset (`reset` of an exercise with `stages`): what a miss at the last stage starts stage 1
 * at. `85%`: that percentage of the weight missed; `+7.5`: the last weight of stage 1 plus that
 * much (GZCLP T2). Groups: 1 percent, 2 amount (digits, optional `.` or `,` and digits).
 */
export const RESET_PATTERN = `^${W}(?:([0-9]+(?:[.,][0-9]+)?)${W}%|\\+${W}([0-9]+(?:[.,][0-9]+)?))${W}$`;
/** Largest percentage of a training max in a cycle. */
export const MAX_PERCENT = 200;

const DURATION_RE = new RegExp(DURATION_PATTERN);
const REPS_RANGE_RE = new RegExp(REPS_RANGE_PATTERN);
const SET_TEXT_RE = new RegExp(SET_TEXT_PATTERN);
const PERCENT_SET_RE = new RegExp(PERCENT_SET_PATTERN);
const STAGE_RE = new RegExp(STAGE_PATTERN);
const RESET_RE = new RegExp(RESET_PATTERN);

/** Value of a digit string (any length). Exact for the ranges we accept; huge values just stay huge. */
function digits(text: string): number {
  return Number(text);
}

/** Seconds of a duration match starting at group `g` of DURATION_WITH_UNIT. */
function durationFromGroups(m: RegExpExecArray, g: number): number {
  if (m[g] !== undefined) return digits(m[g]);
  if (m[g + 1] !== undefined) return digits(m[g + 1]) * 60 + digits(m[g + 2]);
  return digits(m[g + 3]) * 60 + (m[g + 4] !== undefined ? digits(m[g + 4]) : 0);
}

/**
 * Parses a `time`/`rest` value: a non-negative integer (seconds) or a duration string.
 * No maximum is applied here (the document rules add 86400 for time, 900 for rest).
 * Failure reason: `REASONS.duration`.
 */
export function parseDuration(input: unknown): Result<number> {
  if (typeof input === "number") {
    if (Number.isInteger(input) && input >= 0) return { ok: true, value: input + 0 };
    return { ok: false, reason: REASONS.duration };
  }
  if (typeof input !== "string") return { ok: false, reason: REASONS.duration };
  const m = DURATION_RE.exec(input);
  if (!m) return { ok: false, reason: REASONS.duration };
  const value = m[1] !== undefined ? digits(m[1]) : durationFromGroups(m, 2);
  return { ok: true, value };
}

/**
 * Canonical text of a duration inside set text: under a minute `<n>s` (`45s`, `0s`), otherwise
 * `<m>:<ss>` with two-digit seconds (`1:00`, `1:30`, `60:00`). Documents store `time`/`rest` as
 * integer seconds instead.
 */
export function formatDuration(seconds: number): string {
  if (!Number.isInteger(seconds) || seconds < 0) throw new RangeError(`not a duration: ${seconds}`);
  if (seconds < 60) return `${seconds}s`;
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, "0")}`;
}

export type RepsRange = { low: number; high: number };

/**
 * Parses a reps range string such as `8-12`, `8 - 12` or `8–12` (en dash).
 * Reasons: `REASONS.reps` (not a range), `REASONS.repsRangeBounds` (an end above 500),
 * `REASONS.repsRangeOrder` (low above high). `8-8` is a valid range.
 */
export function parseRepsRange(text: unknown): Result<RepsRange> {
  if (typeof text !== "string") return { ok: false, reason: REASONS.reps };
  const m = REPS_RANGE_RE.exec(text);
  if (!m) return { ok: false, reason: REASONS.reps };
  const low = digits(m[1]);
  const high = digits(m[2]);
  if (low > MAX_REPS || high > MAX_REPS) return { ok: false, reason: REASONS.repsRangeBounds };
  if (low > high) return { ok: false, reason: REASONS.repsRangeOrder };
  return { ok: true, value: { low, high } };
}

/** Canonical reps range text: `8-12` (hyphen, no spaces, no leading zeros). */
export function formatRepsRange(range: RepsRange): string {
  return `${range.low}-${range.high}`;
}

/** A set, as parsed from its text. Exactly one of: weight+reps, reps only, bodyweight+reps, seconds, weight+seconds. */
export type ParsedSet = {
  kind: SetKind;
  /** Load in the document's unit; null for `x12`, `bw x 8` and unweighted durations (`45s`; `20x45s` has 20). */
  weight: number | null;
  /** True for `bw x <reps>` and a weighted bodyweight set `bw+20x5` (whose `weight` is the added load). */
  bodyweight: boolean;
  /** Repetitions 0-500; null for durations. */
  reps: number | null;
  /** Duration 0-86400 s for `45s` / `1:30` / `1m30s`; null otherwise. */
  seconds: number | null;
  /** `@` rating on the document's scale (RPE 1-10 or RIR 0-10, half steps); null when absent. */
  effort: number | null;
  /**
   * `+` after the reps (`270x5+`): as many reps as possible, at least `reps`. Logged as written it
   * counts as `reps` done. Never on a duration.
   */
  amrap: boolean;
  /** Distance of a cardio set (`5km 25:00`, `3mi`, `2000m 7:30`) in `distanceUnit`; null otherwise. */
  distance: number | null;
  /** Unit of `distance` as written: km, mi or m; null without a distance. */
  distanceUnit: DistanceUnit | null;
};

/** A set to write as text: a ParsedSet whose `amrap` and distance may be left out (false, none). */
export type SetParts = Omit<ParsedSet, "amrap" | "distance" | "distanceUnit"> & {
  amrap?: boolean;
  distance?: number | null;
  distanceUnit?: DistanceUnit | null;
};

const KIND_OF_PREFIX: Record<string, SetKind> = { w: "warmup", d: "drop", rp: "burst" };
const PREFIX_OF_KIND: Record<SetKind, string> = { work: "", warmup: "w:", drop: "d:", burst: "rp:" };

/**
 * Value of a decimal text (`102.5`, `102,5`, `0100`) if it has at most `places` significant
 * decimals (trailing zeros beyond them are fine: `102.500`), else null. Text-based, so it agrees
 * with PostgreSQL `numeric` whatever the length of the digits.
 */
function decimal(text: string, places: number): number | null {
  const [int, frac = ""] = text.split(/[.,]/);
  const significant = frac.replace(/0+$/, "");
  if (significant.length > places) return null;
  return Number(`${int}.${significant || "0"}`);
}

/**
 * Parses set text as people type it: `100x5@8`, ` 100 X 5 @ 8 `, `102,5×5`, `x12`, `BW x 8`,
 * `45s`, `1:30`, `2m`, `1m30s`, a weighted hold `20x45s` or `20x1:30`, a weighted bodyweight set
 * `bw+20x5` (the added load in `weight`), a cardio distance with or without its time `5km 25:00`,
 * `3mi`, `2000m 7:30` (meters need the time: `400m` alone is 400 minutes, as before), with an optional prefix `w:` (warm-up), `d:` (drop) or
 * `rp:` (rest-pause burst). A `+` right after the reps marks a set of as many reps as possible
 * (`270x5+`, `bw x 8+`, `x8+`, `100x5+@8`; `amrap: true`). The effort after `@` is on `options.effort` (default `rpe`):
 * RPE 1 to 10, RIR 0 to 10, in half steps (`7.5` yes, `7.3` no).
 *
 * Checks, in this order (the first failure is the reason): the form (`REASONS.setText`), then
 * weight (`REASONS.setWeight`: at most 10000, at most 2 decimals), reps (`REASONS.setReps`:
 * at most 500), distance (`REASONS.setDistance`: above 0, at most 1000 km or mi with at most 3
 * decimals, or 1000000 m in whole meters), duration (`REASONS.setDuration`: at most 86400 s), effort (`REASONS.rpe` / `REASONS.rir`).
 */
export function parseSet(text: unknown, options: { effort?: EffortScale } = {}): Result<ParsedSet> {
  const scale = options.effort ?? "rpe";
  if (typeof text !== "string") return { ok: false, reason: REASONS.setText };
  const m = SET_TEXT_RE.exec(text);
  if (!m) return { ok: false, reason: REASONS.setText };
  const kind: SetKind = m[1] === undefined ? "work" : KIND_OF_PREFIX[m[1].toLowerCase()];
  let weight: number | null = null;
  let bodyweight = false;
  let reps: number | null = null;
  let seconds: number | null = null;
  let distance: number | null = null;
  let distanceUnit: DistanceUnit | null = null;
  const amrap = m[4] !== undefined || m[7] !== undefined || m[21] !== undefined;
  if (m[2] !== undefined) {
    bodyweight = true;
    reps = digits(m[3]);
  } else if (m[6] !== undefined || m[8] !== undefined || m[9] !== undefined || m[11] !== undefined) {
    if (m[5] !== undefined) {
      weight = decimal(m[5], 2);
      if (weight === null || weight > MAX_WEIGHT) return { ok: false, reason: REASONS.setWeight };
    }
    if (m[6] !== undefined) reps = digits(m[6]);
    else seconds = durationFromGroups(m, 8);
  } else if (m[18] !== undefined) {
    bodyweight = true;
    weight = decimal(m[19], 2);
    if (weight === null || weight > MAX_WEIGHT) return { ok: false, reason: REASONS.setWeight };
    reps = digits(m[20]);
  } else if (m[22] !== undefined) {
    distanceUnit = m[23].toLowerCase() as DistanceUnit;
    distance = decimal(m[22], 3);
    if (distance === null || distance <= 0 || distance > MAX_DISTANCE)
      return { ok: false, reason: REASONS.setDistance };
    if (m[24] !== undefined || m[25] !== undefined || m[27] !== undefined) seconds = durationFromGroups(m, 24);
  } else if (m[29] !== undefined) {
    distanceUnit = "m";
    distance = digits(m[29]);
    if (distance <= 0 || distance > MAX_DISTANCE_METERS) return { ok: false, reason: REASONS.setDistance };
    seconds =
      m[30] !== undefined
        ? digits(m[30]) * 60 + digits(m[31])
        : digits(m[32]) * 60 + (m[33] !== undefined ? digits(m[33]) : 0);
  } else {
    seconds = durationFromGroups(m, 13);
  }
  if (reps !== null && reps > MAX_REPS) return { ok: false, reason: REASONS.setReps };
  if (seconds !== null && seconds > MAX_DURATION_SECONDS) return { ok: false, reason: REASONS.setDuration };
  let effort: number | null = null;
  if (m[34] !== undefined) {
    const bad = { ok: false as const, reason: scale === "rpe" ? REASONS.rpe : REASONS.rir };
    const frac = m[34].split(/[.,]/)[1] ?? "";
    if (!/^(0*|50*)$/.test(frac)) return bad;
    effort = Number(m[34].replace(",", "."));
    if (effort > 10 || effort < (scale === "rpe" ? 1 : 0)) return bad;
  }
  return { ok: true, value: { kind, weight, bodyweight, reps, seconds, effort, amrap, distance, distanceUnit } };
}

/**
 * The one canonical text of a set:
 * - prefix `w:`, `d:`, `rp:` written lower case with no spaces (`w:60x5`, `rp:x4`);
 * - `<weight>x<reps>` with the weight in shortest decimal form (`100x5`, `102.5x5`, `0x5`);
 * - `x<reps>` (`x12`); `bw x <reps>` (`bw x 8`); `bw+<load>x<reps>` (`bw+20x5`);
 * - durations as `formatDuration`: `<n>s` under a minute (`45s`), else `<m>:<ss>` (`1:30`);
 *   a weighted hold as `<weight>x<duration>` (`20x45s`, `20x1:30`);
 * - `+` right after the reps of an AMRAP set (`270x5+`, `bw x 8+`, `bw+20x5+`);
 * - a distance set as `<distance><unit>` then, with a time, a space and `<m>:<ss>` always
 *   (`5km 25:00`, `3.1mi`, `2000m 7:30`, `400m 0:45`);
 * - effort `@<n>` right after, shortest form (`100x5@8`, `x12@7.5`, `bw x 8@9`, `45s@8`, `100x5+@8`).
 * parseSet(formatSet(p)) deep-equals p for every valid p.
 */
export function formatSet(set: SetParts): string {
  let body: string;
  if (set.distance != null && set.distanceUnit != null)
    body = `${formatNumber(set.distance)}${set.distanceUnit}${set.seconds !== null ? ` ${formatClock(set.seconds)}` : ""}`;
  else if (set.seconds !== null)
    body =
      set.weight !== null ? `${formatNumber(set.weight)}x${formatDuration(set.seconds)}` : formatDuration(set.seconds);
  else if (set.bodyweight && set.weight !== null) body = `bw+${formatNumber(set.weight)}x${set.reps}`;
  else if (set.bodyweight) body = `bw x ${set.reps}`;
  else if (set.weight !== null) body = `${formatNumber(set.weight)}x${set.reps}`;
  else body = `x${set.reps}`;
  if (set.amrap && set.seconds === null) body += "+";
  const effort = set.effort === null ? "" : `@${formatNumber(set.effort)}`;
  return `${PREFIX_OF_KIND[set.kind]}${body}${effort}`;
}

/** `<m>:<ss>` always (`0:45`, `25:00`): the time of a distance set, never read as minutes and seconds of a duration. */
function formatClock(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** Shortest decimal text of a number (no exponent for the ranges used here, `-0` as `0`). */
function formatNumber(n: number): string {
  return String(n + 0);
}

export type PercentSet = { percent: number; reps: number; amrap: boolean };

/** Parses `85%x5` / `95%x1+`: percent above 0 and at most 200 with at most 2 decimals, reps 0 to 500. */
export function parsePercentSet(text: unknown): Result<PercentSet> {
  if (typeof text !== "string") return { ok: false, reason: REASONS.percentSet };
  const m = PERCENT_SET_RE.exec(text);
  if (!m) return { ok: false, reason: REASONS.percentSet };
  const percent = decimal(m[1], 2);
  const reps = digits(m[2]);
  if (percent === null || percent <= 0 || percent > MAX_PERCENT || reps > MAX_REPS)
    return { ok: false, reason: REASONS.percentSet };
  return { ok: true, value: { percent, reps, amrap: m[3] !== undefined } };
}

/** Canonical percentage set: `85%x5`, `72.5%x5`, `95%x1+`. */
export function formatPercentSet(set: PercentSet): string {
  return `${formatNumber(set.percent)}%x${set.reps}${set.amrap ? "+" : ""}`;
}

export type Stage = { sets: number; reps: number; amrap: boolean };

/** Parses a stage `5x3` / `5x3+`: 1 to 20 sets, 0 to 500 reps. */
export function parseStage(text: unknown): Result<Stage> {
  if (typeof text !== "string") return { ok: false, reason: REASONS.stage };
  const m = STAGE_RE.exec(text);
  if (!m) return { ok: false, reason: REASONS.stage };
  const sets = digits(m[1]);
  const reps = digits(m[2]);
  if (sets < 1 || sets > 20 || reps > MAX_REPS) return { ok: false, reason: REASONS.stage };
  return { ok: true, value: { sets, reps, amrap: m[3] !== undefined } };
}

/** Canonical stage: `5x3`, `5x3+`. */
export function formatStage(stage: Stage): string {
  return `${stage.sets}x${stage.reps}${stage.amrap ? "+" : ""}`;
}

export type Reset = { percent: number; add: null } | { percent: null; add: number };

/** Parses a stage reset `85%` / `+7.5`: a percent or an amount above 0 and at most 100, at most 2 decimals. */
export function parseReset(text: unknown): Result<Reset> {
  if (typeof text !== "string") return { ok: false, reason: REASONS.reset };
  const m = RESET_RE.exec(text);
  if (!m) return { ok: false, reason: REASONS.reset };
  const value = decimal(m[1] ?? m[2], 2);
  if (value === null || value <= 0 || value > 100) return { ok: false, reason: REASONS.reset };
  return { ok: true, value: m[1] !== undefined ? { percent: value, add: null } : { percent: null, add: value } };
}

/** Canonical stage reset: `85%`, `+7.5`. */
export function formatReset(reset: Reset): string {
  return reset.percent !== null ? `${formatNumber(reset.percent)}%` : `+${formatNumber(reset.add)}`;
}
