// `npm run db:dump`: writes data/schema.sql, the schema as the migrations leave it (committed ones
// and migrations/current), read from a freshly migrated scratch database's catalog. One file where
// every table, policy, function, grant and comment stands in its current form, in a stable order
// (schema, then kind, then name), without owners, under a table of contents that gives the line of each
// section and object, so a reader can jump to one. `--check` fails if the file is stale.
// PostgreSQL's pg_dump is not shipped with the embedded server, so this reads the catalog itself.
import { readFileSync, writeFileSync, existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

export const SCHEMA_SQL_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../data/schema.sql");

const SCHEMAS_LEFT_OUT = ["information_schema", "graphile_migrate", "graphile_worker"];

// Catalog rows of many shapes (pg_class, pg_proc, pg_policy, ...), each read by its own column names.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Row = Record<string, any>;

const ident = (name: string) => (/^[a-z_][a-z0-9_]*$/.test(name) ? name : `"${name.replace(/"/g, '""')}"`);
const literal = (text: string) =>
  /[\\\n\r\t]/.test(text)
    ? `E'${text.replace(/\\/g, "\\\\").replace(/'/g, "''").replace(/\n/g, "\\n").replace(/\r/g, "\\r").replace(/\t/g, "\\t")}'`
    : `'${text.replace(/'/g, "''")}'`;
const comment = (what: string, text: string | null) =>
  text === null ? [] : [`comment on ${what} is ${literal(text)};`];

const PRIVILEGE_ORDER = [
  "SELECT",
  "INSERT",
  "UPDATE",
  "DELETE",
  "TRUNCATE",
  "REFERENCES",
  "TRIGGER",
  "MAINTAIN",
  "USAGE",
  "CREATE",
  "EXECUTE",
];

/** `grant` lines for an object's privileges, leaving out the owner's own. */
function grants(acl: Row[], object: string, columns?: string): string[] {
  const byGrantee = new Map<string, string[]>();
  for (const a of acl) {
    const list = byGrantee.get(a.grantee) ?? [];
    list.push(a.privilege_type + (a.is_grantable ? " (with grant option)" : ""));
    byGrantee.set(a.grantee, list);
  }
  return [...byGrantee.keys()].sort().map((grantee) => {
    const privileges = byGrantee
      .get(grantee)!
      .sort((x, y) => PRIVILEGE_ORDER.indexOf(x.split(" ")[0]) - PRIVILEGE_ORDER.indexOf(y.split(" ")[0]));
    return `grant ${privileges.map((p) => p.toLowerCase() + (columns ? ` (${columns})` : "")).join(", ")} on ${object} to ${grantee};`;
  });
}

// An aclitem array exploded, with the owner's entries left out and PUBLIC spelled out.
const ACL = (acl: string, owner: string) => `(select coalesce(jsonb_agg(jsonb_build_object(
    'grantee', case when a.grantee = 0 then 'public' else a.grantee::regrole::text end,
    'privilege_type', a.privilege_type, 'is_grantable', a.is_grantable)), '[]')
  from aclexplode(${acl}) a where a.grantee <> ${owner})`;

/** What each step of the dump writes to: the lines, the table of contents, and a catalog query. */
type Dump = {
  q: (sql: string, params?: unknown[]) => Promise<Row[]>;
  out: string[];
  contents: { label: string; depth: number; at: number }[];
};

/** Where one schema's objects are listed in the contents: a section per kind, an entry per object. */
type SchemaContents = { section: (title: string) => void; entry: (label: string) => void };

// Objects that belong to an extension are the extension's, not ours.
const notExtensionMember = (catalog: string, oid: string) =>
  `not exists (select 1 from pg_depend d where d.classid = '${catalog}'::regclass and d.objid = ${oid} and d.deptype = 'e')`;

export async function dumpSchema(connectionString: string): Promise<string> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query("set search_path to pg_catalog");
    const dump: Dump = {
      q: async (sql, params = []) => (await client.query(sql, params)).rows as Row[],
      out: [],
      contents: [],
    };
    await dumpExtensions(dump);
    const schemas = await dumpSchemas(dump);
    await dumpDefaultPrivileges(dump);
    for (const s of schemas) {
      const at = schemaContents(dump, s.nspname);
      await dumpTypes(dump, s, at);
      await dumpRelations(dump, s, at);
      await dumpFunctions(dump, s, at);
    }
    return withContents(dump.out, dump.contents);
  } finally {
    await client.end();
  }
}

async function dumpExtensions({ q, out }: Dump) {
  for (const e of await q(
    `select e.extname, n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname <> 'plpgsql' order by 1`,
  )) {
    out.push(`create extension if not exists ${ident(e.extname)} with schema ${ident(e.nspname)};`);
  }
  out.push("");
}

/** `create schema` for each schema of ours (public exists already); returns them all, public included. */
async function dumpSchemas({ q, out }: Dump): Promise<Row[]> {
  const schemas = await q(
    `select n.oid, n.nspname, obj_description(n.oid, 'pg_namespace') as comment,
            ${ACL("coalesce(n.nspacl, acldefault('n'::\"char\", n.nspowner))", "n.nspowner")} as acl
       from pg_namespace n
      where n.nspname !~ '^pg_' and n.nspname <> all($1)
      order by n.nspname`,
    [SCHEMAS_LEFT_OUT],
  );
  for (const s of schemas) {
    if (s.nspname === "public") continue;
    out.push(
      `create schema ${ident(s.nspname)};`,
      ...comment(`schema ${ident(s.nspname)}`, s.comment),
      ...grants(s.acl, `schema ${ident(s.nspname)}`),
    );
  }
  return schemas;
}

/** The default privileges, as comments (a reader's summary, not statements to run). */
async function dumpDefaultPrivileges({ q, out }: Dump) {
  const defaults = await q(
    `select n.nspname, d.defaclobjtype, ${ACL("d.defaclacl", "d.defaclrole")} as acl
       from pg_default_acl d left join pg_namespace n on n.oid = d.defaclnamespace
      order by n.nspname nulls first, d.defaclobjtype`,
  );
  const kindName: Record<string, string> = { r: "tables", S: "sequences", f: "functions", T: "types", n: "schemas" };
  for (const d of defaults) {
    const scope = d.nspname ? ` in schema ${ident(d.nspname)}` : "";
    const granted = d.acl.length
      ? d.acl.map((a: Row) => `${a.privilege_type.toLowerCase()} to ${a.grantee}`).join(", ")
      : "nothing to anyone but the owner";
    out.push(`-- default privileges${scope} on new ${kindName[d.defaclobjtype] ?? d.defaclobjtype}: ${granted}`);
  }
  out.push("");
}

function schemaContents({ out, contents }: Dump, schemaName: string): SchemaContents {
  return {
    section(title) {
      out.push("--------------------------------------------------------------------------------");
      contents.push({ label: `${schemaName}: ${title}`, depth: 0, at: out.length });
      out.push(
        `-- ${schemaName}: ${title}`,
        "--------------------------------------------------------------------------------",
        "",
      );
    },
    entry: (label) => contents.push({ label, depth: 1, at: out.length }),
  };
}

/** Types: enums and composite types of their own (not a table's row type). */
async function dumpTypes({ q, out }: Dump, s: Row, at: SchemaContents) {
  const schema = ident(s.nspname);
  const types = await q(
    `select t.oid, t.typname, t.typtype, obj_description(t.oid, 'pg_type') as comment,
            (select array_agg(e.enumlabel::text order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid) as labels,
            ${ACL("coalesce(t.typacl, acldefault('T'::\"char\", t.typowner))", "t.typowner")} as acl
       from pg_type t left join pg_class c on c.oid = t.typrelid
      where t.typnamespace = $1 and (t.typtype = 'e' or (t.typtype = 'c' and c.relkind = 'c'))
        and ${notExtensionMember("pg_type", "t.oid")}
      order by t.typname`,
    [s.oid],
  );
  if (types.length) at.section("types");
  for (const t of types) {
    const name = `${schema}.${ident(t.typname)}`;
    at.entry(t.typname);
    if (t.typtype === "e") {
      out.push(`create type ${name} as enum (${t.labels.map(literal).join(", ")});`);
    } else {
      const attributes = await q(
        `select a.attname, format_type(a.atttypid, a.atttypmod) as type, col_description(t.typrelid, a.attnum) as comment
           from pg_type t join pg_attribute a on a.attrelid = t.typrelid
          where t.oid = $1 and a.attnum > 0 and not a.attisdropped order by a.attnum`,
        [t.oid],
      );
      out.push(`create type ${name} as (`, attributes.map((a) => `  ${ident(a.attname)} ${a.type}`).join(",\n"), ");");
      for (const a of attributes) out.push(...comment(`column ${name}.${ident(a.attname)}`, a.comment));
    }
    out.push(...comment(`type ${name}`, t.comment));
    // Types are usable by everyone unless revoked; print only a change from that default.
    const acl = t.acl.filter((a: Row) => a.grantee !== "public");
    if (acl.length || !t.acl.some((a: Row) => a.grantee === "public"))
      out.push(...grants(acl, `type ${name}`), `-- (no usage for public)`);
    out.push("");
  }
}

/** Tables, views and sequences, each with what belongs to it. */
async function dumpRelations(dump: Dump, s: Row, at: SchemaContents) {
  const { q, out } = dump;
  const schema = ident(s.nspname);
  const relations = await q(
    `select c.oid, c.relname, c.relkind, c.relrowsecurity, c.relforcerowsecurity, c.reloptions,
            obj_description(c.oid, 'pg_class') as comment,
            case when c.relkind in ('v', 'm') then pg_get_viewdef(c.oid, true) end as view,
            ${ACL("coalesce(c.relacl, acldefault((case when c.relkind = 'S' then 's' else 'r' end)::\"char\", c.relowner))", "c.relowner")} as acl
       from pg_class c
      where c.relnamespace = $1 and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
        and ${notExtensionMember("pg_class", "c.oid")}
      order by c.relname`,
    [s.oid],
  );
  if (relations.length) at.section("tables");
  for (const r of relations) {
    const name = `${schema}.${ident(r.relname)}`;
    at.entry(
      r.relkind === "S"
        ? `${r.relname} (sequence)`
        : r.relkind === "v" || r.relkind === "m"
          ? `${r.relname} (view)`
          : r.relname,
    );
    if (r.relkind === "S") {
      out.push(`create sequence ${name};`);
    } else if (r.relkind === "v" || r.relkind === "m") {
      out.push(`create ${r.relkind === "m" ? "materialized " : ""}view ${name} as`, r.view.trimEnd());
    } else {
      const columns = await dumpTable(dump, r, name);
      await dumpIndexes(dump, r, schema);
      await dumpTriggers(dump, r, name);
      await dumpPolicies(dump, r, name);
      for (const c of columns) out.push(...grants(c.acl, `table ${name}`, ident(c.attname)).map((g) => g));
    }
    out.push(...grants(r.acl, `${r.relkind === "S" ? "sequence" : "table"} ${name}`));
    out.push("");
  }
}

/** A table: its columns and constraints, row security and comments. Returns the columns (for their grants). */
async function dumpTable({ q, out }: Dump, r: Row, name: string): Promise<Row[]> {
  const columns = await q(
    `select a.attnum, a.attname, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull, a.attidentity, a.attgenerated,
            pg_get_expr(d.adbin, d.adrelid) as default, col_description(a.attrelid, a.attnum) as comment,
            case when a.attcollation <> t.typcollation then (select collname from pg_collation where oid = a.attcollation) end as collation,
            nullif(a.attstattarget, -1) as statistics,
            ${ACL("a.attacl", "0")} as acl
       from pg_attribute a join pg_type t on t.oid = a.atttypid
       left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where a.attrelid = $1 and a.attnum > 0 and not a.attisdropped
      order by a.attnum`,
    [r.oid],
  );
  const constraints = await q(
    `select c.conname, c.contype, pg_get_constraintdef(c.oid, true) as def, obj_description(c.oid, 'pg_constraint') as comment
       from pg_constraint c where c.conrelid = $1 and c.contype <> 'n'
      order by position(c.contype in 'pufcxt'), c.conname`,
    [r.oid],
  );
  const lines = columns.map(columnLine);
  for (const c of constraints) lines.push(`  constraint ${ident(c.conname)} ${c.def}`);
  out.push(
    `create ${r.relkind === "f" ? "foreign " : ""}table ${name} (`,
    lines.join(",\n"),
    `)${r.reloptions ? ` with (${r.reloptions.join(", ")})` : ""};`,
  );
  for (const c of columns)
    if (c.statistics !== null)
      out.push(`alter table ${name} alter column ${ident(c.attname)} set statistics ${c.statistics};`);
  if (r.relrowsecurity) out.push(`alter table ${name} enable row level security;`);
  if (r.relforcerowsecurity) out.push(`alter table ${name} force row level security;`);
  out.push(...comment(`table ${name}`, r.comment));
  for (const c of columns) out.push(...comment(`column ${name}.${ident(c.attname)}`, c.comment));
  for (const c of constraints) out.push(...comment(`constraint ${ident(c.conname)} on ${name}`, c.comment));
  return columns;
}

/** One column of a `create table`. */
function columnLine(c: Row): string {
  let line = `  ${ident(c.attname)} ${c.type}`;
  if (c.collation) line += ` collate ${ident(c.collation)}`;
  if (c.attgenerated === "s") line += ` generated always as (${c.default}) stored`;
  else if (c.attgenerated === "v") line += ` generated always as (${c.default}) virtual`;
  else if (c.default !== null) line += ` default ${c.default}`;
  if (c.attidentity) line += ` generated ${c.attidentity === "a" ? "always" : "by default"} as identity`;
  if (c.attnotnull) line += " not null";
  return line;
}

/** A table's indexes other than its constraints' own. */
async function dumpIndexes({ q, out }: Dump, r: Row, schema: string) {
  const indexes = await q(
    `select c.relname, pg_get_indexdef(i.indexrelid) as def, obj_description(i.indexrelid, 'pg_class') as comment
       from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indrelid = $1 and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid and k.conrelid = i.indrelid)
      order by c.relname`,
    [r.oid],
  );
  for (const i of indexes)
    out.push(
      `${i.def
        .replace(/^CREATE (UNIQUE )?INDEX/, (m: string) => m.toLowerCase())
        .replace(" ON ", " on ")
        .replace(" USING ", " using ")};`,
      ...comment(`index ${schema}.${ident(i.relname)}`, i.comment),
    );
}

async function dumpTriggers({ q, out }: Dump, r: Row, name: string) {
  const triggers = await q(
    `select t.tgname, pg_get_triggerdef(t.oid, true) as def, t.tgenabled, obj_description(t.oid, 'pg_trigger') as comment
       from pg_trigger t where t.tgrelid = $1 and not t.tgisinternal order by t.tgname`,
    [r.oid],
  );
  for (const t of triggers) {
    out.push(`${t.def};`, ...comment(`trigger ${ident(t.tgname)} on ${name}`, t.comment));
    if (t.tgenabled !== "O") out.push(`-- trigger ${t.tgname} enabled state: ${t.tgenabled}`);
  }
}

async function dumpPolicies({ q, out }: Dump, r: Row, name: string) {
  const policies = await q(
    `select p.polname, p.polpermissive, p.polcmd,
            case when p.polroles = '{0}' then array['public'] else array(select r::regrole::text from unnest(p.polroles) r order by 1) end as roles,
            pg_get_expr(p.polqual, p.polrelid, true) as using, pg_get_expr(p.polwithcheck, p.polrelid, true) as check,
            obj_description(p.oid, 'pg_policy') as comment
       from pg_policy p where p.polrelid = $1 order by p.polname`,
    [r.oid],
  );
  const verbs: Record<string, string> = { r: "select", a: "insert", w: "update", d: "delete", "*": "all" };
  for (const p of policies) {
    let line = `create policy ${ident(p.polname)} on ${name}${p.polpermissive ? "" : " as restrictive"} for ${verbs[p.polcmd]}`;
    if (!(p.roles.length === 1 && p.roles[0] === "public")) line += ` to ${p.roles.join(", ")}`;
    if (p.using !== null) line += `\n  using (${p.using})`;
    if (p.check !== null) line += `\n  with check (${p.check})`;
    out.push(`${line};`, ...comment(`policy ${ident(p.polname)} on ${name}`, p.comment));
  }
}

async function dumpFunctions({ q, out }: Dump, s: Row, at: SchemaContents) {
  const schema = ident(s.nspname);
  const functions = await q(
    `select p.oid, p.proname, pg_get_function_identity_arguments(p.oid) as args, pg_get_functiondef(p.oid) as def,
            obj_description(p.oid, 'pg_proc') as comment, p.prokind,
            ${ACL("coalesce(p.proacl, acldefault('f'::\"char\", p.proowner))", "p.proowner")} as acl
       from pg_proc p
      where p.pronamespace = $1 and ${notExtensionMember("pg_proc", "p.oid")}
      order by p.proname, pg_get_function_identity_arguments(p.oid)`,
    [s.oid],
  );
  if (functions.length) at.section("functions");
  for (const f of functions) {
    const name = `${schema}.${ident(f.proname)}(${f.args})`;
    const kind = f.prokind === "p" ? "procedure" : "function";
    const overloaded = functions.filter((g) => g.proname === f.proname).length > 1;
    at.entry(overloaded ? `${f.proname}(${f.args})` : f.proname);
    out.push(f.def.replace(/^CREATE OR REPLACE (FUNCTION|PROCEDURE)/, `create ${kind}`).trimEnd() + ";");
    out.push(...comment(`${kind} ${name}`, f.comment));
    out.push(...grants(f.acl, `${kind} ${name}`));
    if (!f.acl.length) out.push(`-- (execute: owner only)`);
    out.push("");
  }
}

/**
 * The file: its header, the table of contents, then the body. Each entry's line is found in the body
 * as written (an entry's text may span lines, and runs of blank lines are folded), by the first line
 * of the text it was pushed before, searched in order. The contents have one line per entry, so
 * their length, and with it every line number, follows from the body alone: the same schema always
 * gives the same file.
 */
function withContents(out: string[], contents: { label: string; depth: number; at: number }[]): string {
  const body = out
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim()
    .split("\n");
  let cursor = 0;
  const found = contents.map((c) => {
    const first = out[c.at].split("\n")[0];
    while (cursor < body.length && body[cursor] !== first) cursor++;
    if (cursor === body.length) throw new Error(`contents: ${JSON.stringify(first)} not found in the body`);
    return { ...c, index: cursor++ };
  });
  const header = [
    "-- Generated by `npm run db:dump` from the migrations (migrations/committed, then migrations/current).",
    "-- Do not edit: change the schema with a migration, then regenerate this file.",
    "--",
    "-- Contents: the line where each section and object starts (sections by schema, then kind; objects by name).",
    "-- The design notes behind them are listed in db/CONVENTIONS.md.",
    "--",
  ];
  const start = header.length + found.length + 2; // the contents, a blank line, then the body's first line
  const width = String(start + body.length).length;
  const lines = found.map((c) => `-- ${String(start + c.index).padStart(width)}  ${"  ".repeat(c.depth)}${c.label}`);
  return [...header, ...lines, "", ...body].join("\n") + "\n";
}

async function main() {
  process.env.SVC_LOG = "silent";
  const { startScratch, createDatabaseFromTemplate } = await import("./scratch.ts");
  const scratch = await startScratch();
  try {
    const db = await createDatabaseFromTemplate(scratch.rootUrl, scratch.templateDb, `svc_dump_${process.pid}`);
    const text = await dumpSchema(db.ownerUrl);
    await db.drop();
    if (process.argv.includes("--check")) {
      if (!existsSync(SCHEMA_SQL_FILE) || readFileSync(SCHEMA_SQL_FILE, "utf8") !== text) {
        console.error(`${SCHEMA_SQL_FILE} is stale; run "npm run db:dump"`);
        process.exitCode = 1;
      } else console.log("data/schema.sql is up to date");
    } else {
      mkdirSync(path.dirname(SCHEMA_SQL_FILE), { recursive: true });
      writeFileSync(SCHEMA_SQL_FILE, text);
      console.log(`Wrote ${SCHEMA_SQL_FILE}`);
    }
  } finally {
    await scratch.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
