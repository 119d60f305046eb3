// data/schema/ must be what `npm run db:dump` would write now: the schema the migrations leave
// (migrations/committed, then migrations/current), read from a freshly migrated database, one file
// per object.
import { freshDatabase } from "../support/harness.ts";
import { dumpSchema, readSchemaFiles, staleSchemaFiles } from "../../db/dump-schema.ts";

test("data/schema/ is up to date (run `npm run db:dump` if this fails)", async () => {
  const db = await freshDatabase();
  try {
    const files = await dumpSchema(db.ownerUrl);
    expect(staleSchemaFiles(files, readSchemaFiles())).toEqual([]);

    // Each object stands whole in its own file: a table with its policies, grants and comments.
    const routines = files.get("app_public/tables/routines.sql")!;
    expect(routines).toMatch(/^create table app_public\.routines \(/m);
    expect(routines).toMatch(/^comment on column app_public\.routines\.name_key is /m);
    const workouts = files.get("app_public/tables/workouts.sql")!;
    expect(workouts).toMatch(
      /^create policy select_own on app_public\.workouts for select\n {2}using \(user_id = \(\( SELECT app_public\.current_user_id\(\)/m,
    );
    expect(files.get("app_public/tables/exercises.sql")).toMatch(
      /^grant select on table app_public\.exercises to svc_reader;$/m,
    );
    expect(files.get("app_hidden/functions/try_uuid.sql")).toMatch(/^create function app_hidden\.try_uuid\(t text\)/m);
    expect(files.get("database.sql")).toMatch(/^create schema app_public;$/m);
    for (const [file, text] of files) {
      expect(text).not.toMatch(/owner to|OWNER TO/);
      if (file === "README.md" || file === "database.sql") continue;
      // The file is named after the one object it creates (a function's overloads share a name).
      const [schema, kind, name] = file.replace(/\.sql$/, "").split("/");
      const creates = [...text.matchAll(/^create (?:materialized )?(\w+) ([\w.]+)/gm)].map((m) => `${m[1]} ${m[2]}`);
      const word = { tables: "table", views: "view", sequences: "sequence", types: "type", functions: "function" }[
        kind
      ];
      const own = creates.filter((c) => !/^(index|unique|policy|trigger|constraint)\b/.test(c));
      expect({ file, own: [...new Set(own.map((c) => c.replace(/^procedure /, "function ")))] }).toEqual({
        file,
        own: [`${word} ${schema}.${name}`],
      });
    }

    // The index names every object file, by name only (no line numbers to move on every change).
    const index = files.get("README.md")!;
    const linked = [...index.matchAll(/\]\(([^)]+\.sql)\)/g)].map((m) => m[1]);
    const objects = [...files.keys()].filter((f) => f.endsWith(".sql"));
    expect(objects.length).toBeGreaterThan(250);
    expect(new Set(linked)).toEqual(new Set(objects));
    expect(index).not.toMatch(/\b\d{3,}\b/);
  } finally {
    await db.drop();
  }
});

test("a stale, missing or left-over file is named", () => {
  const want = new Map([
    ["a/tables/t.sql", "create table a.t (\n  x integer\n);\n"],
    ["a/functions/f.sql", "create function a.f()\n"],
  ]);
  const have = new Map([
    ["a/tables/t.sql", "create table a.t (\n  x text\n);\n"],
    ["a/views/v.sql", "create view a.v as\n"],
  ]);
  expect(staleSchemaFiles(want, have)).toEqual([
    'a/tables/t.sql: line 2 is "  x text", the migrations give "  x integer"',
    "a/functions/f.sql: missing",
    "a/views/v.sql: no longer in the schema",
  ]);
  expect(staleSchemaFiles(want, new Map(want))).toEqual([]);
});
