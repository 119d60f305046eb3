// Import benchmark: a Strong export of 50,000 rows (about five years, four sessions a week) read by
// @svc/sdk/import and imported over HTTP as `svc import` does it (its parts staged with
// stageImportPart, then importWorkouts(importId): a dry run, then the import of the whole file in
// one request and one transaction), against a
// plain bulk insert of the same workouts, exercises and sets into the same tables in one
// transaction (three INSERT ... SELECT statements from JSON: the floor of writing those rows).
// Also: the server process's peak memory (VmHWM, before the import and after it) and the export of the same history
// (exportWorkouts pages) in rows per second. One JSON line per figure.
import { readFileSync } from "node:fs";
import { print } from "graphql";
import {
  parseImport,
  importParts,
  IMPORT_WORKOUTS as IMPORT_WORKOUTS_DOCUMENT,
  STAGE_IMPORT_PART as STAGE_IMPORT_PART_DOCUMENT,
  EXPORT_WORKOUTS as EXPORT_WORKOUTS_DOCUMENT,
} from "../sdk/src/import/index.ts";
import { benchDatabase, startApp, report, signUpLifter } from "./support.ts";

const IMPORT_WORKOUTS = print(IMPORT_WORKOUTS_DOCUMENT);
const STAGE_IMPORT_PART = print(STAGE_IMPORT_PART_DOCUMENT);
const EXPORT_WORKOUTS = print(EXPORT_WORKOUTS_DOCUMENT);

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 50_000);

const EXERCISES = [
  "Bench Press (Barbell)",
  "Squat (Barbell)",
  "Deadlift (Barbell)",
  "Overhead Press (Barbell)",
  "Bent Over Row (Barbell)",
  "Pull Up",
  "Lat Pulldown (Cable)",
  "Bicep Curl (Dumbbell)",
  "Triceps Pushdown (Cable - Straight Bar)",
  "Lateral Raise (Dumbbell)",
  "Leg Press",
  "Romanian Deadlift (Barbell)",
];

/** A Strong comma export: sessions of 6 exercises x 8 rows (2 warm-ups, 6 work sets with RPE, float noise). */
export function strongFile(rows: number): string {
  const lines = [
    "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE",
  ];
  let n = 0;
  for (let session = 0; lines.length - 1 < rows; session++) {
    const day = new Date(Date.UTC(2021, 0, 1) + Math.floor((session * 7) / 4) * 86_400_000).toISOString().slice(0, 10);
    const name = ["Push", "Pull", "Legs", "Upper"][session % 4];
    for (let e = 0; e < 6 && lines.length - 1 < rows; e++) {
      const exercise = EXERCISES[(session * 3 + e) % EXERCISES.length];
      const work = 60 + (session % 40) * 2.5 + e * 5;
      for (let s = 0; s < 8 && lines.length - 1 < rows; s++) {
        const warm = s < 2;
        const weight = warm ? work / 2 : work + 0.1 * 3 - 0.3; // float noise like 82.49999999999999
        lines.push(
          [
            `${day} 18:00:00`,
            name,
            "1h 5m",
            exercise,
            warm ? "W" : String(s - 1),
            weight,
            warm ? 8 : 5,
            0,
            0,
            "",
            "",
            warm ? "" : 7 + (n++ % 3),
          ].join(","),
        );
      }
    }
  }
  return `${lines.join("\n")}\n`;
}

function peakMemoryMb(pid: number): number | null {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Math.round(Number(m[1]) / 1024) : null;
  } catch {
    return null;
  }
}

export async function run() {
  const text = strongFile(ROWS);
  let t = performance.now();
  const parsed = parseImport(text, { unit: "kg", timeZone: "UTC" });
  const parseMs = performance.now() - t;
  const sets = parsed.workouts.reduce((n, w) => n + w.exercises.reduce((m, e) => m + e.sets.length, 0), 0);
  if (sets !== ROWS) throw new Error(`parsed ${sets} sets of ${ROWS} rows`);

  const db = await benchDatabase("import");
  try {
    const app = await startApp(db);
    try {
      const gql = async (token: string, query: string, variables: unknown) => {
        const res = (await (
          await fetch(`${app.url}/api/graphql`, {
            method: "POST",
            headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
            body: JSON.stringify({ query, variables }),
          })
        ).json()) as any;
        if (res.errors) throw new Error(JSON.stringify(res.errors).slice(0, 500));
        return res.data;
      };
      const lifter = await signUpLifter(app.url, "Importer", "import@bench.test");
      // Parts as `svc import` and the web app send them (importParts: 200 workouts or 900 KB).
      const parts = importParts(parsed);
      const peakBefore = peakMemoryMb(app.pid);
      t = performance.now();
      let importId: string | null = null;
      for (const [part, p] of parts.entries()) {
        importId = (await gql(lifter.token, STAGE_IMPORT_PART, { importId, part, workouts: p.workouts, extras: null }))
          .stageImportPart.importId;
      }
      const stageMs = performance.now() - t;
      t = performance.now();
      await gql(lifter.token, IMPORT_WORKOUTS, { importId, dryRun: true });
      const dryRunMs = performance.now() - t;
      t = performance.now();
      const imported = (await gql(lifter.token, IMPORT_WORKOUTS, { importId, dryRun: false })).importWorkouts.sets;
      const applyMs = performance.now() - t;
      // What the lifter waits for: sending the file, then importing it (the dry run is reported apart).
      const importMs = stageMs + applyMs;
      if (imported !== ROWS) throw new Error(`imported ${imported} sets of ${ROWS}`);
      const peak = peakMemoryMb(app.pid);

      // The floor: the same rows straight into the same tables, resolved names given, in one transaction.
      const other = await signUpLifter(app.url, "Baseline", "baseline@bench.test");
      const { rows: ids } = await db.ownerPool.query(
        "select name, app_hidden.resolve_exercise(name) as id from unnest($1::text[]) name",
        [EXERCISES],
      );
      const idOf = new Map(ids.map((r: any) => [r.name, r.id]));
      const mapped = parsed.workouts.map((w) => ({
        ...w,
        exercises: w.exercises.map((e) => ({
          ...e,
          exercise:
            idOf.get(e.exercise) ??
            (() => {
              throw new Error(e.exercise);
            })(),
        })),
      }));
      const client = await db.ownerPool.connect();
      t = performance.now();
      try {
        await client.query("begin");
        await client.query(
          `
          with src as (select ordinality - 1 as i, value as w from jsonb_array_elements($2::jsonb) with ordinality),
          ins_w as (
            insert into app_public.workouts (user_id, name, date, start, minutes, unit, effort, notes)
            select $1::uuid, w ->> 'name', (w ->> 'date')::date, (w ->> 'start')::timestamptz, (w ->> 'minutes')::int, w ->> 'unit', 'rpe', w ->> 'notes' from src
            returning id, start),
          ins_e as (
            insert into app_public.workout_exercises (workout_id, user_id, position, exercise_id, note)
            select ins_w.id, $1::uuid, e.ord - 1, (e.v ->> 'exercise')::uuid, e.v ->> 'note'
              from src join ins_w on ins_w.start = (src.w ->> 'start')::timestamptz,
                   jsonb_array_elements(src.w -> 'exercises') with ordinality e(v, ord)
            returning id, workout_id, position)
          insert into app_public.workout_sets (workout_exercise_id, workout_id, user_id, position, kind, weight, reps, effort)
          select ins_e.id, ins_e.workout_id, $1::uuid, s.ord - 1,
                 case when s.t like 'w:%' then 'warmup' else 'work' end,
                 split_part(regexp_replace(s.t, '^w:', ''), 'x', 1)::float8,
                 split_part(split_part(s.t, 'x', 2), '@', 1)::int,
                 nullif(split_part(s.t, '@', 2), '')::float8
            from src join ins_w on ins_w.start = (src.w ->> 'start')::timestamptz
                 join ins_e on ins_e.workout_id = ins_w.id,
                 lateral (select src.w -> 'exercises' -> ins_e.position as e) x,
                 jsonb_array_elements_text(x.e -> 'sets') with ordinality s(t, ord)`,
          [other.user.id, JSON.stringify(mapped)],
        );
        await client.query("commit");
      } finally {
        client.release();
      }
      const baselineMs = performance.now() - t;
      const {
        rows: [check],
      } = await db.ownerPool.query("select count(*)::int as n from app_public.workout_sets where user_id = $1", [
        other.user.id,
      ]);
      if (check.n !== ROWS) throw new Error(`baseline wrote ${check.n} sets of ${ROWS}`);

      // Export of the same history, a page of 200 workouts at a time (the default).
      t = performance.now();
      let exported = 0;
      let after: string | null = null;
      for (;;) {
        const page: any = (await gql(lifter.token, EXPORT_WORKOUTS, { after, first: 200 })).exportWorkouts;
        exported += page.documents.reduce(
          (n: number, w: any) => n + w.exercises.reduce((m: number, e: any) => m + e.sets.length, 0),
          0,
        );
        if (!page.hasNextPage) break;
        after = page.endCursor;
      }
      const exportMs = performance.now() - t;
      if (exported !== ROWS) throw new Error(`exported ${exported} sets of ${ROWS}`);

      const perSecond = (ms: number) => Math.round(ROWS / (ms / 1000));
      report({
        benchmark: `import: a ${ROWS}-row Strong file (${parsed.workouts.length} workouts) over HTTP vs a plain bulk insert of the same rows`,
        rows: ROWS,
        workouts: parsed.workouts.length,
        requests: parts.length + 1,
        fileKilobytes: Math.round(text.length / 1024),
        parseMs: Math.round(parseMs),
        stageMs: Math.round(stageMs),
        dryRunMs: Math.round(dryRunMs),
        applyMs: Math.round(applyMs),
        importMs: Math.round(importMs),
        importRowsPerSecond: perSecond(importMs),
        baselineMs: Math.round(baselineMs),
        baselineRowsPerSecond: perSecond(baselineMs),
        ratio: Number((importMs / baselineMs).toFixed(2)),
        serverPeakMemoryMb: peak,
        serverPeakMemoryBeforeMb: peakBefore,
      });
      report({
        benchmark: `export: the same ${ROWS} rows as workout documents, pages of 200`,
        rows: ROWS,
        exportMs: Math.round(exportMs),
        exportRowsPerSecond: perSecond(exportMs),
        ratioToImport: Number((exportMs / importMs).toFixed(3)),
      });
    } finally {
      await app.close();
    }
  } finally {
    await db.stop();
  }
}
