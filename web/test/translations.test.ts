// The check that no string escapes, without a browser: every key the code uses
// is in English, every language has exactly English's keys (none missing, empty or stale), every
// message parses as ICU MessageFormat, and the source files hold no hard-coded English text
// (NOT_YET_CONVERTED excepted).
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { IntlMessageFormat } from "intl-messageformat";
import { REASONS } from "@svc/sdk/documents";
import { SERVICE_CODES } from "../../db/errors.ts";
import { LANGUAGES, intlLocale } from "../src/i18n/languages.ts";

const SRC = join(import.meta.dirname, "../src");
const LOCALES = join(SRC, "locales");

/**
 * The hard-coded string check covers every source file under web/src but these (paths or folders
 * not yet converted to t(), relative to web/src): a new file is covered from its first line.
 */
const NOT_YET_CONVERTED: string[] = [];

type Tree = { [key: string]: string | Tree };
const flat = (tree: Tree, prefix = ""): Record<string, string> =>
  Object.fromEntries(
    Object.entries(tree).flatMap(([k, v]) =>
      typeof v === "string" ? [[prefix + k, v]] : Object.entries(flat(v, `${prefix}${k}.`)),
    ),
  );
const catalogue = (lng: string, ns: string): Record<string, string> | null => {
  const file = join(LOCALES, lng, `${ns}.json`);
  return existsSync(file) ? flat(JSON.parse(readFileSync(file, "utf8")) as Tree) : null;
};
const namespaces = readdirSync(join(LOCALES, "en")).map((f) => f.replace(/\.json$/, ""));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? e.name === "locales"
        ? []
        : sources(join(dir, e.name))
      : /\.tsx?$/.test(e.name)
        ? [join(dir, e.name)]
        : [],
  );
}

test("every language has English's namespaces and keys, none empty, none stale", () => {
  const problems: string[] = [];
  for (const lng of LANGUAGES) {
    const files = readdirSync(join(LOCALES, lng)).map((f) => f.replace(/\.json$/, ""));
    for (const extra of files.filter((f) => !namespaces.includes(f))) problems.push(`${lng}/${extra}.json: no English`);
    for (const ns of namespaces) {
      const en = catalogue("en", ns)!;
      const other = catalogue(lng, ns);
      if (!other) {
        problems.push(`${lng}/${ns}.json: missing`);
        continue;
      }
      for (const key of Object.keys(en))
        if (!other[key]?.trim()) problems.push(`${lng}/${ns}: ${key} missing or empty`);
      for (const key of Object.keys(other)) if (!(key in en)) problems.push(`${lng}/${ns}: ${key} stale`);
    }
  }
  expect(problems).toEqual([]);
});

test("every language but English has its one-chunk catalogues module, naming its own folder", () => {
  const problems: string[] = [];
  for (const lng of LANGUAGES.filter((l) => l !== "en")) {
    const file = join(SRC, "i18n", "catalogues", `${lng}.ts`);
    if (!existsSync(file)) problems.push(`${lng}: no web/src/i18n/catalogues/${lng}.ts`);
    else if (!readFileSync(file, "utf8").includes(`"../../locales/${lng}/*.json"`))
      problems.push(`${lng}: catalogues/${lng}.ts does not glob ../../locales/${lng}/*.json`);
  }
  expect(problems).toEqual([]);
});

test("every message parses as ICU MessageFormat", () => {
  const problems: string[] = [];
  for (const lng of LANGUAGES)
    for (const ns of namespaces)
      for (const [key, message] of Object.entries(catalogue(lng, ns) ?? {}))
        try {
          new IntlMessageFormat(message, lng);
        } catch (e) {
          problems.push(`${lng}/${ns}: ${key}: ${(e as Error).message}`);
        }
  expect(problems).toEqual([]);
});

test("every key the code uses is in English", () => {
  const problems: string[] = [];
  for (const file of sources(SRC)) {
    const text = readFileSync(file, "utf8");
    const ns = /useTranslation\("([^"]+)"\)/.exec(text)?.[1];
    if (!ns) continue;
    const en = catalogue("en", ns);
    if (!en) {
      problems.push(`${file}: namespace ${ns} has no English catalogue`);
      continue;
    }
    for (const m of text.matchAll(/\bt\("([^"]+)"/g)) if (!(m[1] in en)) problems.push(`${file}: ${ns}:${m[1]}`);
  }
  expect(problems).toEqual([]);
});

test("the converted files show no hard-coded English text", () => {
  const problems: string[] = [];
  const converted = sources(SRC)
    .map((file) => relative(SRC, file).split(sep).join("/"))
    .filter((name) => !NOT_YET_CONVERTED.some((prefix) => name.startsWith(prefix)));
  expect(converted).toEqual(expect.arrayContaining(["AppShell.tsx", "pages/Home.tsx", "pages/log/Logger.tsx"]));
  for (const name of converted) {
    const text = readFileSync(join(SRC, name), "utf8").replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, "");
    // JSX text between tags (a tag's `>` ends a word or starts its line; not `=>` nor `a > b`), and
    // string accessible names.
    for (const m of text.matchAll(/(?:(?<![\s=])>|^[ \t]*>)\s*([A-Za-z][^<>{};]*[A-Za-z.?!])\s*</gm))
      problems.push(`${name}: text "${m[1]}"`);
    for (const m of text.matchAll(/\b(aria-label|title|alt|placeholder|label|confirmLabel)="([^"]*[A-Za-z][^"]*)"/g))
      problems.push(`${name}: ${m[1]}="${m[2]}"`);
  }
  expect(problems).toEqual([]);
});

test("every error code the service sends has an errors message, and the problems are the SDK's reasons", () => {
  // The app can meet any code the API sends (db/errors.ts: GraphQL, request and route codes).
  const en = catalogue("en", "errors")!;
  expect([...SERVICE_CODES].filter((code) => !en[`codes.${code}`])).toEqual([]);
  // A document problem is looked up by its REASONS key through English, which must be REASONS word for word.
  const problems = Object.fromEntries(
    Object.entries(en)
      .filter(([key]) => key.startsWith("problems."))
      .map(([key, text]) => [key.slice("problems.".length), text]),
  );
  expect(problems).toEqual(REASONS);
  // A LIMIT_REACHED says its limit (extensions.limit, the SQL's hint): each has its sentence.
  const functions = join(import.meta.dirname, "../../data/schema/app_public/functions");
  const limits = readdirSync(functions).flatMap((file) =>
    [...readFileSync(join(functions, file), "utf8").matchAll(/errcode = 'SVLIM',\s*hint = '(\w+)'/g)].map((m) => m[1]),
  );
  expect(limits.sort()).toEqual(["apiKeys", "shareLinks", "stagedBytes", "stagedWorkouts", "webhooks"]);
  expect(limits.filter((limit) => !en[`limits.${limit}`])).toEqual([]);
  // An INVALID_INPUT says its rule (extensions.rule: SVBAD's hint in SQL, `rule:` in the server's
  // own refusals): every rule has its sentence, and every sentence a rule.
  const schema = join(import.meta.dirname, "../../data/schema");
  const server = join(import.meta.dirname, "../../server/graphql/schema");
  const sources = [
    ...["app_public", "app_hidden"].flatMap((s) =>
      readdirSync(join(schema, s, "functions")).map((f) => readFileSync(join(schema, s, "functions", f), "utf8")),
    ),
    ...readdirSync(server).map((f) => readFileSync(join(server, f), "utf8")),
  ];
  const rules = new Set(
    sources.flatMap((text) => [
      ...[...text.matchAll(/errcode = 'SVBAD',\s*hint = '(\w+)'(?!\s*\|\|)/g)].map((m) => m[1]),
      ...[...text.matchAll(/errcode = 'SVBAD',\s*hint = case when [^;]*? then '(\w+)' else '(\w+)' end/g)].flatMap(
        (m) => [m[1], m[2]],
      ),
      ...[...text.matchAll(/\brule: "(\w+)"/g)].map((m) => m[1]),
    ]),
  );
  const sentences = Object.keys(en)
    .filter((key) => key.startsWith("inputs."))
    .map((key) => key.slice("inputs.".length));
  expect([...rules].sort()).toEqual(sentences.sort());
  expect(rules.size).toBeGreaterThanOrEqual(19);
});

test("every explanation code the server writes has a message, and every message a code", () => {
  // The codes of NextTarget.explanationParts: each app_hidden.why('<code>', ...) of the SQL (data/schema/).
  const functions = join(import.meta.dirname, "../../data/schema/app_hidden/functions");
  const written = new Set(
    readdirSync(functions).flatMap((file) =>
      [...readFileSync(join(functions, file), "utf8").matchAll(/app_hidden\.why\('(\w+)'/g)].map((m) => m[1]),
    ),
  );
  // The rule's opening is chosen by a case: openingDeload, openingNone or openingFirst.
  for (const code of ["openingDeload", "openingNone", "openingFirst"]) written.add(code);
  const en = Object.keys(catalogue("en", "explanations")!).map((key) => key.replace(/^parts\./, ""));
  expect(written.size).toBeGreaterThan(40);
  expect([...written].sort()).toEqual([...en].sort());
});

test("ICU plurals write Arabic numbers in Western digits, as format.ts does", () => {
  const workSets = catalogue("ar", "home")!["latest.workSets"];
  for (const tag of ["ar", "ar-EG", "ar-SA"]) {
    const text = new IntlMessageFormat(workSets, intlLocale(tag)).format({ count: 3 }) as string;
    expect(text).toContain("3");
    expect(text).not.toMatch(/[\u0660-\u0669\u06F0-\u06F9]/);
  }
  // Without it, a regional Arabic locale writes Arabic-Indic digits: the check above means something.
  expect(new IntlMessageFormat(workSets, "ar-EG").format({ count: 3 })).toContain("\u0663");
  // The runtime hands i18next-icu this locale for every message.
  expect(readFileSync(join(SRC, "i18n/index.ts"), "utf8")).toMatch(/parseLngForICU: intlLocale\b/);
});
