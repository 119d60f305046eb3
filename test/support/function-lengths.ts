// How long each SQL function of data/schema/ is: the bound the SQL functions keep (CONTRIBUTING.md)
// is checked on the dump, where every function stands whole in its current form.

/** The longest a SQL function may be: its whole `create function` statement, in lines. */
export const MAX_SQL_FUNCTION_LINES = 100;

/** Each `create function` / `create procedure` statement of a dump, with its length in lines. */
export function sqlFunctionLengths(dump: string): { name: string; lines: number }[] {
  const lines = dump.split("\n");
  const found: { name: string; lines: number }[] = [];
  for (let start = 0; start < lines.length; start++) {
    const head = /^create (?:function|procedure) ([\w.]+)\(/.exec(lines[start]);
    if (!head) continue;
    // pg_get_functiondef writes the body between dollar quotes, opened on the `AS $tag$` line and
    // closed at the start of a line of its own.
    let open = start;
    while (open < lines.length && !/^AS (\$\w*\$)/.test(lines[open])) open++;
    const tag = /^AS (\$\w*\$)/.exec(lines[open] ?? "")?.[1];
    if (!tag) throw new Error(`${head[1]}: no dollar-quoted body after line ${start + 1}`);
    // A one-line body closes on its `AS` line; a longer one at the start of a line of its own.
    const oneLine = lines[open].indexOf(tag, 3 + tag.length) >= 0;
    let close = oneLine ? open : open + 1;
    while (!oneLine && close < lines.length && !lines[close].startsWith(tag)) close++;
    if (close === lines.length) throw new Error(`${head[1]}: body never closed`);
    found.push({ name: head[1], lines: close - start + 1 });
    start = close;
  }
  return found;
}
