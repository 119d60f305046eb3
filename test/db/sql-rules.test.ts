// Rules with one home in SQL: how an id argument is read (app_hidden.try_uuid), "the same
// routine name" (app_public.routine_name_key, the routines.name_key column and its one unique index),
// one-line text (app_hidden.doc_line, app_hidden.control_character_reason), an argument from a list
// (app_hidden.check_one_of), one of the caller's routines by id or name (app_hidden.own_routine) and
// a ban in force (app_hidden.ban_in_force).
import pg from "pg";
import { credentialHash, freshDatabase } from "../support/harness.ts";

let db: Awaited<ReturnType<typeof freshDatabase>>;
let client: pg.Client;

beforeAll(async () => {
  db = await freshDatabase();
  client = new pg.Client({ connectionString: db.ownerUrl });
  await client.connect();
});

afterAll(async () => {
  await client.end();
  await db.drop();
});

const one = async (sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows[0].v;

describe("app_hidden.try_uuid", () => {
  test.each([
    ["3f2b8c1e-9d4a-4c1b-8e2f-7a6b5c4d3e2f", "3f2b8c1e-9d4a-4c1b-8e2f-7a6b5c4d3e2f"],
    ["3F2B8C1E-9D4A-4C1B-8E2F-7A6B5C4D3E2F", "3f2b8c1e-9d4a-4c1b-8e2f-7a6b5c4d3e2f"],
  ])("reads %s as a uuid", async (text, uuid) => {
    expect(await one("select app_hidden.try_uuid($1) as v", [text])).toBe(uuid);
  });

  test.each([
    "3f2b8c1e-9d4a-4c1b-8e2f-7a6b5c4d3e2", // one digit short
    "3f2b8c1e-9d4a-4c1b-8e2f-7a6b5c4d3e2f0", // one digit over
    "{3f2b8c1e-9d4a-4c1b-8e2f-7a6b5c4d3e2f}", // braces: PostgreSQL reads them, an id argument does not
    "3f2b8c1e9d4a4c1b8e2f7a6b5c4d3e2f", // no hyphens
    " 3f2b8c1e-9d4a-4c1b-8e2f-7a6b5c4d3e2f",
    "3f2b8c1e-9d4a-4c1b-8e2f-7a6b5c4d3e2g",
    "Push A",
    "",
  ])("gives null, never an error, for %j", async (text) => {
    expect(await one("select app_hidden.try_uuid($1) as v", [text])).toBeNull();
  });

  test("null stays null", async () => {
    expect(await one("select app_hidden.try_uuid(null) as v")).toBeNull();
  });

  test("is the only function that spells out the id pattern, besides the documents' copies of the SDK's pattern", async () => {
    const { rows } = await client.query(`
      select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname in ('app_public', 'app_hidden', 'app_private')
         and p.prosrc ~ '\\[0-9a-f(A-F)?\\]\\{8\\}'
       order by 1`);
    expect(rows.map((r) => r.proname)).toEqual(["doc_uuid", "document_patterns", "try_uuid"]);
  });
});

describe("the same routine name", () => {
  test("app_public.routine_name_key ignores case and surrounding spaces, not inner ones", async () => {
    expect(await one("select app_public.routine_name_key($1) as v", [" \tPush A\r\n"])).toBe("push a");
    expect(
      await one("select app_public.routine_name_key($1) = app_public.routine_name_key($2) as v", ["Push A", "push a "]),
    ).toBe(true);
    expect(
      await one("select app_public.routine_name_key($1) = app_public.routine_name_key($2) as v", ["Push A", "PushA"]),
    ).toBe(false);
  });

  test("routines.name_key is that key, and one unique index on (user_id, name_key) holds the rule", async () => {
    const { rows } = await client.query(`
      select i.relname, pg_get_indexdef(x.indexrelid) as def
        from pg_index x join pg_class i on i.oid = x.indexrelid
       where x.indrelid = 'app_public.routines'::regclass and x.indisunique and not x.indisprimary`);
    expect(rows).toEqual([{ relname: "routines_name_key", def: expect.stringMatching(/\(user_id, name_key\)$/) }]);
    const {
      rows: [column],
    } = await client.query(`
      select pg_get_expr(d.adbin, d.adrelid) as expr from pg_attrdef d
        join pg_attribute a on a.attrelid = d.adrelid and a.attnum = d.adnum
       where d.adrelid = 'app_public.routines'::regclass and a.attname = 'name_key'`);
    expect(column.expr).toBe("app_public.routine_name_key(name)");
  });

  test("a second routine of the same user whose name differs only in case or surrounding spaces is refused at path `name`", async () => {
    const {
      rows: [user],
    } = await client.query(
      "select (app_private.sign_up('Rules', 'rules@example.com', 'a long password', 'test')).user_id as id",
    );
    const {
      rows: [first],
    } = await client.query(
      "insert into app_public.routines (user_id, name, unit) values ($1, 'Push A', 'kg') returning id, name_key",
      [user.id],
    );
    expect(first.name_key).toBe("push a");
    for (const name of [" push a", "PUSH A  "]) {
      await expect(
        client.query("insert into app_public.routines (user_id, name, unit) values ($1, $2, 'kg')", [user.id, name]),
      ).rejects.toMatchObject({
        code: "SVDOC",
        detail: "name",
        hint: `a routine with this name already exists: ${first.id}`,
      });
    }
    // A name differing inside is another name.
    await expect(
      client.query("insert into app_public.routines (user_id, name, unit) values ($1, 'Push  A', 'kg')", [user.id]),
    ).resolves.toBeTruthy();
  });
});

/** The names of the functions whose source matches a regular expression. */
const functionsMatching = async (pattern: string) =>
  (
    await client.query(
      `select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname in ('app_public', 'app_hidden', 'app_private') and p.prosrc ~ $1 order by 1`,
      [pattern],
    )
  ).rows.map((r) => r.proname);

const signUp = async (name: string, email: string) =>
  (await client.query("select (app_private.sign_up($1, $2, 'a long password', 'test')).user_id as id", [name, email]))
    .rows[0].id as string;

describe("one-line text", () => {
  const CONTROL = "must not contain control characters such as a newline or tab";
  const line = async (v: unknown, lo: number, hi: number) =>
    (await client.query("select * from app_hidden.doc_line($1::jsonb, $2, $3)", [JSON.stringify(v), lo, hi])).rows[0];

  test("a string of lo to hi characters without control characters is the line; U+0020 and U+00A0 are not control characters", async () => {
    expect(await line("a".repeat(80), 1, 80)).toEqual({ line: "a".repeat(80), reason: null });
    expect(await line("a", 1, 80)).toEqual({ line: "a", reason: null });
    expect(await line("a b\u00a0c", 1, 8)).toEqual({ line: "a b\u00a0c", reason: null });
  });

  test.each([
    [42, "must be a string"],
    [null, "must be a string"],
    ["", "must be 1 to 80 characters"],
    ["a".repeat(81), "must be 1 to 80 characters"],
    ["a\u0001", CONTROL],
    ["a\tb", CONTROL],
    ["\u001f", CONTROL],
    ["\u007f", CONTROL],
    ["\u009f", CONTROL],
  ])("%j is refused: %s", async (value, reason) => {
    expect((await line(value, 1, 80)).reason).toBe(reason);
  });

  test("names written outside documents follow the same rule (INVALID_INPUT naming `name`)", async () => {
    const user = await signUp("Lines", "lines@example.com");
    await expect(client.query("update app_public.users set name = 'a\tb' where id = $1", [user])).rejects.toMatchObject(
      {
        code: "SVBAD",
        message: `name: ${CONTROL}`,
      },
    );
    await expect(
      client.query("insert into app_public.routines (user_id, name, unit) values ($1, 'Push\nA', 'kg')", [user]),
    ).rejects.toMatchObject({ code: "SVBAD", message: `name: ${CONTROL}` });
    // A blank user name is still refused first.
    await expect(client.query("update app_public.users set name = ' ' where id = $1", [user])).rejects.toMatchObject({
      code: "SVBAD",
      message: "name: must not be blank",
    });
  });

  test("the control-character class is spelled out in app_hidden.control_character_reason only", async () => {
    expect(await functionsMatching("u0001-")).toEqual(["control_character_reason"]);
  });
});

describe("an argument from a list: app_hidden.check_one_of", () => {
  test("a listed value or null passes through; anything else is INVALID_INPUT naming the field and the values", async () => {
    expect(await one("select app_hidden.check_one_of('unit', 'lb', '{kg,lb}') as v")).toBe("lb");
    expect(await one("select app_hidden.check_one_of('unit', null, '{kg,lb}') as v")).toBeNull();
    await expect(client.query("select app_hidden.check_one_of('unit', 'LB', '{kg,lb}')")).rejects.toMatchObject({
      code: "SVBAD",
      message: "unit: must be one of kg, lb",
    });
  });
});

describe("one of the caller's routines by id or name: app_hidden.own_routine", () => {
  test("by id first, then by name as routine_name_key compares it; another user's routine is none", async () => {
    const me = await signUp("Owner", "owner-routines@example.com");
    const other = await signUp("Other", "other-routines@example.com");
    const insert = async (user: string, name: string) =>
      (
        await client.query("insert into app_public.routines (user_id, name, unit) values ($1, $2, 'kg') returning id", [
          user,
          name,
        ])
      ).rows[0].id as string;
    const pushA = await insert(me, "Push A");
    // A routine named like another routine's id does not hide that one.
    const namedLikeId = await insert(me, pushA);
    const theirs = await insert(other, "Legs");
    const find = (ref: string, user: string) => one("select (app_hidden.own_routine($1, $2)).id as v", [ref, user]);
    expect(await find(pushA, me)).toBe(pushA);
    expect(await find(" push a ", me)).toBe(pushA);
    expect(await find(namedLikeId, me)).toBe(namedLikeId);
    expect(await find(theirs, me)).toBeNull();
    expect(await find("Legs", me)).toBeNull();
  });
});

describe("a ban in force: app_hidden.ban_in_force", () => {
  test("a ban with no end or an end ahead holds; an ended ban or none does not", async () => {
    const holds = (banned: boolean, expires: string | null) =>
      one("select app_hidden.ban_in_force($1, $2::timestamptz) as v", [banned, expires]);
    expect(await holds(true, null)).toBe(true);
    expect(await holds(true, "2999-01-01T00:00:00Z")).toBe(true);
    expect(await holds(true, "2000-01-01T00:00:00Z")).toBe(false);
    expect(await holds(false, null)).toBe(false);
  });

  test("is the only function that spells out the rule", async () => {
    expect(await functionsMatching("ban_expires is null or")).toEqual(["ban_in_force"]);
  });
});

/** Runs fn in one transaction, so every now() in it is the same instant, then rolls it back. */
const atOneInstant = async <T>(fn: () => Promise<T>): Promise<T> => {
  await client.query("begin");
  try {
    return await fn();
  } finally {
    await client.query("rollback");
  }
};

describe("a live session: app_hidden.session_live", () => {
  test("active 30 days minus a second ago is live; exactly 30 days or a second more is not", async () => {
    const live = (ago: string) =>
      atOneInstant(() => one("select app_hidden.session_live(now() - $1::interval) as v", [ago]));
    expect(await live("30 days -1 second")).toBe(true);
    expect(await live("30 days")).toBe(false);
    expect(await live("30 days 1 second")).toBe(false);
  });

  test("a token finds its session, the request's session id and the user's sessions list it, and the worker keeps it, up to the edge", async () => {
    const {
      rows: [signedUp],
    } = await client.query(
      "select * from app_private.sign_up('Idle', 'idle-session@example.com', 'a long password', 'test')",
    );
    const hash = credentialHash(signedUp.token);
    const seen = (ago: string) =>
      atOneInstant(async () => {
        await client.query("update app_public.sessions set last_active_at = now() - $2::interval where user_id = $1", [
          signedUp.user_id,
          ago,
        ]);
        const byToken = await one("select (app_private.session_for_token(decode($1, 'hex'))).session_id as v", [hash]);
        await client.query("select set_config('svc.session_hash', $1, true)", [hash]);
        const current = await one("select app_public.current_session_id() as v");
        const deleted = await one("select app_private.delete_idle_sessions() as v");
        return { found: byToken !== null, current: current !== null, deleted };
      });
    expect(await seen("30 days -1 second")).toEqual({ found: true, current: true, deleted: 0 });
    expect(await seen("30 days 1 second")).toEqual({ found: false, current: false, deleted: 1 });
  });

  test("is inlined into the query that calls it, so the last_active_at index serves the worker's delete", async () => {
    const { rows } = await client.query(
      "explain (verbose, costs off) delete from app_public.sessions s where not app_hidden.session_live(s.last_active_at)",
    );
    const plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
    expect(plan).toMatch(/last_active_at <= \(now\(\) - '30 days'::interval\)/);
    expect(plan).not.toMatch(/session_live/);
  });

  test("is the only function that compares last_active_at with 30 days ago", async () => {
    expect(await functionsMatching("interval '30 days'")).toEqual([
      "create_api_key",
      "delete_old_webhook_deliveries",
      "session_live",
    ]);
    expect(await functionsMatching("last_active_at [<>]=? *now\\(\\)")).toEqual(["session_live"]);
  });
});

describe("activity written at most once a minute: app_hidden.touch_due", () => {
  test("due after a minute (or never written); not within it", async () => {
    const due = (ago: string | null) =>
      atOneInstant(() =>
        one("select app_hidden.touch_due(now() - $1::interval) as v", [ago]).then((v) => v as boolean | null),
      );
    expect(await due("59 seconds")).toBe(false);
    expect(await due("1 minute")).toBe(false);
    expect(await due("61 seconds")).toBe(true);
    expect(await due(null)).toBe(true);
  });

  test("is the only function that spells out the minute", async () => {
    expect(await functionsMatching("< now\\(\\) - interval '1 minute'")).toEqual(["touch_due"]);
  });
});

describe("a bodyweight: app_hidden.bodyweight_reason", () => {
  const REASON = "must be a number above 0 and at most 1500 with at most 2 decimals";

  test.each([
    [0.01, null],
    [1500, null],
    [80.25, null],
    [0, REASON],
    [-1, REASON],
    [1500.01, REASON],
    [80.255, REASON],
    [null, REASON],
  ])("%j: %s", async (weight, reason) => {
    expect(await one("select app_hidden.bodyweight_reason($1::numeric) as v", [weight])).toBe(reason);
  });

  test("logBodyweight, workout documents and the table's guard follow it at its edges", async () => {
    const {
      rows: [signedUp],
    } = await client.query(
      "select * from app_private.sign_up('Weighed', 'bodyweight-rule@example.com', 'a long password', 'test')",
    );
    const logged = (weight: number) =>
      atOneInstant(async () => {
        await client.query("select set_config('svc.session_hash', $1, true)", [credentialHash(signedUp.token)]);
        return one("select (app_public.log_bodyweight('2026-01-01', $1, 'kg')).weight as v", [weight]);
      });
    const stored = (weight: number) =>
      atOneInstant(() =>
        one(
          "insert into app_public.bodyweights (user_id, date, weight, unit) values ($1, '2026-01-01', $2, 'kg') returning weight as v",
          [signedUp.user_id, weight],
        ),
      );
    for (const good of [0.01, 1500]) {
      expect(await logged(good)).toBe(good);
      expect(await stored(good)).toBe(good);
    }
    for (const bad of [0, 1500.01, 80.255]) {
      await expect(logged(bad)).rejects.toMatchObject({ code: "SVBAD", message: `weight: ${REASON}` });
      await expect(stored(bad)).rejects.toMatchObject({ code: "23514" });
    }
    const walk = async (bodyweight: unknown) =>
      (
        await client.query("select path, reason from app_hidden.walk_workout_document($1::jsonb, 'kg', 'rpe')", [
          JSON.stringify({ date: "2026-01-01", bodyweight, exercises: [] }),
        ])
      ).rows[0];
    expect(await walk(1500.01)).toEqual({ path: "bodyweight", reason: REASON });
    expect(await walk("80")).toEqual({ path: "bodyweight", reason: REASON });
    expect((await walk(1500)).path).not.toBe("bodyweight");
  });

  test("is the only function that compares with the limit, which only document_limits spells out", async () => {
    expect(await functionsMatching("<= \\(app_hidden\\.document_limits\\(\\)\\)\\.bodyweight")).toEqual([
      "bodyweight_reason",
    ]);
    expect(await functionsMatching("<= 1500")).toEqual([]);
    expect(await functionsMatching("1500::numeric")).toEqual(["document_limits"]);
  });
});

describe("another of the user's routines with this name: app_hidden.routine_name_taken", () => {
  test("names the other routine (compared by routine_name_key); none for the routine itself or another user's", async () => {
    const me = await signUp("Namer", "routine-name-taken@example.com");
    const other = await signUp("Other namer", "routine-name-taken-other@example.com");
    const {
      rows: [pushA],
    } = await client.query(
      "insert into app_public.routines (user_id, name, unit) values ($1, 'Push A', 'kg') returning id",
      [me],
    );
    const taken = (user: string, name: string, except: string | null) =>
      one("select app_hidden.routine_name_taken($1, $2, $3) as v", [user, name, except]);
    expect(await taken(me, " push a", null)).toBe(`a routine with this name already exists: ${pushA.id}`);
    expect(await taken(me, "Push A", pushA.id)).toBeNull();
    expect(await taken(me, "Push B", null)).toBeNull();
    expect(await taken(other, "Push A", null)).toBeNull();
  });

  test("is the only function that looks the name up or writes the reason", async () => {
    expect(await functionsMatching("routine with this name already exists")).toEqual(["routine_name_taken"]);
  });
});

describe("counts per subject and minute: app_private.count_request", () => {
  test("adds one request, or an amount (a key's cost through use_api_key), and stops at the largest int", async () => {
    const count = (subject: string, amount?: number) =>
      one(
        amount === undefined
          ? "select app_private.count_request($1, date_trunc('minute', now())) as v"
          : "select app_private.count_request($1, date_trunc('minute', now()), $2) as v",
        amount === undefined ? [subject] : [subject, amount],
      );
    await atOneInstant(async () => {
      expect(await count("key:rules")).toBe(1);
      expect(await count("key:rules")).toBe(2);
      expect(await count("key-cost:rules", 2147483000)).toBe(2147483000);
      expect(await count("key-cost:rules", 1000)).toBe(2147483647);
      const key = "00000000-0000-4000-8000-000000000001";
      expect(await count(`key-cost:${key}`, 30)).toBe(30);
      expect(await count(`key-cost:${key}`, 12)).toBe(42);
      expect(await count(`key-cost:${key}`, 0)).toBe(42);
    });
  });

  test("is the only function that writes rate_counters", async () => {
    expect(await functionsMatching("insert into app_private.rate_counters")).toEqual(["count_request"]);
  });
});

describe("a body measurement: app_hidden.measurement_reason", () => {
  test.each([
    ["waist", 0.01, "cm", null],
    ["waist", 500, "cm", null],
    ["waist", 500.01, "cm", "must be a length above 0 and at most 500 cm with at most 2 decimals"],
    ["waist", 200, "in", null],
    ["waist", 200.01, "in", "must be a length above 0 and at most 200 in with at most 2 decimals"],
    ["neck", 0, "cm", "must be a length above 0 and at most 500 cm with at most 2 decimals"],
    ["neck", 38.125, "cm", "must be a length above 0 and at most 500 cm with at most 2 decimals"],
    ["bodyFat", 80, "cm", null],
    ["bodyFat", 80.01, "in", "must be a percentage above 0 and at most 80 with at most 2 decimals"],
    ["bodyFat", null, "cm", null],
  ])("%s %j %s: %s", async (field, value, unit, reason) => {
    expect(await one("select app_hidden.measurement_reason($1, $2::numeric, $3) as v", [field, value, unit])).toBe(
      reason,
    );
  });

  test("the table's guard refuses what the rule refuses, at the edges", async () => {
    const {
      rows: [signedUp],
    } = await client.query(
      "select * from app_private.sign_up('Measured', 'measurement-rule@example.com', 'a long password', 'test')",
    );
    const stored = (column: string, value: number, unit: string) =>
      atOneInstant(() =>
        one(
          `insert into app_public.measurements (user_id, date, unit, ${column}) values ($1, '2026-01-01', $2, $3) returning ${column} as v`,
          [signedUp.user_id, unit, value],
        ),
      );
    for (const [column, value, unit] of [
      ["waist", 500, "cm"],
      ["left_calf", 200, "in"],
      ["body_fat", 80, "cm"],
      ["hips", 0.01, "in"],
    ] as const)
      expect(await stored(column, value, unit)).toBe(value);
    for (const [column, value, unit] of [
      ["waist", 500.01, "cm"],
      ["left_calf", 200.01, "in"],
      ["body_fat", 80.01, "cm"],
      ["hips", 0, "in"],
      ["neck", 38.125, "cm"],
    ] as const)
      await expect(stored(column, value, unit)).rejects.toMatchObject({ code: "23514" });
  });
});

describe("lists a value is one of: app_hidden.weight_units and app_hidden.progression_rules", () => {
  /** The quoted values of every check constraint named like `%<suffix>`, by constraint. */
  const constraintLists = async (suffix: string) =>
    (
      await client.query(
        `select c.conname, pg_get_constraintdef(c.oid) as def from pg_constraint c
           join pg_namespace n on n.oid = c.connamespace
          where n.nspname in ('app_public', 'app_hidden', 'app_private') and c.contype = 'c' and c.conname like $1
          order by 1`,
        [`%${suffix}`],
      )
    ).rows.map((r) => [r.conname, [...r.def.matchAll(/'([^']*)'::text/g)].map((m) => m[1])]);

  test("the units are kg and lb, and every unit check constraint lists the same", async () => {
    const units = await one("select app_hidden.weight_units() as v");
    expect(units).toEqual(["kg", "lb"]);
    const lists = await constraintLists("_unit_check");
    expect(lists.length).toBeGreaterThanOrEqual(5);
    for (const [, list] of lists) expect(list).toEqual(units);
    await expect(
      client.query("select app_hidden.check_one_of('unit', 'st', app_hidden.weight_units())"),
    ).rejects.toMatchObject({ code: "SVBAD", message: "unit: must be one of kg, lb" });
  });

  test("the progression rules, and the routines' and routine exercises' check constraints list the same", async () => {
    const rules = await one("select app_hidden.progression_rules() as v");
    expect(rules).toEqual(["linear", "greyskull", "double", "time", "none"]);
    const lists = await constraintLists("_progression_check");
    expect(lists.map(([name]) => name)).toEqual(["routine_exercises_progression_check", "routines_progression_check"]);
    for (const [, list] of lists) expect(list).toEqual(rules);
  });

  test("the length units are cm and in, and the users' and measurements' check constraints list the same", async () => {
    const units = await one("select app_hidden.length_units() as v");
    expect(units).toEqual(["cm", "in"]);
    const lists = await constraintLists("_length_units");
    expect(lists.map(([name]) => name)).toEqual(["measurements_length_units", "users_length_units"]);
    for (const [, list] of lists) expect(list).toEqual(units);
    await expect(
      client.query("select app_hidden.check_one_of('unit', 'mm', app_hidden.length_units())"),
    ).rejects.toMatchObject({ code: "SVBAD", message: "unit: must be one of cm, in" });
  });

  test("the languages are en, de, es, fr, pt-BR and ar, and the users' check constraint lists the same", async () => {
    const languages = await one("select app_hidden.languages() as v");
    expect(languages).toEqual(["en", "de", "es", "fr", "pt-BR", "ar"]);
    const lists = await constraintLists("_languages");
    expect(lists.map(([name]) => name)).toEqual(["users_languages"]);
    for (const [, list] of lists) expect(list).toEqual(languages);
    await expect(
      client.query("select app_hidden.check_one_of('language', 'pt', app_hidden.languages())"),
    ).rejects.toMatchObject({ code: "SVBAD", message: "language: must be one of en, de, es, fr, pt-BR, ar" });
  });

  test("are the only functions that spell the lists out", async () => {
    expect(await functionsMatching("kg,lb|'kg', *'lb'")).toEqual(["weight_units"]);
    expect(await functionsMatching("cm,in|'cm', *'in'")).toEqual(["length_units"]);
    expect(await functionsMatching("linear,greyskull")).toEqual(["progression_rules"]);
    expect(await functionsMatching("en,de,es|'en', *'de'")).toEqual(["languages"]);
  });
});

describe("loadable weights: app_hidden.snap_up and app_hidden.snap_down", () => {
  test.each([
    [10, 2.5, "10", "10"],
    [10.01, 2.5, "12.5", "10"],
    [12.49, 2.5, "12.5", "10"],
    [-3, 2.5, "0", "0"],
  ])("%d on a %d grid: up %s, down %s", async (weight, step, up, down) => {
    expect(await one("select app_hidden.snap_up($1, $2)::text as v", [weight, step])).toBe(up);
    expect(await one("select app_hidden.snap_down($1, $2)::text as v", [weight, step])).toBe(down);
  });

  test("warm-ups snap within 40-80 % of the work weight through them", async () => {
    // No function snaps to a grid by hand: (ceil|floor)(w / step) * step is written in snap_up and snap_down.
    expect(await functionsMatching("(ceil|floor)\\([^;]*/ *[a-z_]+ [-+] 0\\.000001\\) \\*")).toEqual([
      "snap_down",
      "snap_up",
    ]);
    // 101 kg, 3 warm-ups on a 2.5 kg grid: 40 % (40.4) snaps up to 42.5, 60 % to 60, 80 % (80.8) down to 80.
    expect(await one("select app_hidden.planned_sets('reps', 101, false, 5, null, 1, 3, 0, 0, 2.5) as v")).toEqual([
      "w:42.5x4",
      "w:60x3",
      "w:80x2",
      "101x5",
    ]);
  });
});
