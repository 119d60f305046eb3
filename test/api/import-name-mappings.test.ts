// What an import does with each of a file's exercise names, as GraphQL enums beside the text
// fields: `outcome` (ImportNameAction) and `matchedBy` (ImportNameVia) answer what `action` and
// `via` say, and SQL's import_map_names answers no value the SDK's lists (their one home) lack.
import { readFileSync } from "node:fs";
import { IMPORT_NAME_ACTIONS, IMPORT_NAME_VIAS, enumValueName } from "@svc/sdk/import";
import { startTestServer, gql, signUp, type TestServer } from "../support/harness.ts";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

const DRY_RUN = `mutation($workouts: JSON, $choices: [ImportChoice!]) {
  importWorkouts(input: { workouts: $workouts, choices: $choices, dryRun: true }) {
    names { name action outcome via matchedBy exercise suggestions } } }`;

test("outcome and matchedBy are action and via as enums, for every way a name is found", async () => {
  const u = await signUp(s.url, "Mapper");
  const names = [
    "bench press",
    "bench",
    "DB OHP",
    "sqaut",
    "press",
    "Underwater Basket Weaving",
    "Zorb Lift",
    "My Sled Push",
    "Goblet thing",
  ];
  const workouts = [
    { date: "2026-03-02", unit: "kg", exercises: names.map((exercise) => ({ exercise, sets: [{ set: "20x5" }] })) },
  ];
  const choices = [
    { name: "Zorb Lift", action: "SKIP" },
    { name: "My Sled Push", action: "CREATE" },
    { name: "Goblet thing", action: "MAP", exercise: "Goblet Squat" },
  ];
  const res = await gql(s.url, DRY_RUN, { workouts, choices }, { token: u.token });
  expect(res.body.errors).toBeUndefined();
  const mappings: { name: string; action: string; outcome: string; via: string | null; matchedBy: string | null }[] =
    res.body.data.importWorkouts.names;
  expect(mappings.map((m) => m.name).sort()).toEqual([...names].sort());
  for (const m of mappings) {
    expect({ name: m.name, outcome: m.outcome, matchedBy: m.matchedBy }).toEqual({
      name: m.name,
      outcome: enumValueName(m.action),
      matchedBy: m.via === null ? null : enumValueName(m.via),
    });
  }
  const byName = Object.fromEntries(mappings.map((m) => [m.name, [m.outcome, m.matchedBy]]));
  expect(byName).toEqual({
    "bench press": ["MAP", "NAME"],
    bench: ["MAP", "ALIAS"],
    "DB OHP": ["MAP", "WORDS"],
    sqaut: ["MAP", "TYPO"],
    press: ["UNMAPPED", "AMBIGUOUS"],
    "Underwater Basket Weaving": ["UNMAPPED", null],
    "Zorb Lift": ["SKIP", "CHOICE"],
    "My Sled Push": ["CREATE", "CHOICE"],
    "Goblet thing": ["MAP", "CHOICE"],
  });
});

test("SQL's import_map_names answers exactly the values the SDK lists (its source, read from data/schema/)", () => {
  const source = readFileSync(
    new URL("../../data/schema/app_hidden/functions/import_map_names.sql", import.meta.url),
    "utf8",
  );
  const literals = (lines: string[]) => new Set(lines.flatMap((l) => [...l.matchAll(/'([a-z-]+)'/g)].map((m) => m[1])));
  const lines = source.split("\n");
  // via: what is assigned to it, and the resolver's tiers passed on as they are (`v_via := v_match.match`
  // under `if v_match.match in (...)`).
  const vias = literals(
    lines.flatMap((l) => (/v_match\.match in \(/.test(l) ? [l] : (/\b(?:v_)?via := .*/.exec(l) ?? []).map((m) => m))),
  );
  const actions = literals(lines.flatMap((l) => (/\baction := '[a-z-]+'/.exec(l) ?? []).map((m) => m)));
  expect([...vias].sort()).toEqual(Object.keys(IMPORT_NAME_VIAS).sort());
  expect([...actions].sort()).toEqual(Object.keys(IMPORT_NAME_ACTIONS).sort());
  // The schema's enums are these lists.
  const sdl = readFileSync(new URL("../../sdk/schema.graphql", import.meta.url), "utf8");
  const enumValues = (name: string) =>
    [...new RegExp(`enum ${name} \\{([^}]*)\\}`).exec(sdl)![1].matchAll(/^\s+([A-Z_]+)$/gm)].map((m) => m[1]).sort();
  expect(enumValues("ImportNameVia")).toEqual(Object.keys(IMPORT_NAME_VIAS).map(enumValueName).sort());
  expect(enumValues("ImportNameAction")).toEqual(Object.keys(IMPORT_NAME_ACTIONS).map(enumValueName).sort());
});
