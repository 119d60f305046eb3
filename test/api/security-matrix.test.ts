// The security matrix, generated from the schema so a new table or mutation is covered without
// editing this file:
// - GraphQL (introspected over HTTP): every root query field and every mutation field, as anonymous,
//   another user (session and key), a read-only key, a revoked key, an expired key and a banned
//   user's key. Reads never return a row of the victim's; refused identities get FORBIDDEN for every
//   mutation; nobody's mutation changes a row of the victim's (or of the banned user).
// - SQL (pg_catalog): every table, as svc_visitor and svc_reader with another user's identity:
//   zero foreign rows visible, every write refused; the read-only role holds no write privilege.
// - Secrets: after all of that, no key value, session token or password in any table's text (the
//   embedded cluster ships no pg_dump, so every table is dumped with SQL) or in the server log.
// Ownership of a row: a `user_id` column, the `users` row itself, or a foreign key to an owned row.
import pg from "pg";
import { randomBytes } from "node:crypto";
import {
  startTestServer,
  gql,
  post,
  signUp,
  type TestServer,
  type Credentials,
  errorCode,
  asRole,
  credentialHash,
} from "../support/harness.ts";
import { OPERATION_LIMITS } from "../../server/graphql/operation-cost.ts";
import { connectRaw } from "../support/oauth-flow.ts";
import { captureLog } from "../../server/observability/logger.ts";

// ---------------------------------------------------------------- captured server log
const logged: string[] = [];
const originalWrites = { out: process.stdout.write, err: process.stderr.write };
const originalConsole = { log: console.log, error: console.error, warn: console.warn, info: console.info };
const originalLogSetting = process.env.SVC_LOG;
let stopLogCapture = () => {};

function captureLogs() {
  delete process.env.SVC_LOG; // the app logs for real during this file
  process.env.LOG_FORMAT = "json"; // our lines are recognised (and kept out of the test output) by their shape
  const tap = (original: typeof process.stdout.write) =>
    function (this: unknown, chunk: unknown, ...rest: unknown[]) {
      const text = typeof chunk === "string" ? chunk : Buffer.from(chunk as Uint8Array).toString("utf8");
      logged.push(text);
      // Our structured log lines are kept out of the test output; everything else passes through.
      if (text.startsWith('{"time":')) return true;
      return (original as any).call(this, chunk, ...rest);
    } as typeof process.stdout.write;
  // The logger writes to the descriptors itself (log-sink.ts), past process.stdout.write: take its lines.
  stopLogCapture = captureLog((line) => {
    logged.push(line);
  });
  process.stdout.write = tap(originalWrites.out);
  process.stderr.write = tap(originalWrites.err);
  for (const name of ["log", "error", "warn", "info"] as const) {
    console[name] = (...args: unknown[]) => {
      logged.push(args.map(String).join(" "));
    };
  }
}
function restoreLogs() {
  stopLogCapture();
  process.stdout.write = originalWrites.out;
  process.stderr.write = originalWrites.err;
  Object.assign(console, originalConsole);
  if (originalLogSetting === undefined) delete process.env.SVC_LOG;
  else process.env.SVC_LOG = originalLogSetting;
}

// ---------------------------------------------------------------- the cast
let s: TestServer;
const secrets = new Set<string>(); // every key value, session token and password handed out
type Person = { id: string; name: string; email: string; password: string; token: string };
let admin: Person;
let victim: Person;
let attacker: Person;
let banned: Person;
const keys: Record<string, string> = {};
const appTokens: Record<string, string> = {}; // access tokens of apps connected through OAuth (MCP)

async function person(label: string): Promise<Person> {
  const name = `${label} ${randomBytes(6).toString("hex")}`;
  const password = `pw-${randomBytes(12).toString("hex")}`;
  const res = await signUp(s.url, name, { password });
  secrets.add(res.token);
  secrets.add(password);
  return { id: res.user.id, name, email: res.email, password, token: res.token };
}

async function newKey(token: string, access: "READ_ONLY" | "READ_WRITE") {
  const res = await gql(
    s.url,
    `mutation($a: ApiKeyAccess!) { createApiKey(input: {name: "matrix", access: $a, expiresIn: DAYS_30}) { key apiKey { id } } }`,
    { a: access },
    { token },
  );
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  secrets.add(res.body.data.createApiKey.key);
  return { key: res.body.data.createApiKey.key as string, id: res.body.data.createApiKey.apiKey.id as string };
}

// ---------------------------------------------------------------- the database, from pg_catalog
type Column = {
  name: string;
  type: string;
  typtype: string;
  notNull: boolean;
  hasDefault: boolean;
  generated: boolean;
};
type Table = {
  schema: string;
  name: string;
  qualified: string;
  columns: Column[];
  pk: string[];
  fks: { column: string; parent: string; parentColumn: string }[];
  checks: { column: string; def: string }[];
};
const tables = new Map<string, Table>();

async function loadCatalog() {
  const { rows } = await s.ownerPool.query(`
    select n.nspname as schema, c.relname as name, c.oid,
      (select jsonb_agg(jsonb_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod),
          'typtype', t.typtype, 'notNull', a.attnotnull, 'hasDefault', a.atthasdef or a.attidentity <> '',
          'generated', a.attgenerated <> '') order by a.attnum)
         from pg_attribute a join pg_type t on t.oid = a.atttypid
        where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns,
      (select coalesce(jsonb_agg(a.attname order by a.attnum), '[]') from pg_index i
         join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
        where i.indrelid = c.oid and i.indisprimary) as pk,
      (select coalesce(jsonb_agg(jsonb_build_object('column', a.attname, 'parent', pn.nspname || '.' || pc.relname, 'parentColumn', pa.attname)), '[]')
         from pg_constraint k
         join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
         join pg_class pc on pc.oid = k.confrelid join pg_namespace pn on pn.oid = pc.relnamespace
         join pg_attribute pa on pa.attrelid = k.confrelid and pa.attnum = k.confkey[1]
        where k.conrelid = c.oid and k.contype = 'f' and array_length(k.conkey, 1) = 1) as fks,
      (select coalesce(jsonb_agg(jsonb_build_object('column', a.attname, 'def', pg_get_constraintdef(k.oid))), '[]')
         from pg_constraint k join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
        where k.conrelid = c.oid and k.contype = 'c' and array_length(k.conkey, 1) = 1) as checks
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and n.nspname in ('app_public', 'app_private')
    order by 1, 2`);
  for (const r of rows) tables.set(`${r.schema}.${r.name}`, { ...r, qualified: `${r.schema}.${r.name}` });
}

/** SQL condition (alias `t`) for rows owned by the users in $1 (uuid[]), or null for a table nobody owns. */
function ownedWhere(table: Table, alias = "t", seen = new Set<string>()): string | null {
  if (table.qualified === "app_public.users") return `${alias}.id = any($1::uuid[])`;
  if (table.columns.some((c) => c.name === "user_id")) return `${alias}.user_id = any($1::uuid[])`;
  seen.add(table.qualified);
  for (const fk of table.fks) {
    const parent = tables.get(fk.parent);
    if (!parent || seen.has(parent.qualified)) continue;
    const inner = ownedWhere(parent, `${alias}p`, seen);
    if (inner)
      return `${alias}.${fk.column} in (select ${alias}p.${fk.parentColumn} from ${parent.qualified} ${alias}p where ${inner})`;
  }
  return null;
}
const ownedTables = () => [...tables.values()].filter((t) => ownedWhere(t));
const publicTables = () => [...tables.values()].filter((t) => t.schema === "app_public");

/** Every owned row's whole content, activity timestamps left out (using a key or session moves them). */
async function snapshot(userIds: string[]) {
  const parts = ownedTables().map(
    (t) =>
      `'${t.qualified}', (select coalesce(jsonb_agg(x order by x::text), '[]') from (select to_jsonb(t) - 'last_used_at' - 'last_active_at' as x from ${t.qualified} t where ${ownedWhere(t)}) q)`,
  );
  const { rows } = await s.ownerPool.query(`select jsonb_build_object(${parts.join(", ")}) as snap`, [userIds]);
  return rows[0].snap as Record<string, unknown[]>;
}

/** Strings that must never reach another user: primary keys of their public rows, their name and email. */
async function markers(person: Person) {
  const out = new Set<string>([person.email, person.name]);
  for (const t of publicTables()) {
    const where = ownedWhere(t);
    if (!where || t.pk.length !== 1) continue;
    const { rows } = await s.ownerPool.query(`select t.${t.pk[0]}::text as v from ${t.qualified} t where ${where}`, [
      [person.id],
    ]);
    for (const r of rows) if (r.v.length >= 8) out.add(r.v);
  }
  return out;
}

/** First primary key of each table the person owns a row in: the ids an attacker will aim at. */
async function targetIds(person: Person) {
  const out: { table: string; id: string }[] = [];
  for (const t of publicTables()) {
    const where = ownedWhere(t);
    if (!where || t.pk.length !== 1) continue;
    const { rows } = await s.ownerPool.query(
      `select t.${t.pk[0]}::text as v from ${t.qualified} t where ${where} order by 1 limit 1`,
      [[person.id]],
    );
    if (rows[0]) out.push({ table: t.qualified, id: rows[0].v });
  }
  return out;
}

// ---------------------------------------------------------------- generic rows
/** The tightest lower bound the column's checks state (several checks may each give one). */
function lowerBound(table: Table, column: string): number | null {
  let bound: number | null = null;
  for (const c of table.checks.filter((x) => x.column === column)) {
    const m = c.def.match(new RegExp(`\\b${column}\\s*(>=|>)\\s*\\(?(-?[\\d.]+)`));
    if (m) bound = Math.max(bound ?? -Infinity, m[1] === ">" ? Number(m[2]) + 1 : Number(m[2]));
  }
  return bound;
}

function literalFor(table: Table, column: Column): string {
  const check = table.checks.find((c) => c.column === column.name && /'[^']*'::/.test(c.def));
  const type = column.type;
  if (column.typtype === "e") return `(enum_range(null::${type}))[1]`;
  // One element: a list that must not be empty (a webhook's events) takes it.
  if (type.endsWith("[]")) return /^(text|citext)/.test(type) ? `array['seed']::${type}` : "'{}'";
  if (/^(text|citext|character varying)/.test(type)) {
    if (check) return `'${check.def.match(/'([^']*)'::/)![1]}'`;
    return `'seed-' || substr(md5(random()::text), 1, 10)`;
  }
  if (/^(integer|bigint|smallint|numeric|double precision|real)/.test(type)) {
    const low = lowerBound(table, column.name);
    return low !== null ? String(low) : "(floor(random() * 100000))::int";
  }
  if (type === "boolean") return "false";
  if (type === "date") return "current_date";
  if (type.startsWith("timestamp")) return "now()";
  if (type.startsWith("time")) return "'12:00'";
  if (type === "uuid") return "gen_random_uuid()";
  if (type === "jsonb" || type === "json") return "'{}'";
  if (type === "bytea") return "decode(md5(random()::text), 'hex')";
  throw new Error(
    `security matrix: no generic value for ${table.qualified}.${column.name} (${type}); teach literalFor this type`,
  );
}

/** Column -> SQL expression for a new row owned by `owner`, pointing at the owner's rows where it can. */
async function rowFor(
  table: Table,
  owner: Person,
  only?: (column: string) => boolean,
): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  for (const column of table.columns) {
    if (column.generated || (only && !only(column.name))) continue;
    const fk = table.fks.find((f) => f.column === column.name);
    if (column.name === "user_id" || (fk && fk.parent === "app_public.users")) {
      values[column.name] = `'${owner.id}'::uuid`;
    } else if (fk) {
      const parent = tables.get(fk.parent)!;
      // Resolved now, as the owner connection: the row is then written with literal ids.
      const where = ownedWhere(parent, "p");
      if (where) await ensureOwned(parent, owner);
      if (where || (column.notNull && !column.hasDefault)) {
        const { rows } = await s.ownerPool.query(
          `select p.${fk.parentColumn}::text as v from ${parent.qualified} p ${where ? `where ${where}` : ""} order by 1 limit 1`,
          where ? [[owner.id]] : [],
        );
        if (rows[0]) values[column.name] = `'${rows[0].v}'`;
      }
    } else if (column.notNull && !column.hasDefault) {
      values[column.name] = literalFor(table, column);
    }
  }
  return values;
}

const unseedable = new Map<string, string>(); // tables whose own rules refuse a user-owned row
async function ensureOwned(table: Table, owner: Person) {
  const where = ownedWhere(table);
  if (!where || unseedable.has(table.qualified)) return;
  const { rows } = await s.ownerPool.query(`select count(*)::int as n from ${table.qualified} t where ${where}`, [
    [owner.id],
  ]);
  if (rows[0].n > 0) return;
  const values = await rowFor(table, owner);
  const columns = Object.keys(values);
  try {
    await s.ownerPool.query(
      `insert into ${table.qualified} (${columns.join(", ")}) values (${columns.map((c) => values[c]).join(", ")})`,
    );
  } catch (error) {
    const e = error as { code?: string; message: string };
    // A deliberate rule of ours (SQLSTATE class SV) may forbid user-owned rows here; anything else
    // means this generator needs teaching, so the test fails rather than quietly covering less.
    if (e.code?.startsWith("SV")) unseedable.set(table.qualified, e.message);
    else throw new Error(`security matrix: cannot seed ${table.qualified}: ${e.message}`);
  }
}

async function seedEverything(owner: Person) {
  for (const t of ownedTables()) await ensureOwned(t, owner);
}

// ---------------------------------------------------------------- GraphQL, from introspection
type TypeRef = { kind: string; name: string | null; ofType: TypeRef | null };
type Field = { name: string; args: { name: string; type: TypeRef }[]; type: TypeRef };
type GqlType = {
  kind: string;
  name: string;
  fields: Field[] | null;
  inputFields: { name: string; type: TypeRef }[] | null;
  enumValues: { name: string }[] | null;
};
const types = new Map<string, GqlType>();
let queryFields: Field[] = [];
let mutationFields: Field[] = [];

const INTROSPECTION = `{ __schema { queryType { name } mutationType { name }
  types { kind name enumValues { name } inputFields { name type { ...T } } fields { name type { ...T } args { name type { ...T } } } } } }
  fragment T on __Type { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } } }`;

async function loadSchema() {
  const res = await gql(s.url, INTROSPECTION);
  expect(res.body.errors).toBeUndefined();
  const schema = res.body.data.__schema;
  for (const t of schema.types) types.set(t.name, t);
  queryFields = types.get(schema.queryType.name)!.fields!;
  mutationFields = types.get(schema.mutationType.name)!.fields!;
}

const named = (t: TypeRef): TypeRef => (t.ofType ? named(t.ofType) : t);
const required = (t: TypeRef) => t.kind === "NON_NULL";
const printType = (t: TypeRef): string =>
  t.kind === "NON_NULL" ? `${printType(t.ofType!)}!` : t.kind === "LIST" ? `[${printType(t.ofType!)}]` : t.name!;

function selection(typeName: string, depth: number): string {
  const type = types.get(typeName)!;
  if (type.kind === "SCALAR" || type.kind === "ENUM") return "";
  if (type.kind !== "OBJECT") return "{ __typename }";
  const parts = ["__typename"];
  for (const f of type.fields!) {
    if (f.args.some((a) => required(a.type))) continue;
    const inner = types.get(named(f.type).name!)!;
    if (inner.name === "Query") continue;
    if (inner.kind === "SCALAR" || inner.kind === "ENUM") parts.push(f.name);
    else if (depth > 0) parts.push(`${f.name} ${selection(inner.name, depth - 1)}`);
  }
  return `{ ${parts.join(" ")} }`;
}

type Aim = { uuid: string; email: string; json: unknown };
function valueFor(t: TypeRef, fieldName: string, aim: Aim, depth = 0): unknown {
  if (t.kind === "NON_NULL") return valueFor(t.ofType!, fieldName, aim, depth);
  if (t.kind === "LIST") return [valueFor(t.ofType!, fieldName, aim, depth)];
  const type = types.get(t.name!)!;
  if (type.kind === "ENUM") return type.enumValues![0].name;
  if (type.kind === "INPUT_OBJECT") {
    const out: Record<string, unknown> = {};
    for (const f of type.inputFields!) {
      if (!required(f.type) && depth >= 2) continue;
      const v = valueFor(f.type, f.name, aim, depth + 1);
      if (v !== undefined) out[f.name] = v;
    }
    return out;
  }
  switch (t.name) {
    case "UUID":
      return aim.uuid;
    case "String":
      return /^id$|Id$/.test(fieldName) ? aim.uuid : /email/i.test(fieldName) ? aim.email : "matrix";
    case "Int":
      return 1;
    case "Float":
      return 1.5;
    case "Boolean":
      return true;
    case "Date":
      return "2024-01-01";
    case "Datetime":
      return "2024-01-01T12:00:00Z";
    case "Time":
      return "12:00:00";
    case "JSON":
      return aim.json;
    case "BigInt":
    case "BigFloat":
      return "1";
    case "Cursor":
      return undefined;
    default:
      return "matrix";
  }
}

function hasJsonArg(f: Field) {
  const walk = (t: TypeRef, depth: number): boolean => {
    const n = types.get(named(t).name!)!;
    if (n.name === "JSON") return true;
    return n.kind === "INPUT_OBJECT" && depth < 3 && n.inputFields!.some((x) => walk(x.type, depth + 1));
  };
  return f.args.some((a) => walk(a.type, 0));
}

function mutationRequest(f: Field, aim: Aim) {
  const vars = f.args.map((a, i) => `$a${i}: ${printType(a.type)}`);
  const args = f.args.map((a, i) => `${a.name}: $a${i}`);
  const query = `mutation${vars.length ? `(${vars.join(", ")})` : ""} { ${f.name}${args.length ? `(${args.join(", ")})` : ""} ${selection(named(f.type).name!, 1)} }`;
  const variables = Object.fromEntries(f.args.map((a, i) => [`a${i}`, valueFor(a.type, a.name, aim)]));
  return { query, variables };
}

/** The aims for a mutation: each of the target's tables' ids, and for document (JSON) inputs a few document shapes. */
function aimsFor(f: Field, targets: { id: string }[], email: string, exerciseName: string): Aim[] {
  const aims: Aim[] = [];
  for (const { id } of targets) {
    aims.push({ uuid: id, email, json: { id } });
    if (hasJsonArg(f)) {
      aims.push({ uuid: id, email, json: { id, name: "matrix", exercises: [{ exercise: exerciseName, sets: 1 }] } });
      aims.push({
        uuid: id,
        email,
        json: { id, date: "2024-01-01", exercises: [{ exercise: exerciseName, sets: ["1x1"] }] },
      });
    }
  }
  return aims;
}

/** One request per root query field; fields needing arguments get one alias per target id. */
function queryRequests(targets: { id: string }[], email: string) {
  const out: string[] = [];
  for (const f of queryFields) {
    if (named(f.type).name === "Query") continue;
    const needsArgs = f.args.some((a) => required(a.type));
    if (!needsArgs) {
      out.push(`{ ${f.name} ${selection(named(f.type).name!, 3)} }`);
      continue;
    }
    // One row by id: its own fields show whether it is visible (deep selections per alias plan slowly).
    const sel = selection(named(f.type).name!, 0);
    const aliases = targets.map(({ id }, i) => {
      const args = f.args
        .filter((a) => required(a.type))
        .map((a) =>
          `${a.name}: ${JSON.stringify(valueFor(a.type, a.name, { uuid: id, email, json: { id } }))}`.replace(
            /"([A-Za-z_][A-Za-z0-9_]*)":/g,
            "$1:",
          ),
        );
      return `a${i}: ${f.name}(${args.join(", ")}) ${sel}`;
    });
    out.push(`{ ${aliases.join(" ")} }`);
  }
  return out;
}

// ---------------------------------------------------------------- setup
type Identity = { label: string; credentials: Credentials };
let refused: Identity[];
let exerciseName = "Squat";

beforeAll(async () => {
  // The reads select every field three levels deep, far over the cost budget of one request: RLS is
  // under test here, not cost (test/api/graphql-cost.test.ts tests the budget).
  Object.assign(OPERATION_LIMITS, {
    cost: 1_000_000_000,
    keyCostPerMinute: 2_000_000_000,
    fields: 100_000,
    textLength: 10_000_000,
    // One alias per table the victim owns a row in.
    rootFields: 1_000,
  });
  captureLogs();
  s = await startTestServer();
  admin = await person("Admin");
  victim = await person("Victim");
  attacker = await person("Attacker");
  banned = await person("Banned");
  keys.victimRead = (await newKey(victim.token, "READ_ONLY")).key;
  keys.victimWrite = (await newKey(victim.token, "READ_WRITE")).key;
  const revoked = await newKey(victim.token, "READ_WRITE");
  keys.revoked = revoked.key;
  const expired = await newKey(victim.token, "READ_WRITE");
  keys.expired = expired.key;
  keys.attackerRead = (await newKey(attacker.token, "READ_ONLY")).key;
  keys.attackerWrite = (await newKey(attacker.token, "READ_WRITE")).key;
  keys.banned = (await newKey(banned.token, "READ_WRITE")).key;
  // Apps connected through the MCP server's OAuth flow: their tokens are secrets and identities too.
  for (const [label, p, decision] of [
    ["victim", victim, "allow"],
    ["attacker", attacker, "allow"],
    ["attackerRead", attacker, "allow_read"],
    ["banned", banned, "allow"],
  ] as const) {
    const app = await connectRaw(s.url, p.token, decision);
    secrets.add(app.access_token);
    secrets.add(app.refresh_token);
    appTokens[label] = app.access_token;
  }

  await loadCatalog();
  await loadSchema();
  for (const p of [victim, banned]) {
    const res = await gql(
      s.url,
      `mutation { logBodyweight(input: {date: "2024-01-01", weight: 80}) { date } }`,
      {},
      { token: p.token },
    );
    expect(res.body.errors).toBeUndefined();
  }
  // The ban ends the banned user's sessions; seeding afterwards gives them rows in every table again.
  const ban = await post(
    s.url,
    "/api/auth/admin/ban-user",
    { userId: banned.id, banReason: "matrix" },
    { token: admin.token },
  );
  expect(ban.status).toBe(200);
  for (const p of [victim, banned]) await seedEverything(p);
  const { rows } = await s.ownerPool.query(
    "select name from app_public.exercises where user_id is null order by name limit 1",
  );
  if (rows[0]) exerciseName = rows[0].name;

  expect(
    (
      await gql(
        s.url,
        "mutation($id: UUID!) { revokeApiKey(input: {id: $id}) { id } }",
        { id: revoked.id },
        { token: victim.token },
      )
    ).body.errors,
  ).toBeUndefined();
  await s.ownerPool.query("update app_public.api_keys set expires_at = now() - interval '1 second' where id = $1", [
    expired.id,
  ]);
  refused = [
    { label: "anonymous", credentials: {} },
    { label: "read-only key", credentials: { key: keys.victimRead } },
    { label: "revoked key", credentials: { key: keys.revoked } },
    { label: "expired key", credentials: { key: keys.expired, keyHeader: "x-api-key" } },
    { label: "banned user's key", credentials: { key: keys.banned } },
  ];
});

afterAll(async () => {
  await s?.close();
  restoreLogs();
});

/** Keeps the attacker signed in: some mutations (deleteAccount, sign-outs) end the attacker's own access. */
async function ensureAttacker() {
  const res = await gql(s.url, "{ viewer { id } }", {}, { token: attacker.token });
  const keyRes = await gql(s.url, "{ viewer { id } }", {}, { key: keys.attackerWrite });
  if (res.body.data?.viewer && keyRes.body.data?.viewer) return;
  attacker = await person("Attacker");
  keys.attackerRead = (await newKey(attacker.token, "READ_ONLY")).key;
  keys.attackerWrite = (await newKey(attacker.token, "READ_WRITE")).key;
}

// ---------------------------------------------------------------- the matrix
test("the generated matrix covers the schema: every table owned or explained, every mutation and query field", async () => {
  expect(mutationFields.length).toBeGreaterThan(5);
  expect(queryFields.length).toBeGreaterThan(5);
  for (const name of [
    "createApiKey",
    "revokeApiKey",
    "signOutSession",
    "signOutOtherSessions",
    "deleteAccount",
    "logBodyweight",
  ]) {
    expect(mutationFields.map((f) => f.name)).toContain(name);
  }
  // Every public table is either nobody's (a catalog) or holds rows of the victim and the banned
  // user, unless one of our own rules forbids user-owned rows there (kept with its reason).
  for (const t of publicTables()) {
    const where = ownedWhere(t);
    if (!where || unseedable.has(t.qualified)) continue;
    for (const p of [victim, banned]) {
      const { rows } = await s.ownerPool.query(`select count(*)::int as n from ${t.qualified} t where ${where}`, [
        [p.id],
      ]);
      expect([t.qualified, p.name, rows[0].n > 0]).toEqual([t.qualified, p.name, true]);
    }
  }
  // Tables where our own rules refuse user-owned rows, with the rule's message.
  for (const [t, reason] of unseedable) expect([t, reason]).toEqual([t, expect.stringMatching(/./)]);
});

test("reads: no identity sees a row of another user's; dead keys see nothing of their owner's", async () => {
  await ensureAttacker();
  const victimMarkers = await markers(victim);
  const bannedMarkers = await markers(banned);
  const { rows: sessionOnly } = await s.ownerPool.query(
    "select id::text as v from app_public.sessions where user_id = $1 union select id::text from app_public.api_keys where user_id = $1",
    [victim.id],
  );
  const victimTargets = [...(await targetIds(victim)), ...(await targetIds(banned))];
  const requests = queryRequests(victimTargets, victim.email);
  const identities: Array<Identity & { forbidden: Set<string>[] }> = [
    ...refused
      .filter((r) => r.label !== "read-only key")
      .map((r) => ({ ...r, forbidden: [victimMarkers, bannedMarkers] })),
    {
      label: "another user's session",
      credentials: { token: attacker.token },
      forbidden: [victimMarkers, bannedMarkers],
    },
    {
      label: "another user's read-only key",
      credentials: { key: keys.attackerRead },
      forbidden: [victimMarkers, bannedMarkers],
    },
    {
      label: "another user's read-write key",
      credentials: { key: keys.attackerWrite, keyHeader: "x-api-key" },
      forbidden: [victimMarkers, bannedMarkers],
    },
    // The victim's own read-only key sees the victim's rows, but not their sessions and keys, nor anyone else's.
    {
      label: "own read-only key",
      credentials: { key: keys.victimRead },
      forbidden: [new Set(sessionOnly.map((r) => r.v)), bannedMarkers],
    },
  ];
  let checked = 0;
  for (const identity of identities) {
    for (const query of requests) {
      const res = await gql(s.url, query, {}, identity.credentials);
      expect([identity.label, query, res.status]).toEqual([identity.label, query, 200]);
      const text = JSON.stringify(res.body.data ?? null);
      for (const set of identity.forbidden) {
        for (const marker of set) {
          if (text.includes(marker)) throw new Error(`${identity.label} read ${marker} with ${query}`);
          checked++;
        }
      }
    }
  }
  expect(checked).toBeGreaterThan(100);
  // The checks can fail: the owner's session does see its own rows through the same queries.
  const own = await Promise.all(requests.map((q) => gql(s.url, q, {}, { token: victim.token })));
  const ownText = own.map((r) => JSON.stringify(r.body.data)).join("\n");
  expect([...victimMarkers].filter((m) => ownText.includes(m)).length).toBeGreaterThan(3);
});

test("mutations: every mutation field is FORBIDDEN for anonymous, a read-only key, a revoked, an expired and a banned user's key; nothing changes", async () => {
  const before = await snapshot([victim.id, banned.id]);
  const [target] = await targetIds(victim);
  for (const identity of refused) {
    for (const f of mutationFields) {
      const { query, variables } = mutationRequest(f, {
        uuid: target.id,
        email: victim.email,
        json: { id: target.id },
      });
      const res = await gql(s.url, query, variables, identity.credentials);
      expect([identity.label, f.name, res.status, errorCode(res)]).toEqual([identity.label, f.name, 200, "FORBIDDEN"]);
      expect([identity.label, f.name, res.body.data?.[f.name] ?? null]).toEqual([identity.label, f.name, null]);
    }
  }
  expect(await snapshot([victim.id, banned.id])).toEqual(before);
});

test("mutations: another user (session and read-write key), aiming every mutation at each of the victim's rows, changes nothing of theirs", async () => {
  const targets = await targetIds(victim);
  let calls = 0;
  let succeeded = 0;
  for (const f of mutationFields) {
    const before = await snapshot([victim.id, banned.id]);
    for (const aim of aimsFor(f, targets, victim.email, exerciseName)) {
      for (const credentials of [{ token: attacker.token }, { key: keys.attackerWrite }] as Credentials[]) {
        const { query, variables } = mutationRequest(f, aim);
        const res = await gql(s.url, query, variables, credentials);
        calls++;
        if (!res.body.errors && res.body.data?.[f.name]) succeeded++;
      }
    }
    await ensureAttacker();
    const after = await snapshot([victim.id, banned.id]);
    expect([f.name, after]).toEqual([f.name, before]);
  }
  expect(calls).toBeGreaterThan(mutationFields.length * 4);
  // The generated calls are real ones: some do succeed (on the attacker's own rows).
  expect(succeeded).toBeGreaterThan(0);
});

test("the same generated delete calls do work for the owner, so the refusals above are meaningful", async () => {
  const deletes = mutationFields.filter((f) => /^delete.*ById$/.test(f.name));
  expect(deletes.length).toBeGreaterThan(0);
  const squash = (text: string) => text.toLowerCase().replace(/[^a-z]/g, "");
  for (const f of deletes) {
    // The table the name points at first (deleteWorkoutSetById: workout_sets), then every other one.
    // A fresh owner holds only that table's row and its parents: no child row may block the delete.
    const stem = squash(f.name.replace(/^delete/, "").replace(/ById$/, ""));
    const candidates = ownedTables()
      .filter((t) => t.schema === "app_public" && t.pk.length === 1)
      .sort((a, b) => Number(squash(b.name).startsWith(stem)) - Number(squash(a.name).startsWith(stem)));
    let changed = false;
    for (const table of candidates) {
      if (unseedable.has(table.qualified)) continue;
      const owner = await person("Owner");
      await ensureOwned(table, owner);
      const { rows } = await s.ownerPool.query(
        `select t.${table.pk[0]}::text as id from ${table.qualified} t where ${ownedWhere(table)} limit 1`,
        [[owner.id]],
      );
      if (!rows[0]) continue;
      const before = JSON.stringify(await snapshot([owner.id]));
      const { query, variables } = mutationRequest(f, {
        uuid: rows[0].id,
        email: owner.email,
        json: { id: rows[0].id },
      });
      await gql(s.url, query, variables, { token: owner.token });
      if (JSON.stringify(await snapshot([owner.id])) !== before) {
        changed = true;
        break;
      }
    }
    expect([f.name, changed]).toEqual([f.name, true]);
  }
});

// ---------------------------------------------------------------- SQL, from pg_catalog

async function attempt(c: pg.ClientBase, sql: string, values: unknown[] = []) {
  await c.query("savepoint a");
  try {
    const res = await c.query(sql, values);
    await c.query("release savepoint a");
    return { rowCount: res.rowCount ?? 0, rows: res.rows, code: null as string | null };
  } catch (error) {
    await c.query("rollback to savepoint a");
    return { rowCount: 0, rows: [], code: (error as { code?: string }).code ?? "?" };
  }
}

test("SQL: as svc_visitor and svc_reader with another user's identity, every table shows zero foreign rows", async () => {
  await ensureAttacker();
  const foreign = new Set([...(await markers(victim)), ...(await markers(banned))]);
  const identities: Array<[string, Record<string, string>]> = [
    ["svc_visitor", { "svc.session_hash": credentialHash(attacker.token) }],
    ["svc_visitor", { "svc.key_hash": credentialHash(keys.attackerWrite) }],
    ["svc_reader", { "svc.key_hash": credentialHash(keys.attackerRead) }],
    ["svc_reader", {}],
    ["svc_reader", { "svc.key_hash": credentialHash(keys.revoked) }],
    ["svc_reader", { "svc.key_hash": credentialHash(keys.expired) }],
    ["svc_visitor", { "svc.key_hash": credentialHash(keys.banned) }],
    ["svc_visitor", { "svc.session_hash": credentialHash(banned.token) }],
    ["svc_visitor", { "svc.oauth_hash": credentialHash(appTokens.attacker) }],
    ["svc_reader", { "svc.oauth_hash": credentialHash(appTokens.attackerRead) }],
    ["svc_visitor", { "svc.oauth_hash": credentialHash(appTokens.banned) }],
  ];
  let visible = 0;
  for (const [role, settings] of identities) {
    await asRole(s.ownerPool, role, settings, async (c) => {
      for (const t of publicTables()) {
        const res = await attempt(c, `select to_jsonb(t)::text as row from ${t.qualified} t`);
        if (res.code) {
          expect([t.qualified, res.code]).toEqual([t.qualified, "42501"]);
          continue;
        }
        visible += res.rows.length;
        for (const r of res.rows)
          for (const m of foreign)
            if (r.row.includes(m)) throw new Error(`${role} ${JSON.stringify(settings)} sees ${m} in ${t.qualified}`);
      }
    });
  }
  expect(visible).toBeGreaterThan(0); // the attacker does see their own rows (and the catalog)
});

test("SQL: as svc_visitor with another user's session, every insert, update and delete aimed at the victim is refused", async () => {
  await ensureAttacker();
  const victimMarkers = await markers(victim);
  const before = await snapshot([victim.id]);
  await asRole(s.ownerPool, "svc_visitor", { "svc.session_hash": credentialHash(attacker.token) }, async (c) => {
    for (const t of publicTables()) {
      const where = ownedWhere(t);
      if (!where) continue;
      const del = await attempt(c, `delete from ${t.qualified} t where ${where}`, [[victim.id]]);
      expect([t.qualified, "delete", del.rowCount]).toEqual([t.qualified, "delete", 0]);
      const { rows: updatable } = await c.query(
        "select a.attname from pg_attribute a where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped and has_column_privilege('svc_visitor', a.attrelid, a.attnum, 'UPDATE')",
        [t.qualified],
      );
      if (updatable.length) {
        const upd = await attempt(
          c,
          `update ${t.qualified} t set ${updatable.map((r) => `${r.attname} = t.${r.attname}`).join(", ")} where ${where}`,
          [[victim.id]],
        );
        expect([t.qualified, "update", upd.rowCount]).toEqual([t.qualified, "update", 0]);
      }
      const { rows: insertable } = await c.query(
        "select a.attname from pg_attribute a where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped and has_column_privilege('svc_visitor', a.attrelid, a.attnum, 'INSERT')",
        [t.qualified],
      );
      const values = await rowFor(t, victim, (name) => insertable.some((r) => r.attname === name));
      const columns = Object.keys(values);
      const sql = columns.length
        ? `insert into ${t.qualified} (${columns.join(", ")}) values (${columns.map((k) => values[k]).join(", ")}) returning to_jsonb(${t.qualified.split(".")[1]})::text as row`
        : `insert into ${t.qualified} default values returning to_jsonb(${t.qualified.split(".")[1]})::text as row`;
      const ins = await attempt(c, sql);
      if (ins.code === null) {
        // Allowed only when the new row is the attacker's own and touches nothing of the victim's.
        for (const m of victimMarkers) expect([t.qualified, ins.rows[0].row.includes(m)]).toEqual([t.qualified, false]);
      } else {
        // Refused. A syntax or naming error (class 42 other than 42501) would mean this generator is broken.
        expect([t.qualified, ins.code]).toEqual([t.qualified, expect.stringMatching(/^(42501|(?!42)\w{5})$/)]);
      }
    }
  });
  expect(await snapshot([victim.id])).toEqual(before);
});

test("SQL: the read-only role holds no write privilege anywhere and cannot run a volatile function; app_private is closed", async () => {
  const { rows: writable } = await s.ownerPool.query(`
    select n.nspname || '.' || c.relname as t from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname in ('app_public', 'app_hidden', 'app_private') and c.relkind in ('r', 'p', 'v', 'm')
       and (has_table_privilege('svc_reader', c.oid, 'INSERT,UPDATE,DELETE,TRUNCATE')
            or has_any_column_privilege('svc_reader', c.oid, 'INSERT,UPDATE'))`);
  expect(writable).toEqual([]);
  const { rows: volatile } = await s.ownerPool.query(`
    select p.oid::regprocedure::text as f from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname in ('app_public', 'app_hidden') and p.provolatile = 'v' and p.prorettype <> 'trigger'::regtype
       and has_function_privilege('svc_reader', p.oid, 'EXECUTE')`);
  expect(volatile).toEqual([]);
  const {
    rows: [schemas],
  } = await s.ownerPool.query(
    "select has_schema_privilege('svc_visitor', 'app_private', 'USAGE') as visitor, has_schema_privilege('svc_reader', 'app_private', 'USAGE') as reader",
  );
  expect(schemas).toEqual({ visitor: false, reader: false });
  const { rows: noRls } = await s.ownerPool.query(`
    select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'app_public' and c.relkind in ('r', 'p') and not c.relrowsecurity`);
  expect(noRls).toEqual([]);
  // And in practice: the victim's own read-only key cannot write its own rows.
  await asRole(s.ownerPool, "svc_reader", { "svc.key_hash": credentialHash(keys.victimRead) }, async (c) => {
    for (const t of publicTables()) {
      const where = ownedWhere(t);
      if (!where) continue;
      expect([
        t.qualified,
        (await attempt(c, `delete from ${t.qualified} t where ${where}`, [[victim.id]])).code,
      ]).toEqual([t.qualified, "42501"]);
      expect([t.qualified, (await attempt(c, `insert into ${t.qualified} default values`)).code]).toEqual([
        t.qualified,
        "42501",
      ]);
    }
  });
});

test("SQL: revoked, expired and banned users' keys resolve to nobody", async () => {
  for (const key of [keys.revoked, keys.expired, keys.banned, `svc_${"0".repeat(40)}`]) {
    await asRole(s.ownerPool, "svc_reader", { "svc.key_hash": credentialHash(key) }, async (c) => {
      expect((await c.query("select app_public.current_user_id() as id")).rows[0].id).toBeNull();
    });
  }
  // So do a banned user's connected app and an unknown app token; a live one resolves to its user.
  for (const token of [appTokens.banned, `mcpa_${"0".repeat(43)}`]) {
    await asRole(s.ownerPool, "svc_reader", { "svc.oauth_hash": credentialHash(token) }, async (c) => {
      expect((await c.query("select app_public.current_user_id() as id")).rows[0].id).toBeNull();
    });
  }
  await asRole(s.ownerPool, "svc_reader", { "svc.oauth_hash": credentialHash(appTokens.victim) }, async (c) => {
    expect((await c.query("select app_public.current_user_id() as id")).rows[0].id).toBe(victim.id);
  });
});

// ---------------------------------------------------------------- secrets at rest and in the log
test("no key value, session token or password in any table of the database, nor in the server log", async () => {
  // Make the server log something about a failing request, so the log is not empty by luck.
  await s.ownerPool.query("alter function app_private.unban_user(uuid, text) rename to unban_user_matrix");
  try {
    const res = await post(s.url, "/api/auth/admin/unban-user", { userId: banned.id }, { token: admin.token });
    expect(res.status).toBe(500);
  } finally {
    await s.ownerPool.query("alter function app_private.unban_user_matrix(uuid, text) rename to unban_user");
  }
  const { rows: all } = await s.ownerPool.query(`
    select n.nspname || '.' || c.relname as t from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p', 'm') and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')`);
  let dump = "";
  for (const { t } of all) {
    const { rows } = await s.ownerPool.query(`select coalesce(string_agg(x::text, E'\\n'), '') as text from ${t} x`);
    dump += `-- ${t}\n${rows[0].text}\n`;
  }
  expect(all.length).toBeGreaterThanOrEqual(tables.size);
  expect(dump).toContain(victim.email); // the dump is real
  expect(secrets.size).toBeGreaterThan(15);
  for (const secret of secrets) {
    expect(dump.includes(secret)).toBe(false);
    // A key's first 8 characters are stored on purpose (to recognise it); the rest never is.
    if (secret.startsWith("svc_")) expect(dump.includes(secret.slice(8))).toBe(false);
  }
  const log = logged.join("");
  expect(log).toMatch(/"level":"error"/);
  for (const secret of secrets) expect(log.includes(secret)).toBe(false);
});
