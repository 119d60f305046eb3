// Every GraphQL operation in the app is valid against the API's schema. gql.tada types results
// from the schema, but TypeScript does not refuse an unknown field: this test does.
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import {
  buildSchema,
  parse,
  validate,
  specifiedRules,
  NoUnusedFragmentsRule,
  Kind,
  type DefinitionNode,
} from "graphql";
import { SCHEMA_FILE } from "../../sdk/scripts/graphql-env.ts";

const SRC = path.resolve(import.meta.dirname, "../src");
/** The SDK's fragments, which the app's operations spread too (@svc/sdk/fragments). */
const SDK_FRAGMENTS = path.resolve(import.meta.dirname, "../../sdk/src/fragments.ts");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [file] : [];
  });
}

/** The text of each graphql(`...`) call in `files`, with the file it is in. */
function operations(files: string[]) {
  const found: { file: string; text: string }[] = [];
  for (const file of files) {
    const source = readFileSync(file, "utf8");
    for (const match of source.matchAll(/\bgraphql\(\s*`([^`]*)`/g))
      found.push({ file: path.relative(SRC, file), text: match[1] });
  }
  return found;
}

test("every operation in web/src is valid against packages/sdk/schema.graphql", () => {
  const schema = buildSchema(readFileSync(SCHEMA_FILE, "utf8"));
  const documents = operations(sourceFiles(SRC)).map((op) => ({ ...op, doc: parse(op.text) }));
  expect(documents.length).toBeGreaterThan(0);
  // Fragments may be used from other files, the SDK's among them: validate each document with all of them.
  const fragments: DefinitionNode[] = [
    ...documents,
    ...operations([SDK_FRAGMENTS]).map((op) => ({ doc: parse(op.text) })),
  ].flatMap((d) => d.doc.definitions.filter((def) => def.kind === Kind.FRAGMENT_DEFINITION));
  const rules = specifiedRules.filter((rule) => rule !== NoUnusedFragmentsRule);
  const problems: string[] = [];
  for (const { file, doc } of documents) {
    const own = new Set(doc.definitions);
    const full = { ...doc, definitions: [...doc.definitions, ...fragments.filter((f) => !own.has(f))] };
    for (const error of validate(schema, full, rules)) problems.push(`${file}: ${error.message}`);
  }
  expect(problems).toEqual([]);
});

test("the check finds a misspelled field", () => {
  const schema = buildSchema(readFileSync(SCHEMA_FILE, "utf8"));
  expect(validate(schema, parse("query { viewer { nam } }")).map((e) => e.message)).toEqual([
    'Cannot query field "nam" on type "User". Did you mean "name"?',
  ]);
});
