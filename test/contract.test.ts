// docs/contract.md is the service's promise; this keeps it true. Each table is read from the file
// and compared with the one home of what it names: the routes answer on the real app, the root
// fields are the published schema's, the document fields the JSON Schemas', the MCP tools the ones
// the server registers, the CLI commands the oclif manifest's, the error codes db/errors.ts's, and
// every limit the value of the constant (or SQL function) its row names.
import { readFileSync } from "node:fs";
import path from "node:path";
import { buildSchema, type GraphQLObjectType } from "graphql";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createTrainingLogServer } from "@svc/sdk/mcp";
import { ERROR_CODES, REQUEST_CODES, ROUTE_CODES, SERVICE_CODES, JSON_RPC_CODES, OAUTH_ERRORS } from "../db/errors.ts";
import { startTestServer, type TestServer } from "./support/harness.ts";

const root = path.resolve(import.meta.dirname, "..");
const contract = readFileSync(path.join(root, "docs/contract.md"), "utf8");

/** The text under a heading, up to the next heading of any level. */
function section(heading: string): string {
  const lines = contract.split("\n");
  const start = lines.findIndex((line) => /^#+ /.test(line) && line.replace(/^#+ /, "") === heading);
  if (start < 0) throw new Error(`docs/contract.md has no heading "${heading}"`);
  const end = lines.findIndex((line, i) => i > start && /^#+ /.test(line));
  return lines.slice(start + 1, end < 0 ? undefined : end).join("\n");
}

/** The rows of the first table in a section, as cells (header and separator left out). */
function table(heading: string): string[][] {
  const rows = section(heading)
    .split("\n")
    .filter((line) => line.startsWith("|"))
    .map((line) =>
      line
        .slice(1, -1)
        .split("|")
        .map((cell) => cell.trim()),
    );
  expect(rows.length).toBeGreaterThan(2);
  return rows.slice(2);
}

/** Every `code` span of a cell. */
const codeSpans = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map(([, text]) => text);
const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

// The real app on a database of its own: its routes are asked, its SQL read for the limits kept there.
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

describe("routes", () => {
  test("every route listed answers (none falls through to the 404 of unknown routes)", async () => {
    const routes = table("Routes").map(([method, route]) => [method, codeSpans(route)[0]]);
    expect(routes.length).toBeGreaterThanOrEqual(15);
    for (const [method, route] of routes) {
      const res = await fetch(`${s.url}${route}`, {
        method,
        ...(method === "POST" ? { headers: { "content-type": "application/json" }, body: "{}" } : {}),
      });
      await res.arrayBuffer();
      expect([method, route, res.status]).not.toEqual([method, route, 404]);
    }
  });

  test("an unknown route is the 404 the test above tells apart", async () => {
    const res = await fetch(`${s.url}/api/no-such-route`, { method: "POST" });
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe("NOT_FOUND");
  });
});

test("the root fields listed are the published schema's, no more and no fewer", () => {
  const schema = buildSchema(readFileSync(path.join(root, "sdk/schema.graphql"), "utf8"));
  for (const [heading, type] of [
    ["Queries", "Query"],
    ["Mutations", "Mutation"],
  ] as const) {
    const listed = table(heading).flatMap(([fields]) => codeSpans(fields));
    const published = Object.keys((schema.getType(type) as GraphQLObjectType).getFields());
    expect([type, sorted(listed)]).toEqual([type, sorted(published)]);
  }
});

describe("documents", () => {
  type JsonSchema = { properties?: Record<string, unknown>; required?: string[]; $defs?: Record<string, JsonSchema> };
  const load = (name: string): JsonSchema =>
    JSON.parse(readFileSync(path.join(root, `sdk/src/documents/${name}.schema.json`), "utf8"));
  const routine = load("routine");
  const workout = load("workout");
  const cases: [string, JsonSchema, JsonSchema][] = [
    ["Routine document", routine, routine],
    ["Routine exercise", routine.$defs!.routineExercise, routine],
    ["Workout document", workout, workout],
    ["Workout exercise", workout.$defs!.workoutExercise, workout],
    ["Set object", (workout.$defs!.set as { anyOf: JsonSchema[] }).anyOf.find((branch) => branch.properties)!, workout],
  ];

  /** A property with its $refs replaced by what they name, as text: every number its rules hold. */
  function numbersOf(value: unknown, top: JsonSchema, depth = 0): string {
    const text = JSON.stringify(value, (_key, v) => {
      const ref = (v as { $ref?: string })?.$ref;
      if (typeof ref !== "string" || depth > 4) return v;
      return {
        ...v,
        $ref: undefined,
        resolved: JSON.parse(numbersOf(top.$defs![ref.split("/").pop()!], top, depth + 1)),
      };
    });
    return text;
  }

  test.each(cases)("%s: the fields and whether each is required are the JSON Schema's", (heading, schema) => {
    const rows = table(heading);
    const fields = rows.map(([field]) => codeSpans(field)[0]);
    expect(sorted(fields)).toEqual(sorted(Object.keys(schema.properties!)));
    const required = rows.filter(([, isRequired]) => isRequired === "yes").map(([field]) => codeSpans(field)[0]);
    expect(sorted(required)).toEqual(sorted(schema.required ?? []));
  });

  test.each(cases)("%s: every number a rule names is in that field's JSON Schema", (heading, schema, top) => {
    for (const [field, , rules] of table(heading)) {
      const name = codeSpans(field)[0];
      const own = numbersOf(schema.properties![name], top);
      const numbers = (rules.replace(/`[^`]*`/g, "").match(/\d[\d,]*/g) ?? []).map((n) => n.replaceAll(",", ""));
      for (const n of numbers) expect([name, n, own.includes(n)]).toEqual([name, n, true]);
    }
  });
});

test("the MCP tools and resources listed are the ones the server registers", async () => {
  const server = createTrainingLogServer(async () => {
    throw new Error("listing runs no GraphQL");
  });
  const client = new Client({ name: "contract-test", version: "1.0.0" });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  try {
    const { tools } = await client.listTools();
    const { resources } = await client.listResources();
    expect(sorted(table("MCP tools and resources").map(([tool]) => codeSpans(tool)[0]))).toEqual(
      sorted(tools.map((tool) => tool.name)),
    );
    const listed = codeSpans(section("MCP tools and resources")).filter((span) => span.startsWith("training-log://"));
    expect(sorted(listed)).toEqual(sorted(resources.map((resource) => resource.uri)));
  } finally {
    await client.close();
  }
});

test("the CLI commands listed are the oclif manifest's, aliases included", () => {
  const manifest = JSON.parse(readFileSync(path.join(root, "cli/oclif.manifest.json"), "utf8")) as {
    commands: Record<string, { aliases?: string[] }>;
  };
  const registered = Object.entries(manifest.commands).flatMap(([id, command]) => [
    id.replaceAll(":", " "),
    ...(command.aliases ?? []).map((alias) => alias.replaceAll(":", " ")),
  ]);
  const listed = table("Command-line commands").flatMap(([commands]) => codeSpans(commands));
  expect(sorted(listed)).toEqual(sorted(registered));
});

describe("error codes", () => {
  test("the GraphQL codes are every extensions.code db/errors.ts lists", () => {
    const listed = table("GraphQL `extensions.code`").map(([code]) => codeSpans(code)[0]);
    const home = [...Object.values(ERROR_CODES), ...Object.values(REQUEST_CODES), "INTERNAL_ERROR"];
    expect(sorted(listed)).toEqual(sorted(home));
  });

  test("the REST codes and their statuses are db/errors.ts's ROUTE_CODES", () => {
    const listed = Object.fromEntries(
      table("REST route codes").map(([code, status]) => [codeSpans(code)[0], Number(status)]),
    );
    expect(listed).toEqual(ROUTE_CODES);
  });

  test("together they are every code the service sends (SERVICE_CODES)", () => {
    const listed = [...table("GraphQL `extensions.code`"), ...table("REST route codes")].map(
      ([code]) => codeSpans(code)[0],
    );
    expect(sorted(listed)).toEqual(sorted(SERVICE_CODES));
  });

  test("the MCP codes are db/errors.ts's JSON_RPC_CODES", () => {
    const listed = Object.fromEntries(
      table("MCP (JSON-RPC) codes").map(([code, name]) => [codeSpans(name)[0], Number(code)]),
    );
    expect(listed).toEqual(JSON_RPC_CODES);
  });

  test("the OAuth errors are db/errors.ts's OAUTH_ERRORS", () => {
    expect(sorted(codeSpans(section("OAuth errors")))).toEqual(sorted(OAUTH_ERRORS));
  });
});

describe("limits", () => {
  const rows = table("Limits");

  /** The number a Value cell states: its first number, thousands separators left out. */
  const stated = (value: string) => Number(/\d[\d,]*(\.\d+)?/.exec(value)![0].replaceAll(",", ""));
  /** What a home holds: a number, or a size such as "1mb" read as its number. */
  const numeric = (value: unknown) => (typeof value === "string" ? parseFloat(value) : Number(value));

  test("every limit in a TypeScript or JSON file has the value of its home", async () => {
    const checked: string[] = [];
    for (const [limit, value, home] of rows) {
      const [file, key] = codeSpans(home);
      if (home.startsWith("SQL")) continue;
      let actual: unknown;
      if (file.endsWith(".json")) {
        actual = key
          .split("/")
          .slice(1)
          .reduce<unknown>(
            (node, part) => (node as Record<string, unknown>)[part],
            JSON.parse(readFileSync(path.join(root, file), "utf8")),
          );
      } else {
        const module = await import(path.join(root, file));
        actual = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], module);
      }
      expect([limit, stated(value)]).toEqual([limit, numeric(actual)]);
      checked.push(limit);
    }
    expect(checked.length).toBeGreaterThanOrEqual(50);
  });

  test("every limit whose home is SQL has the value SQL gives", async () => {
    const sqlRows = rows.filter(([, , home]) => home.startsWith("SQL"));
    expect(sqlRows.length).toBeGreaterThanOrEqual(3);
    for (const [limit, value, home] of sqlRows) {
      const { rows: answer } = await s.ownerPool.query(`select (${codeSpans(home)[0]})::numeric as value`);
      expect([limit, stated(value)]).toEqual([limit, Number(answer[0].value)]);
    }
  });
});
