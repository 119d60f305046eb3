// Rules with one home in SQL: how an id argument is read (app_hidden.try_uuid), "the same
// routine name" (app_public.routine_name_key, the routines.name_key column and its one unique index),
// one-line text (app_hidden.doc_line, app_hidden.control_character_reason), an argument from a list
// (app_hidden.check_one_of), one of the caller's routines by id or name (app_hidden.own_routine) and
// a ban in force (app_hidden.ban_in_force).
import pg from "pg";
import { freshDatabase } from "./support/harness.ts";

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
