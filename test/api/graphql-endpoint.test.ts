// The GraphQL endpoint itself: error answers (syntax, validation, a method or Accept it does not
// serve, each with its code; a body that is not JSON, rows that are not yours, U+0000), the size limits of one operation and of the body, and GraphiQL only in development.
import { connect } from "node:net";
import { OPERATION_LIMITS } from "../../server/graphql/operation-cost.ts";
import { BODY_LIMIT, BODY_LIMIT_BYTES } from "../../server/http/body-limit.ts";
import { useTestServer, startTestServer, gql, signUp } from "../support/harness.ts";

const s = useTestServer();

describe("errors", () => {
  test("GraphQL syntax errors keep their message", async () => {
    const res = await gql(s.url, "{ viewer { ");
    expect(res.body.errors[0].message).toMatch(/Syntax Error/);
  });

  test("every request error grafserv answers has a code: syntax, validation, a variable's type, a method, an Accept", async () => {
    const codeOf = (answer: { body: { errors?: { extensions?: { code?: string } }[] } }) =>
      answer.body.errors?.map((e) => e.extensions?.code);
    expect(codeOf(await gql(s.url, "{ viewer { "))).toEqual(["GRAPHQL_PARSE_FAILED"]);
    expect(codeOf(await gql(s.url, "{ nope }"))).toEqual(["GRAPHQL_VALIDATION_FAILED"]);
    const variable = await gql(s.url, 'query($n: Int!) { searchExercises(words: "squat", limit: $n) { id } }', {
      n: "five",
    });
    expect(variable.status).toBe(400);
    expect(codeOf(variable)).toEqual(["GRAPHQL_VALIDATION_FAILED"]);
    // Under application/json a request error is HTTP 200, still with its code.
    const legacy = await fetch(`${s.url}/api/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "{ viewer { " }),
    });
    expect(legacy.status).toBe(200);
    expect((await legacy.json()).errors[0].extensions.code).toBe("GRAPHQL_PARSE_FAILED");
    for (const method of ["GET", "PUT", "DELETE"]) {
      const res = await fetch(`${s.url}/api/graphql`, { method, headers: { accept: "application/json" } });
      expect([method, res.status, res.headers.get("allow")]).toEqual([method, 405, "POST"]);
      expect((await res.json()).errors[0].extensions.code).toBe("METHOD_NOT_ALLOWED");
    }
    const xml = await fetch(`${s.url}/api/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/xml" },
      body: JSON.stringify({ query: "{ __typename }" }),
    });
    expect(xml.status).toBe(406);
    expect((await xml.json()).errors[0].extensions.code).toBe("NOT_ACCEPTABLE");
  });

  test("bad JSON to /api/graphql is a 400, not a 500", async () => {
    const res = await fetch(`${s.url}/api/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{oops",
    });
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0].extensions.code).toBe("BAD_REQUEST");
  });

  test("a JSON body that is null is a 400 at once, for every caller (it used to hang)", async () => {
    const { token } = await signUp(s.url);
    for (const headers of [{}, { authorization: `Bearer ${token}` }] as Record<string, string>[]) {
      const res = await fetch(`${s.url}/api/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: "null",
        signal: AbortSignal.timeout(5000),
      });
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.errors[0].extensions.code).toBe("BAD_REQUEST");
      expect(body.errors[0].message).toMatch(/JSON object/);
    }
    // Other JSON that is no object: 400 with its code, a batch told so.
    for (const text of ["[]", '[{"query": "{ __typename }"}]', "1", '"x"']) {
      const res = await fetch(`${s.url}/api/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: text,
        signal: AbortSignal.timeout(5000),
      });
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.errors[0].extensions.code).toBe("BAD_REQUEST");
      expect(body.errors[0].message).toMatch(text.startsWith("[") ? /one operation per request/ : /JSON object/);
    }
    const empty = await fetch(`${s.url}/api/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(empty.status).toBe(400);
  });
});

test("GraphiQL is not served outside development", async () => {
  const res = await fetch(`${s.url}/api/graphql`, { headers: { accept: "text/html" } });
  const text = await res.text();
  expect(text).not.toMatch(/ruru|graphiql/i);
  expect(res.status).not.toBe(200);
});

test("GraphiQL is served in development", async () => {
  const dev = await startTestServer({ dev: true });
  try {
    const res = await fetch(`${dev.url}/api/graphql`, { headers: { accept: "text/html" } });
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/ruru|graphiql/i);
  } finally {
    await dev.close();
  }
});

test("deleting a routine or workout that is not yours (or does not exist) is NOT_FOUND and deletes nothing", async () => {
  const owner = await signUp(s.url, "Owner");
  const other = await signUp(s.url, "Other");
  const {
    rows: [r],
  } = await s.ownerPool.query(
    "insert into app_public.routines (user_id, name, unit) values ($1, 'Mine', 'kg') returning id",
    [owner.user.id],
  );
  for (const id of [r.id, "00000000-0000-4000-8000-000000000000"]) {
    const res = await gql(
      s.url,
      "mutation($id: UUID!) { deleteRoutineById(input: {id: $id}) { routine { id } } }",
      { id },
      { token: other.token },
    );
    expect(res.body.errors[0].extensions.code).toBe("NOT_FOUND");
    expect(res.body.errors[0].message).toBe("Not found");
    const w = await gql(
      s.url,
      "mutation($id: UUID!) { deleteWorkoutById(input: {id: $id}) { workout { id } } }",
      { id },
      { token: other.token },
    );
    expect(w.body.errors[0].extensions.code).toBe("NOT_FOUND");
  }
  const { rows } = await s.ownerPool.query("select count(*)::int as n from app_public.routines where id = $1", [r.id]);
  expect(rows[0].n).toBe(1);
});

describe("operation size limits", () => {
  test("25 root fields are fine, 26 are refused before anything runs", async () => {
    const fields = (n: number) => Array.from({ length: n }, (_, i) => `a${i}: viewer { id }`).join(" ");
    expect((await gql(s.url, `{ ${fields(25)} }`)).body.errors).toBeUndefined();
    const res = await gql(s.url, `{ ${fields(26)} }`);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe("QUERY_TOO_COMPLEX");
    expect(res.body.errors[0].message).toMatch(/at most 25 root fields/);
  });

  test("depth 12 passes the guard, 13 is refused; fragments count where they are used", async () => {
    const { measureOperation } = await import("../../server/graphql/operation-cost.ts");
    const { parse, buildSchema } = await import("postgraphile/graphql");
    const schema = buildSchema("type Query { a: A } type A { a: A b: B } type B { c: Int }");
    const chain = (n: number) => "{ " + "a { ".repeat(n - 1) + "b" + " }".repeat(n - 1) + " }";
    const measure = (text: string) => {
      const doc = parse(text);
      const { depth, fields } = measureOperation(schema, doc, doc.definitions[0] as any, null);
      return { depth, fields };
    };
    expect(measure(chain(12))).toEqual({ depth: 12, fields: 12 });
    expect(measure("query { ...F } fragment F on Query { a { ...G } } fragment G on A { b { c } }")).toEqual({
      depth: 3,
      fields: 3,
    });
    const refused = await gql(s.url, chain(13));
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].message).toMatch(/at most 12 levels/);
    // Depth 12 reaches GraphQL validation (the made-up fields fail there, not in the guard).
    const passed = await gql(s.url, chain(12));
    expect(passed.body.errors[0].extensions?.code).not.toBe("QUERY_TOO_COMPLEX");
    expect(passed.body.errors[0].message).toMatch(/Cannot query field "a"/);
  });

  test(`more than ${OPERATION_LIMITS.fields} fields are refused`, async () => {
    const n = OPERATION_LIMITS.fields;
    const wide = (count: number) =>
      `{ viewer { ${Array.from({ length: count - 1 }, (_, i) => `f${i}: id`).join(" ")} } }`;
    expect((await gql(s.url, wide(n))).status).toBe(200);
    const res = await gql(s.url, wide(n + 1));
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toMatch(new RegExp(`at most ${n} fields`));
  });
});

test("U+0000 in a GraphQL argument is INVALID_INPUT, not an internal error", async () => {
  const { token } = await signUp(s.url, "Nul");
  const search = await gql(
    s.url,
    "query($w: String!) { searchExercises(words: $w) { id } }",
    { w: "a\u0000b" },
    { token },
  );
  expect(search.body.errors[0].extensions.code).toBe("INVALID_INPUT");
  expect(search.body.errors[0].message).toMatch(/U\+0000/);
  const key = await gql(
    s.url,
    "mutation($n: String!) { createApiKey(input: {name: $n, access: READ_ONLY, expiresIn: NEVER}) { key } }",
    { n: "k\u0000" },
    { token },
  );
  expect(key.body.errors[0].extensions.code).toBe("INVALID_INPUT");
});

describe("GraphQL over HTTP: the media type of the answer (the spec's watershed)", () => {
  const post = (query: string, accept?: string) =>
    fetch(`${s.url}/api/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(accept === undefined ? {} : { accept }) },
      body: JSON.stringify({ query }),
    });
  const answer = async (res: Response) => ({
    status: res.status,
    type: res.headers.get("content-type")?.split(";")[0],
    errors: Boolean((await res.json()).errors),
  });

  test("without Accept, or with */* or application/json: application/json, and a request error is HTTP 200 with errors", async () => {
    for (const accept of [undefined, "*/*", "application/*", "application/json", "application/json, */*;q=0.5"]) {
      for (const query of ["{ viewer { ", "{ noSuchField }"]) {
        expect([accept, query, await answer(await post(query, accept))]).toEqual([
          accept,
          query,
          { status: 200, type: "application/json", errors: true },
        ]);
      }
      expect(await answer(await post("{ __typename }", accept))).toEqual({
        status: 200,
        type: "application/json",
        errors: false,
      });
    }
  });

  test("application/graphql-response+json only when asked for: then a request error is HTTP 400", async () => {
    for (const accept of [
      "application/graphql-response+json",
      "application/graphql-response+json, application/json;q=0.9",
      "application/json;q=0.5, application/graphql-response+json",
    ]) {
      expect(await answer(await post("{ noSuchField }", accept))).toEqual({
        status: 400,
        type: "application/graphql-response+json",
        errors: true,
      });
      expect(await answer(await post("{ __typename }", accept))).toEqual({
        status: 200,
        type: "application/graphql-response+json",
        errors: false,
      });
    }
  });
});

describe(`the body limit (${BODY_LIMIT})`, () => {
  /** A request written as raw HTTP/1.1; resolves with what came back once the server closed the connection. */
  function raw(head: string, parts: (string | Buffer)[] = []): Promise<string> {
    const { hostname, port } = new URL(s.url);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), hostname);
      const received: Buffer[] = [];
      socket.on("data", (chunk) => received.push(chunk));
      socket.on("error", reject);
      socket.on("close", () => resolve(Buffer.concat(received).toString("utf8")));
      socket.write(`${head.trim().replaceAll("\n", "\r\n")}\r\n\r\n`);
      for (const part of parts) socket.write(part);
    });
  }
  const head = (extra: string) =>
    `POST /api/graphql HTTP/1.1\nHost: ${new URL(s.url).host}\nContent-Type: application/json\n${extra}`;
  /** A GraphQL body of exactly `bytes` bytes (spaces after the JSON). */
  const bodyOf = (bytes: number) => {
    const json = JSON.stringify({ query: "{ viewer { id } }" });
    return json + " ".repeat(bytes - json.length);
  };

  test("a Content-Length over the limit is refused at once, before any body is sent, and the connection closes", async () => {
    const answer = await raw(head(`Content-Length: ${BODY_LIMIT_BYTES + 1}`));
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toMatch(/\r\nConnection: close\r\n/i);
    expect(answer).toContain("PAYLOAD_TOO_LARGE");
    // Expect: 100-continue: refused without the 100 that would let the client send the body.
    const asked = await raw(head(`Content-Length: ${BODY_LIMIT_BYTES + 1}\nExpect: 100-continue`));
    expect(asked).toMatch(/^HTTP\/1\.1 413 /);
    // The last good size is read and answered.
    const res = await fetch(`${s.url}/api/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: bodyOf(BODY_LIMIT_BYTES),
    });
    expect([res.status, await res.json()]).toEqual([200, { data: { viewer: null } }]);
  });

  test("a chunked body is read up to the limit only: one byte more is refused without waiting for its end", async () => {
    const chunk = (text: string) => `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`;
    const over = await raw(head("Transfer-Encoding: chunked"), [chunk(bodyOf(BODY_LIMIT_BYTES + 1))]);
    expect(over).toMatch(/^HTTP\/1\.1 413 /);
    expect(over).toMatch(/\r\nConnection: close\r\n/i);
    const limit = bodyOf(BODY_LIMIT_BYTES);
    const atLimit = await raw(head("Transfer-Encoding: chunked\nConnection: close"), [
      chunk(limit.slice(0, 1000)),
      chunk(limit.slice(1000)),
      "0\r\n\r\n",
    ]);
    expect(atLimit).toMatch(/^HTTP\/1\.1 200 /);
    expect(atLimit).toContain('{"data":{"viewer":null}}');
    // Answered without its body read (no reader, no such route): the connection closes rather than read the rest.
    const unreadHead = head("Transfer-Encoding: chunked")
      .replace("/api/graphql", "/api/no-such-route")
      .replace("application/json", "text/plain");
    const unread = await raw(unreadHead, [chunk(limit.slice(0, 1000))]);
    expect(unread).toMatch(/^HTTP\/1\.1 404 [^]*\r\nConnection: close\r\n/i);
  });
});
