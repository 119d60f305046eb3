// Where a path such as `exercises[2].reps` is in a JSON text, so the document editor can select the
// value a problem names. A small scanner over valid JSON: it follows the path and skips the rest.

export type Span = { start: number; end: number };

/** `exercises[2].reps` -> ["exercises", 2, "reps"]; `document` (the whole document) -> []. */
export function pathKeys(path: string): (string | number)[] | null {
  if (path === "document") return [];
  const keys: (string | number)[] = [];
  const re = /(?:^|\.)([^.[\]]+)|\[(\d+)\]/g;
  let at = 0;
  for (let m = re.exec(path); m; m = re.exec(path)) {
    if (m.index !== at) return null;
    keys.push(m[2] !== undefined ? Number(m[2]) : m[1]);
    at = re.lastIndex;
  }
  return at === path.length ? keys : null;
}

/** The span of the value at `path` in `text`, or null when the text does not parse or lacks it. */
export function locate(text: string, path: string): Span | null {
  const keys = pathKeys(path);
  if (!keys) return null;
  let i = 0;
  const ws = () => {
    while (i < text.length && " \t\n\r".includes(text[i])) i++;
  };
  const string = () => {
    const start = i;
    i++; // opening quote
    while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  // Skips one value; returns its span.
  const value = (): Span => {
    ws();
    const start = i;
    const c = text[i];
    if (c === '"') string();
    else if (c === "{" || c === "[") {
      const close = c === "{" ? "}" : "]";
      i++;
      ws();
      while (text[i] !== close) {
        if (c === "{") {
          ws();
          string();
          ws();
          i++; // colon
        }
        value();
        ws();
        if (text[i] === ",") i++;
        ws();
        if (i >= text.length) throw new Error("unterminated");
      }
      i++;
    } else {
      while (i < text.length && !",]} \t\n\r".includes(text[i])) i++;
    }
    return { start, end: i };
  };
  try {
    JSON.parse(text);
    let depth = 0;
    while (depth < keys.length) {
      ws();
      const key = keys[depth];
      const c = text[i];
      if (typeof key === "number" ? c !== "[" : c !== "{") return null;
      i++;
      let found = false;
      for (let index = 0; ; index++) {
        ws();
        if (text[i] === "]" || text[i] === "}") return null;
        let matches: boolean;
        if (typeof key === "number") matches = index === key;
        else {
          matches = string() === key;
          ws();
          i++; // colon
        }
        if (matches) {
          found = true;
          break;
        }
        value();
        ws();
        if (text[i] === ",") i++;
      }
      if (!found) return null;
      depth++;
    }
    const span = value();
    return span.end > span.start ? span : null;
  } catch {
    return null;
  }
}
