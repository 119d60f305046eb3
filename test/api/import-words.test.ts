// The import's review of unknown names, over HTTP: suggestions go by words in common, led by the
// name's movement word ("wide row" is offered rows, never Wide-Grip Bench Press; "Zorbing Carry"
// the carries), and a custom exercise made from a file's name gets the equipment its words name and
// the body region of its closest exercise ("Wide Squat": lower body; "Cable Wide Squat": cable too).
import { print } from "graphql";
import * as importOperations from "@svc/sdk/import";
import { useTestServer, gql, gqlData, signUp } from "../support/harness.ts";

const s = useTestServer();
const IMPORT_WORKOUTS = print(importOperations.IMPORT_WORKOUTS);
const NAMED = `query($name: String!) { allExercises(condition: { name: $name }) { nodes { name equipment region custom } } }`;

const NAMES = ["wide row", "Zorbing Carry", "Wide Squat", "Cable Wide Squat"];
const workouts = [
  { date: "2026-03-02", unit: "kg", exercises: NAMES.map((exercise) => ({ exercise, sets: ["40x10"] })) },
];

test("unknown names are offered the exercises sharing their movement word; created ones get equipment and region", async () => {
  const u = await signUp(s.url, "Words");
  const dry = await gql(s.url, IMPORT_WORKOUTS, { workouts, dryRun: true }, { token: u.token });
  expect(dry.body.errors).toBeUndefined();
  const byName = Object.fromEntries(dry.body.data.importWorkouts.names.map((n: any) => [n.name, n]));
  for (const name of NAMES) expect([name, byName[name].action]).toEqual([name, "unmapped"]);
  const rows: string[] = byName["wide row"].suggestions;
  expect(rows.length).toBeGreaterThan(1);
  for (const r of rows) expect([r, /\bRow\b/.test(r)]).toEqual([r, true]);
  expect(rows).not.toContain("Wide-Grip Bench Press");
  for (const c of byName["Zorbing Carry"].suggestions) expect([c, /Carry/.test(c)]).toEqual([c, true]);
  for (const q of byName["Wide Squat"].suggestions) expect([q, /Squat/.test(q)]).toEqual([q, true]);

  const choices = [
    { name: "wide row", action: "MAP", exercise: rows[0] },
    { name: "Zorbing Carry", action: "SKIP" },
    { name: "Wide Squat", action: "CREATE" },
    { name: "Cable Wide Squat", action: "CREATE" },
  ];
  const done = await gql(s.url, IMPORT_WORKOUTS, { workouts, choices, dryRun: false }, { token: u.token });
  expect(done.body.errors).toBeUndefined();
  const made = async (name: string) => (await gqlData(s.url, NAMED, { name }, { token: u.token })).allExercises.nodes;
  expect(await made("Wide Squat")).toEqual([{ name: "Wide Squat", equipment: "other", region: "lower", custom: true }]);
  expect(await made("Cable Wide Squat")).toEqual([
    { name: "Cable Wide Squat", equipment: "cable", region: "lower", custom: true },
  ]);
});
