// Human output: aligned tables, sentences, optional colour (never with NO_COLOR or when the stream
// is not a terminal) and a spinner that only ever writes to standard error.

type Stream = NodeJS.WriteStream;

export function colorEnabled(stream: Stream = process.stdout): boolean {
  if (process.env.NO_COLOR !== undefined) return false;
  if (process.env.TERM === "dumb") return false;
  return Boolean(stream.isTTY);
}

function paint(code: string, reset: string) {
  return (text: string, stream: Stream = process.stdout) =>
    colorEnabled(stream) ? `\u001B[${code}m${text}\u001B[${reset}m` : text;
}

export const bold = paint("1", "22");
export const dim = paint("2", "22");
export const red = paint("31", "39");
export const green = paint("32", "39");
export const yellow = paint("33", "39");

/** Visible width, ignoring colour escapes. */
function width(text: string): number {
  // eslint-disable-next-line no-control-regex
  return [...text.replace(/\u001B\[[0-9;]*m/g, "")].length;
}

export type Column<T> = {
  header: string;
  get: (row: T) => string | number | null | undefined;
  align?: "left" | "right";
};

/** An aligned table with a header row; empty cells show as `-`. */
export function table<T>(rows: readonly T[], columns: readonly Column<T>[]): string {
  const cells = rows.map((row) =>
    columns.map((c) => {
      const value = c.get(row);
      return value === null || value === undefined || value === "" ? "-" : String(value);
    }),
  );
  const widths = columns.map((c, i) => Math.max(width(c.header), ...cells.map((r) => width(r[i]))));
  const line = (values: string[], header = false) =>
    values
      .map((v, i) => {
        const pad = " ".repeat(widths[i] - width(v));
        const text = header ? bold(v) : v;
        if (i === values.length - 1 && columns[i].align !== "right") return text;
        return columns[i].align === "right" ? pad + text : text + pad;
      })
      .join("  ")
      .trimEnd();
  return [
    line(
      columns.map((c) => c.header),
      true,
    ),
    ...cells.map((r) => line(r)),
  ].join("\n");
}

/** A date-time as `YYYY-MM-DD HH:MM` in local time; `-` for none. */
export function when(iso: string | null | undefined): string {
  if (!iso) return "-";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** `--json` output: pretty-printed, one trailing newline. */
/** `1 workout`, `2 workouts`: a count and its noun, the plural made with `s` unless given. */
export function counted(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
}

export function json(value: unknown): string {
  return JSON.stringify(value, null, 2);
}
