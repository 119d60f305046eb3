// The MCP tools send GraphQL as text: every operation they send is valid against schema.graphql
// (TypeScript cannot check text, so this test does).
import { readFileSync } from "node:fs";
import { buildSchema, parse, validate } from "graphql";
import { MCP_OPERATIONS } from "@svc/sdk/mcp";
import { SCHEMA_FILE } from "../scripts/graphql-env.ts";

const schema = buildSchema(readFileSync(SCHEMA_FILE, "utf8"));

test.each(Object.entries(MCP_OPERATIONS))("the tools' %s operation is valid against the schema", (_name, text) => {
  expect(validate(schema, parse(text)).map((e) => e.message)).toEqual([]);
});

test("a field the schema lacks is caught", () => {
  const broken = MCP_OPERATIONS.routines.replace("name", "nameXYZ");
  expect(validate(schema, parse(broken)).map((e) => e.message)).toEqual([
    'Cannot query field "nameXYZ" on type "Routine". Did you mean "name"?',
  ]);
});
