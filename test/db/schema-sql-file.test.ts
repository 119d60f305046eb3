// data/schema.sql must be what `npm run db:dump` would write now: the schema the migrations leave
// (migrations/committed, then migrations/current), read from a freshly migrated database.
import { readFileSync } from "node:fs";
import { freshDatabase } from "../support/harness.ts";
import { dumpSchema, SCHEMA_SQL_FILE } from "../../db/dump-schema.ts";

test("data/schema.sql is up to date (run `npm run db:dump` if this fails)", async () => {
  const db = await freshDatabase();
  try {
    const text = await dumpSchema(db.ownerUrl);
    const committed = readFileSync(SCHEMA_SQL_FILE, "utf8");
    if (committed !== text) {
      const want = text.split("\n");
      const have = committed.split("\n");
      // The first difference below the contents, whose line numbers move with any change further down.
      const wantStart = want.indexOf("");
      const haveStart = have.indexOf("");
      const offset = want.slice(wantStart).findIndex((l, i) => l !== have[haveStart + i]);
      const line = offset < 0 ? want.findIndex((l, i) => l !== have[i]) : wantStart + offset;
      const haveLine = offset < 0 ? line : haveStart + offset;
      throw new Error(
        `data/schema.sql is stale: run \`npm run db:dump\` (first difference at line ${line + 1}: ` +
          `file has ${JSON.stringify(have[haveLine] ?? "<end>")}, migrations give ${JSON.stringify(want[line] ?? "<end>")})`,
      );
    }
    // The snapshot shows what a reader looks for: tables, policies, functions, grants and comments.
    expect(text).toMatch(/^create table app_public\.routines \(/m);
    expect(text).toMatch(
      /^create policy select_own on app_public\.workouts for select\n {2}using \(user_id = \(\( SELECT app_public\.current_user_id\(\)/m,
    );
    expect(text).toMatch(/^create function app_hidden\.try_uuid\(t text\)/m);
    expect(text).toMatch(/^grant select on table app_public\.exercises to svc_reader;$/m);
    expect(text).toMatch(/^comment on column app_public\.routines\.name_key is /m);
    expect(text).not.toMatch(/owner to|OWNER TO/);
    // The contents at the top point at each section's banner and each object's first line.
    const lines = text.split("\n");
    const contents = lines.slice(0, lines.indexOf("")).flatMap((l) => {
      const m = /^-- +(\d+) {2}( *)(\S.*)$/.exec(l);
      return m ? [{ line: Number(m[1]), object: m[2] !== "", label: m[3] }] : [];
    });
    expect(contents.length).toBeGreaterThan(200);
    expect(contents).toContainEqual({ line: expect.any(Number), object: true, label: "try_uuid" });
    for (const c of contents) {
      const target = lines[c.line - 1];
      if (c.object)
        expect(target).toMatch(new RegExp(`^create \\S+( \\S+)? \\w+\\.${c.label.replace(/[ (].*/, "")}\\b`));
      else expect(target).toBe(`-- ${c.label}`);
    }
  } finally {
    await db.drop();
  }
});
