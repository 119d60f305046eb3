// The real `svc` binary against the real server: routine and workout documents (list, show, apply
// from a file and from stdin, the show|apply round trip, delete, schema, --dry-run offline,
// invalid documents as `path: reason` with exit 2), workout id prefixes, exercise search and custom
// exercises.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { routineSchema, workoutSchema } from "@svc/sdk/documents";
import { post, type TestServer } from "../../test/support/harness.ts";
import { cliServer, hasStackTrace, svcOnTerminal, type Home } from "./support.ts";

/** The same document, saved once more: only its version moved on (by one). */
function sameButVersion(after: string, before: string): boolean {
  const { version: a, ...restAfter } = JSON.parse(after);
  const { version: b, ...restBefore } = JSON.parse(before);
  return a === b + 1 && JSON.stringify(restAfter) === JSON.stringify(restBefore);
}

const cli = cliServer();
const home = cli.home;
let s: TestServer;
beforeAll(() => {
  s = cli.fixture.server;
});

const signedUp = () => cli.signUpHome("Lifter", cli.email("doc"), "correct horse battery");
const stdoutJson = (r: { stdout: string }) => JSON.parse(r.stdout);

function file(h: Home, name: string, content: unknown): string {
  const p = path.join(h.home, name);
  writeFileSync(p, typeof content === "string" ? content : JSON.stringify(content, null, 2));
  return p;
}

const PUSH = {
  name: "Push",
  unit: "kg",
  exercises: [
    { exercise: "bench", sets: 3, reps: "5-8", weight: 100, rest: "2m" },
    { exercise: "Overhead Press", sets: 3, reps: 8, weight: 52.5, warmups: 2 },
    { exercise: "plank", sets: 2, time: "1:00" },
  ],
};

const WORKOUT = {
  name: "Monday",
  date: "2026-03-02",
  unit: "kg",
  exercises: [
    {
      exercise: "Bench Press",
      sets: ["w:60x5", "100x5@8", "100 x 5", { set: "100x5", done: false }],
      note: "elbows in",
    },
    { exercise: "plank", sets: ["60s"] },
  ],
};

describe("schema", () => {
  test("routine schema and workout schema print the SDK's schemas, offline", async () => {
    const h = home({ SVC_URL: undefined });
    const routine = await h.run(["routine", "schema"]);
    expect(routine.code).toBe(0);
    expect(JSON.parse(routine.stdout)).toEqual(routineSchema);
    const workout = await h.run(["workout", "schema"]);
    expect(JSON.parse(workout.stdout)).toEqual(workoutSchema);
    // The server being down does not matter.
    const down = await h.run(["routine", "schema"], { env: { SVC_URL: "http://127.0.0.1:1" } });
    expect(down.code).toBe(0);
  });
});

describe("apply --dry-run validates offline", () => {
  test("valid documents: exit 0, nothing sent (no server, no credentials)", async () => {
    const h = home({ SVC_URL: "http://127.0.0.1:1" });
    const r = await h.run(["routine", "apply", file(h, "push.json", PUSH), "--dry-run"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("is a valid routine document (dry run: nothing saved)");
    const json = await h.run(["workout", "apply", "-", "--dry-run", "--json"], { input: JSON.stringify(WORKOUT) });
    expect(json.code).toBe(0);
    const out = JSON.parse(json.stdout);
    expect(out.valid).toBe(true);
    expect(out.document.exercises[0].sets).toEqual(["w:60x5", "100x5@8", "100x5", { set: "100x5", done: false }]);
  });

  test("invalid documents: `path: reason` only, exit 2", async () => {
    const h = home({ SVC_URL: "http://127.0.0.1:1" });
    const cases: [string, unknown, string][] = [
      [
        "routine",
        { ...PUSH, exercises: [PUSH.exercises[0], { exercise: "x", sets: 3, reps: "12-8" }] },
        "exercises[1].reps: ",
      ],
      ["routine", { ...PUSH, colour: "red" }, "colour: "],
      ["routine", { ...PUSH, exercises: [{ exercise: "bench", sets: 21 }] }, "exercises[0].sets: "],
      ["workout", { ...WORKOUT, date: "2026-02-30" }, "date: "],
      ["workout", { ...WORKOUT, exercises: [{ exercise: "bench", sets: [] }] }, "exercises[0].sets: "],
    ];
    for (const [kind, doc, prefix] of cases) {
      const r = await h.run([kind, "apply", "-", "--dry-run"], { input: JSON.stringify(doc) });
      expect({ doc, code: r.code }).toEqual({ doc, code: 2 });
      expect(r.stderr.startsWith(prefix)).toBe(true);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.stdout).toBe("");
    }
  });

  test("bad files and input: one sentence, exit 2, no stack trace", async () => {
    const h = home();
    const cases: [string[], string | undefined, RegExp][] = [
      [
        ["routine", "apply", path.join(h.home, "missing.json")],
        undefined,
        /Cannot read .*missing\.json: no such file\./,
      ],
      [["routine", "apply", h.home], undefined, /it is a folder/],
      [["routine", "apply", file(h, "bad.json", '{ "name": ')], undefined, /bad\.json is not valid JSON/],
      [["workout", "apply", file(h, "empty.json", "")], undefined, /empty\.json is empty/],
      [["workout", "apply", "-"], "", /standard input is empty/],
      [["workout", "apply", "-"], "[1, 2", /standard input is not valid JSON/],
      [["routine", "apply", "-"], "[]", /^document: must be an object\n$/],
    ];
    for (const [args, input, message] of cases) {
      const r = await h.run(args, { input });
      expect({ args, code: r.code }).toEqual({ args, code: 2 });
      expect(r.stderr).toMatch(message);
      expect(hasStackTrace(r.stderr)).toBe(false);
    }
  });
});

describe("routines", () => {
  test("apply creates, list, show (table, --json, --unit lb), show|apply round trip, delete", async () => {
    const h = await signedUp();
    const created = await h.run(["routine", "apply", file(h, "push.json", PUSH)]);
    expect(created.code).toBe(0);
    const id = /^Created routine Push \(([0-9a-f-]{36})\)\.\n$/.exec(created.stdout)?.[1];
    expect(id).toBeDefined();

    const list = await h.run(["routine", "list"]);
    expect(list.stdout).toMatch(new RegExp(`^NAME\\s+ID\\nPush\\s+${id}\\n$`));
    expect(JSON.parse((await h.run(["routine", "list", "--json"])).stdout)).toEqual([{ id, name: "Push" }]);

    // Names are compared as SQL's routine_name_key does (case, and spaces, tabs and line breaks around).
    const spaced = await h.run(["routine", "show", "\t PUSH\r\n", "--json"]);
    expect(JSON.parse(spaced.stdout)).toMatchObject({ id, name: "Push" });
    for (const other of ["Push\u00a0", "\u2003Push", "Push\u200b"]) {
      const unknown = await h.run(["routine", "show", other]);
      expect(unknown.stderr).toBe(
        `Error: No routine named or with id ${JSON.stringify(other.trim())}. See \`svc routine list\`.\n`,
      );
    }
    const table = await h.run(["routine", "show", "push"]);
    expect(table.code).toBe(0);
    expect(table.stdout).toContain("Push");
    expect(table.stdout).toMatch(/EXERCISE\s+SETS\s+REPS\s+TIME\s+WEIGHT\s+REST\s+NOTES/);
    expect(table.stdout).toMatch(/Bench Press\s+3\s+5-8\s+-\s+100 kg\s+2:00/);

    const shown = await h.run(["routine", "show", "Push", "--json"]);
    const document = JSON.parse(shown.stdout);
    expect(document).toMatchObject({
      id,
      name: "Push",
      unit: "kg",
      exercises: [{ exercise: "Bench Press", sets: 3, reps: "5-8", weight: 100, rest: 120 }, {}, {}],
    });
    // By id too; --unit lb converts.
    expect(JSON.parse((await h.run(["routine", "show", id!, "--json"])).stdout)).toEqual(document);
    const pounds = JSON.parse((await h.run(["routine", "show", "PUSH", "--json", "--unit", "lb"])).stdout);
    expect(pounds.unit).toBe("lb");
    // Shown in the other unit, a weight is the nearest loadable one (5 lb steps): 100 kg is 220.46 lb, loaded as 220 lb.
    expect(pounds.exercises[0].weight).toBe(220);

    // show --json | apply - changes nothing.
    const again = await h.run(["routine", "apply", "-"], { input: shown.stdout });
    expect(again).toMatchObject({ code: 0, stdout: `Replaced routine Push (${id}).\n` });
    expect(sameButVersion((await h.run(["routine", "show", "Push", "--json"])).stdout, shown.stdout)).toBe(true);
    const json = JSON.parse((await h.run(["routine", "apply", "-", "--json"], { input: shown.stdout })).stdout);
    // Saved again (its content unchanged): the answer is the document at its new version.
    expect(json).toEqual({ routine: { id, name: "Push" }, document: { ...document, version: 3 }, created: false });

    // An edited document replaces it.
    const edited = { ...document, version: undefined, exercises: document.exercises.slice(0, 1) };
    expect((await h.run(["routine", "apply", "-"], { input: JSON.stringify(edited) })).code).toBe(0);
    expect(JSON.parse((await h.run(["routine", "show", "Push", "--json"])).stdout).exercises).toHaveLength(1);

    const missing = await h.run(["routine", "show", "Pull"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No routine named or with id "Pull"');

    const deleted = await h.run(["routine", "delete", "push", "--yes"]);
    expect(deleted).toMatchObject({ code: 0, stdout: `Deleted routine Push (${id}).\n` });
    expect((await h.run(["routine", "list"])).stdout).toContain("No routines yet");
    expect((await h.run(["routine", "delete", "push", "--yes"])).code).toBe(1);
  });

  test("delete asks on a terminal (anything but y keeps the routine); where it cannot ask it needs --yes", async () => {
    const h = await signedUp();
    expect((await h.run(["routine", "apply", "-"], { input: JSON.stringify(PUSH) })).code).toBe(0);
    const unasked = await h.run(["routine", "delete", "push"]);
    expect(unasked).toMatchObject({ code: 2, stdout: "" });
    expect(unasked.stderr).toMatch(
      /^Error: Give --yes to delete a routine \(standard input is not a terminal, so svc cannot ask\)\.\n/,
    );
    const kept = await svcOnTerminal(["routine", "delete", "push"], h.env(), [{ waitFor: "? (y/N): ", type: "n\r" }]);
    expect(kept.stdout).toMatch(/Delete the routine Push \([0-9a-f-]{8}\)\? \(y\/N\): /);
    expect(kept.stdout).toContain("Cancelled: nothing changed.");
    expect(kept.code).toBe(1);
    expect((await h.run(["routine", "list"])).stdout).toContain("Push");
    const yes = await svcOnTerminal(["routine", "delete", "push"], h.env(), [{ waitFor: "? (y/N): ", type: "y\r" }]);
    expect(yes.stdout).toContain("Deleted routine Push");
    expect(yes.code).toBe(0);
    expect((await h.run(["routine", "list"])).stdout).toContain("No routines yet");
  });

  test("documents the server refuses: `path: reason`, exit 2, nothing saved", async () => {
    const h = await signedUp();
    const unknown = await h.run(["routine", "apply", "-"], {
      input: JSON.stringify({ name: "Legs", exercises: [{ exercise: "no such lift anywhere", sets: 3 }] }),
    });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^exercises\[0\]\.exercise: /);
    expect(JSON.parse((await h.run(["routine", "list", "--json"])).stdout)).toEqual([]);

    expect((await h.run(["routine", "apply", "-"], { input: JSON.stringify(PUSH) })).code).toBe(0);
    const duplicate = await h.run(["routine", "apply", "-"], { input: JSON.stringify(PUSH) });
    expect(duplicate.code).toBe(2);
    expect(duplicate.stderr).toMatch(/^name: /);
    const otherId = await h.run(["routine", "apply", "-"], {
      input: JSON.stringify({ ...PUSH, id: "00000000-0000-4000-8000-000000000000" }),
    });
    expect(otherId.code).toBe(2);
    expect(otherId.stderr).toMatch(/^id: /);
    expect(JSON.parse((await h.run(["routine", "list", "--json"])).stdout)).toHaveLength(1);
  });

  test("another user's routine is not found", async () => {
    const a = await signedUp();
    const b = await signedUp();
    const created = await a.run(["routine", "apply", "-", "--json"], { input: JSON.stringify(PUSH) });
    const { routine } = JSON.parse(created.stdout);
    expect((await b.run(["routine", "show", routine.id])).code).toBe(1);
    const del = await b.run(["routine", "delete", routine.id, "--yes"]);
    expect(del.code).toBe(1);
    expect(del.stderr).toContain(`No routine named or with id "${routine.id}"`);
    expect((await a.run(["routine", "show", routine.id])).code).toBe(0);
  });
});

describe("workouts", () => {
  test("apply logs, list (--limit, --since, --json), show by prefix, round trip, delete", async () => {
    const h = await signedUp();
    const ids: string[] = [];
    for (const [date, name] of [
      ["2026-03-01", "A"],
      ["2026-03-03", "C"],
      ["2026-03-02", "B"],
    ]) {
      const r = await h.run(["workout", "apply", "-", "--json"], { input: JSON.stringify({ ...WORKOUT, date, name }) });
      expect(r.code).toBe(0);
      const out = JSON.parse(r.stdout);
      expect(out).toMatchObject({ created: true, workout: { date, name } });
      ids.push(out.workout.id);
    }
    const human = await h.run(["workout", "apply", file(h, "w.json", { ...WORKOUT, date: "2026-02-01", name: "Old" })]);
    expect(human.stdout).toMatch(/^Logged workout Old on 2026-02-01 \([0-9a-f-]{36}\)\.\n$/);

    const list = await h.run(["workout", "list"]);
    const lines = list.stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^ID\s+DATE\s+NAME$/);
    expect(lines.slice(1).map((l) => l.split(/\s+/).slice(1))).toEqual([
      ["2026-03-03", "C"],
      ["2026-03-02", "B"],
      ["2026-03-01", "A"],
      ["2026-02-01", "Old"],
    ]);
    expect(lines[1].split(/\s+/)[0]).toBe(ids[1].slice(0, 8));
    const limited = JSON.parse((await h.run(["workout", "list", "--limit", "2", "--json"])).stdout);
    expect(limited.map((w: any) => w.name)).toEqual(["C", "B"]);
    const since = JSON.parse((await h.run(["workout", "list", "--since", "2026-03-02", "--json"])).stdout);
    expect(since.map((w: any) => w.name)).toEqual(["C", "B"]);
    expect(JSON.parse((await h.run(["workout", "list", "--since", "2026-03-04", "--json"])).stdout)).toEqual([]);
    expect((await h.run(["workout", "list", "--since", "March"])).code).toBe(2);

    // Show by a unique prefix; the table view; --json; --unit lb.
    const prefix = ids[0].slice(0, 8);
    const view = await h.run(["workout", "show", prefix]);
    expect(view.code).toBe(0);
    expect(view.stdout).toContain("A on 2026-03-01");
    expect(view.stdout).toContain("w:60x5, 100x5@8, 100x5, 100x5 (planned)");
    expect(view.stdout).toContain("note: elbows in");
    // The start on the workout's own day: in this computer's zone, else the nearest offset keeping its date.
    const late = JSON.parse(
      (
        await h.run(["workout", "apply", "-", "--json"], {
          input: JSON.stringify({ ...WORKOUT, date: "2026-03-05", name: "Late", start: "2026-03-05T22:30:00-05:00" }),
        })
      ).stdout,
    ).workout.id;
    const inNewYork = await h.run(["workout", "show", late], { env: { TZ: "America/New_York" } });
    expect(inNewYork.stdout).toContain("started 2026-03-05 22:30 -05:00");
    const inUtc = await h.run(["workout", "show", late]);
    expect(inUtc.stdout).toContain("started 2026-03-05 23:30 -04:00");
    const inBerlin = await h.run(["workout", "show", ids[0]], { env: { TZ: "Europe/Berlin" } });
    expect(inBerlin.stdout).toMatch(/started 2026-03-01 \d\d:\d\d \+01:00/);
    await h.run(["workout", "delete", late, "--yes"]);
    const shown = await h.run(["workout", "show", prefix, "--json"]);
    const document = JSON.parse(shown.stdout);
    expect(document).toMatchObject({ id: ids[0], date: "2026-03-01", name: "A", unit: "kg" });
    expect(JSON.parse((await h.run(["workout", "show", ids[0], "--json"])).stdout)).toEqual(document);
    const pounds = JSON.parse((await h.run(["workout", "show", prefix, "--json", "--unit", "lb"])).stdout);
    expect(pounds.unit).toBe("lb");

    // show --json | apply - changes nothing.
    const again = await h.run(["workout", "apply", "-"], { input: shown.stdout });
    expect(again).toMatchObject({ code: 0, stdout: `Replaced workout A on 2026-03-01 (${ids[0]}).\n` });
    expect(sameButVersion((await h.run(["workout", "show", prefix, "--json"])).stdout, shown.stdout)).toBe(true);

    // Prefix errors.
    const none = await h.run(["workout", "show", "ffffffff"]);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain("No workout with an id starting ffffffff");
    expect((await h.run(["workout", "show", "abc"])).code).toBe(2);
    expect((await h.run(["workout", "show", "not-an-id!"])).code).toBe(2);
    expect((await h.run(["workout", "show", "00000000-0000-4000-8000-000000000000"])).code).toBe(1);

    const deleted = await h.run(["workout", "delete", ids[2].slice(0, 10), "--yes"]);
    expect(deleted).toMatchObject({ code: 0, stdout: `Deleted workout B on 2026-03-02 (${ids[2]}).\n` });
    expect(JSON.parse((await h.run(["workout", "list", "--json"])).stdout)).toHaveLength(3);
    const json = JSON.parse((await h.run(["workout", "delete", ids[1], "--json", "--yes"])).stdout);
    expect(json).toEqual({ deleted: { id: ids[1], date: "2026-03-03", name: "C" } });
    const gone = await h.run(["workout", "delete", ids[1], "--yes"]);
    expect(gone.code).toBe(1);
    expect(gone.stderr).toBe(`Error: No workout with id ${ids[1]}. See \`svc workout list\`.\n`);
  });

  test("an ambiguous prefix: exit 2, names the matches; fewer than 4 characters: exit 2", async () => {
    const h = await signedUp();
    const userId = h.credentials().instances[s.url].user.id;
    // Two workouts whose ids share their first 8 characters.
    const ids = ["abcdef01-0000-4000-8000-000000000001", "abcdef01-0000-4000-8000-000000000002"];
    for (const [i, id] of ids.entries()) {
      await s.ownerPool.query(
        "insert into app_public.workouts (id, user_id, date, start, name, unit, effort) values ($1, $2, $3, ($3::date + time '12:00') at time zone 'UTC', $4, 'kg', 'rpe')",
        [id, userId, `2026-01-0${i + 1}`, `W${i + 1}`],
      );
    }
    const ambiguous = await h.run(["workout", "show", "abcdef01"]);
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toContain(
      `abcdef01 matches 2 workouts: ${ids[1]} (2026-01-02 W2), ${ids[0]} (2026-01-01 W1)`,
    );
    const unique = await h.run(["workout", "show", "ABCDEF01-0000-4000-8000-000000000002", "--json"]);
    expect(JSON.parse(unique.stdout)).toMatchObject({ id: ids[1], name: "W2" });
    const longer = await h.run(["workout", "show", "abcdef01-0000-4000-8000-00000000000", "--json"]);
    expect(longer.code).toBe(2);
    const short = await h.run(["workout", "show", "abc"]);
    expect(short.code).toBe(2);
    expect(short.stderr).toContain("at least 4 characters");
    const four = await h.run(["workout", "delete", "abcd", "--yes"]);
    expect(four.code).toBe(2);
    expect((await h.run(["workout", "delete", ids[0], "--yes"])).code).toBe(0);
    expect(JSON.parse((await h.run(["workout", "show", "abcd", "--json"])).stdout).id).toBe(ids[1]);
  });

  test("an invalid workout the server refuses: `path: reason`, exit 2, nothing saved", async () => {
    const h = await signedUp();
    const r = await h.run(["workout", "apply", "-"], {
      input: JSON.stringify({
        ...WORKOUT,
        exercises: [
          { exercise: "bench", sets: ["100x5"] },
          { exercise: "zzzz qqqq", sets: ["x5"] },
        ],
      }),
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^exercises\[1\]\.exercise: /);
    expect(JSON.parse((await h.run(["workout", "list", "--json"])).stdout)).toEqual([]);
    const routine = await h.run(["workout", "apply", "-"], {
      input: JSON.stringify({ ...WORKOUT, routine: "00000000-0000-4000-8000-000000000000" }),
    });
    expect(routine.code).toBe(2);
    expect(routine.stderr).toMatch(/^routine: /);
  });
});

describe("effort scale", () => {
  test("a workout without `effort` is read on the user's scale when applied; --dry-run reads it on --effort", async () => {
    const h = await signedUp();
    expect((await h.run(["settings", "--effort", "rir"])).code).toBe(0);
    const doc = JSON.stringify({ date: "2026-01-05", exercises: [{ exercise: "bench", sets: ["100x5@0"] }] });
    // RIR 0 is valid on the user's RIR scale (it would be out of range on RPE).
    const applied = await h.run(["workout", "apply", "-"], { input: doc });
    expect(applied).toMatchObject({ code: 0 });
    const shown = JSON.parse((await h.run(["workout", "list", "--json"])).stdout);
    expect(shown).toHaveLength(1);
    // Offline there are no settings: RPE unless --effort says otherwise.
    const rpe = await h.run(["workout", "apply", "-", "--dry-run"], { input: doc });
    expect(rpe.code).toBe(2);
    expect(rpe.stderr).toMatch(/^exercises\[0\]\.sets\[0\]: rpe must be from 1 to 10/);
    expect((await h.run(["workout", "apply", "-", "--dry-run", "--effort", "rir"], { input: doc })).code).toBe(0);
  });
});

describe("exercises", () => {
  test("search by words, best match first, --limit, --json; works without signing in", async () => {
    const h = await signedUp();
    const r = await h.run(["exercise", "search", "bench"]);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^NAME\s+EQUIPMENT\s+REGION\s+ALSO KNOWN AS$/);
    expect(lines[1]).toMatch(/^Bench Press\s+barbell\s+upper\s+.*bench/);
    const json = JSON.parse((await h.run(["exercise", "search", "romanian", "dead", "--limit", "3", "--json"])).stdout);
    expect(json.length).toBeLessThanOrEqual(3);
    expect(json[0]).toMatchObject({ name: "Romanian Deadlift" });
    expect(json[0].aliases).toEqual(expect.any(Array));
    const anonymous = await home().run(["exercise", "search", "benchpres", "--json"]);
    expect(anonymous.code).toBe(0);
    expect(JSON.parse(anonymous.stdout)[0].name).toBe("Bench Press");
    const nothing = await h.run(["exercise", "search", "qqqqqqqqqqqq"]);
    expect(nothing).toMatchObject({ code: 0, stdout: 'No exercises match "qqqqqqqqqqqq".\n' });
    expect((await h.run(["exercise", "search"])).code).toBe(2);
    expect((await h.run(["exercise", "search", "bench", "--limit", "0"])).code).toBe(2);
  });
});

describe("custom exercises", () => {
  test("create, list, rename, delete; by name or id prefix; conflicts and use in a workout", async () => {
    const h = await signedUp();
    expect((await h.run(["exercise", "list"])).stdout).toContain("No custom exercises yet");
    const created = await h.run([
      "exercise",
      "create",
      "Zercher Lunge",
      "--equipment",
      "barbell",
      "--region",
      "lower",
      "--muscle",
      "quads",
      "--muscle",
      "glutes",
    ]);
    expect(created.code).toBe(0);
    const id = /\(([0-9a-f-]{36})\)/.exec(created.stdout)![1];
    expect(created.stdout).toBe(`Added Zercher Lunge (${id}): barbell, lower, reps.\n`);
    const listed = await h.run(["exercise", "list"]);
    expect(listed.stdout).toMatch(
      new RegExp(
        `^ID\\s+NAME\\s+EQUIPMENT\\s+REGION\\s+KIND\\s+ADDED\\n${id.slice(0, 8)}\\s+Zercher Lunge\\s+barbell\\s+lower\\s+reps\\s+\\d{4}`,
      ),
    );
    expect(stdoutJson(await h.run(["exercise", "list", "--json"]))).toEqual([
      expect.objectContaining({ id, name: "Zercher Lunge", custom: true, muscles: ["quads", "glutes"] }),
    ]);
    const all = stdoutJson(await h.run(["exercise", "list", "--all", "--json"]));
    const catalog = (
      await s.ownerPool.query("select count(*)::int as n from app_public.exercises where user_id is null")
    ).rows[0].n;
    expect(all).toHaveLength(catalog + 1); // every page of the catalog, and the custom one
    // `svc exercise search <words>` finds the custom one.
    const search = await h.run(["exercise", "search", "zercher"]);
    expect(search.code).toBe(0);
    expect(search.stdout).toContain("Zercher Lunge");

    const dup = await h.run(["exercise", "create", "zercher-lunge"]);
    expect(dup.code).toBe(1);
    expect(dup.stderr).toMatch(/already/i);
    expect((await h.run(["exercise", "create", "x", "--equipment", "spoon"])).code).toBe(2);

    const renamed = await h.run(["exercise", "rename", "zercher lunge", "Zercher Box Squat"]);
    expect(renamed).toMatchObject({ code: 0, stdout: `Renamed Zercher Lunge to Zercher Box Squat (${id}).\n` });
    const byPrefix = await h.run([
      "exercise",
      "rename",
      id.slice(0, 6),
      "Zercher Box Squat",
      "--region",
      "full body",
      "--json",
    ]);
    expect(stdoutJson(byPrefix)).toMatchObject({ id, name: "Zercher Box Squat", region: "full body" });

    // Used by a workout: deleting is refused, nothing lost.
    const workout = await post(
      s.url,
      "/api/graphql",
      {
        query: "mutation($d: JSON) { applyWorkoutDocument(input: { document: $d }) { workout { id } } }",
        variables: { d: { date: "2026-03-01", exercises: [{ exercise: "Zercher Box Squat", sets: ["80x5"] }] } },
      },
      { token: h.credentials().instances[s.url].token },
    );
    const workoutId = workout.body.data.applyWorkoutDocument.workout.id;
    const inUse = await h.run(["exercise", "delete", "Zercher Box Squat", "--yes"]);
    expect(inUse.code).toBe(1);
    expect(stdoutJson(await h.run(["exercise", "list", "--json"]))).toHaveLength(1);
    expect((await h.run(["workout", "delete", workoutId.slice(0, 8), "--yes"])).code).toBe(0);
    const deleted = await h.run(["exercise", "delete", id.slice(0, 8), "--json", "--yes"]);
    expect(stdoutJson(deleted).deleted).toMatchObject({ id, name: "Zercher Box Squat" });
    expect(stdoutJson(await h.run(["exercise", "list", "--json"]))).toEqual([]);
    const gone = await h.run(["exercise", "delete", "Zercher Box Squat", "--yes"]);
    expect(gone).toMatchObject({
      code: 1,
      stderr: 'Error: No custom exercise named or with id "Zercher Box Squat". See `svc exercise list`.\n',
    });
    // A catalog exercise is not one of yours.
    expect((await h.run(["exercise", "delete", "Bench Press", "--yes"])).code).toBe(1);
  });
});

test("workout show reads a kg workout in a lb account by the one display rule; --unit kg as logged; --json as the API gives it", async () => {
  const h = await signedUp();
  expect((await h.run(["settings", "--unit", "lb"])).code).toBe(0);
  const kg = {
    date: "2026-04-01",
    unit: "kg",
    bodyweight: 80,
    exercises: [{ exercise: "Bench Press", sets: ["w:60x5", "100x5", "102.5x3+"] }],
  };
  const applied = await h.run(["workout", "apply", "-", "--json"], { input: JSON.stringify(kg) });
  const id = stdoutJson(applied).workout.id;
  // 60 kg = 132.28 lb -> 132.3; 100 kg = 220.46 -> 220.5; 102.5 kg = 225.97 -> 226; 80 kg = 176.37 -> 176.4.
  const view = await h.run(["workout", "show", id]);
  expect(view.code).toBe(0);
  expect(view.stdout).toContain("bodyweight 176.4 lb (80 kg)");
  expect(view.stdout).toContain("weights in lb (logged in kg)");
  expect(view.stdout).toContain("w:132.3x5, 220.5x5, 226x3+");
  expect(view.stdout).not.toMatch(/\d\.\d\d/);
  const asLogged = await h.run(["workout", "show", id, "--unit", "kg"]);
  expect(asLogged.stdout).toContain("w:60x5, 100x5, 102.5x3+");
  expect(asLogged.stdout).toContain("bodyweight 80 kg");
  expect(stdoutJson(await h.run(["workout", "show", id, "--json"]))).toMatchObject({ unit: "kg", bodyweight: 80 });
});
