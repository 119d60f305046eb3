// Rules with one home in SQL: how an id argument is read (app_hidden.try_uuid) and "the same
// routine name" (app_public.routine_name_key, the routines.name_key column and its one unique index).
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
