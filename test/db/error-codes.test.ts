// Every error code the service sends has one home, db/errors.ts: a code written anywhere in the
// server or the plugins must be listed there. And the one reader of REST bodies
// (server/http/request-body.ts) at the edges of its rules.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import type { Request } from "express";
import { ROUTE_CODES, SERVICE_CODES } from "../../db/errors.ts";
import { HttpError } from "../../server/http/http-error.ts";
import { readBody } from "../../server/http/request-body.ts";

const root = path.resolve(import.meta.dirname, "../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

// `code: "X"`, `sendError(res, "X"`, `new HttpError("X"`, and the operation guard's `refusal(message, "X"`.
const CODE_PATTERNS = [
  /\bcode: "([A-Z][A-Z_]+)"/g,
  /sendError\(\s*res,\s*"([A-Z][A-Z_]+)"/g,
  /HttpError\(\s*"([A-Z][A-Z_]+)"/g,
  /refusal\([^;]*?,\s*"([A-Z][A-Z_]+)"/g,
];

test("every code the server and the plugins send is listed in db/errors.ts", () => {
  const written = new Map<string, string>();
  for (const file of sourceFiles("server")) {
    const text = readFileSync(file, "utf8");
    for (const pattern of CODE_PATTERNS) {
      for (const [, code] of text.matchAll(pattern)) written.set(code, path.relative(root, file));
    }
  }
  // The scan finds codes at all (a pattern that matched nothing would make this test empty).
  expect([...written.keys()]).toEqual(
    expect.arrayContaining(["RATE_LIMITED", "UNAUTHORIZED", "USER_ALREADY_EXISTS", "FORBIDDEN"]),
  );
  const unlisted = [...written].filter(([code]) => !SERVICE_CODES.has(code)).map(([code, file]) => `${code} (${file})`);
  expect(unlisted).toEqual([]);
});

test("the plugins map no SQLSTATE themselves: maskError (server/graphql/mask-error.ts) is the one place", () => {
  const sqlState = /"(SV[A-Z]{3}|[0-9]{2}[0-9A-Z]{3})"/g;
  const mapped = (file: string) => [...readFileSync(file, "utf8").matchAll(sqlState)].map(([, state]) => state);
  expect(mapped(path.join(root, "server/graphql/mask-error.ts"))).toContain("SVDUP");
  // The request's transaction and its deadline read PostgreSQL's own states to know what happened.
  const readers = new Set(["mask-error.ts", "request-transaction.ts", "database-time.ts"]);
  const elsewhere = sourceFiles("server/graphql")
    .filter((file) => !readers.has(path.basename(file)))
    .flatMap((file) => mapped(file).map((state) => `${state} (${path.relative(root, file)})`));
  expect(elsewhere).toEqual([]);
});

test("a route refusal carries its code's status", () => {
  expect(new HttpError("USER_NOT_FOUND", "No user with this id").status).toBe(404);
  expect(new HttpError("TOO_MANY_ATTEMPTS", "later").status).toBe(429);
  for (const [code, status] of Object.entries(ROUTE_CODES))
    expect([code, status >= 400 && status < 600]).toEqual([code, true]);
});

describe("readBody", () => {
  const req = (body: unknown) => ({ body }) as Request;
  const refusal = (body: unknown, spec: Parameters<typeof readBody>[1]) => {
    try {
      readBody(req(body), spec);
    } catch (error) {
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).code).toBe("BAD_REQUEST");
      return (error as Error).message;
    }
    throw new Error("expected a refusal");
  };
  const NAME = { name: { type: "string", min: 1, max: 5 } } as const;
  const SECONDS = {
    wait: { type: "number", unit: "seconds", positive: true, max: 60, maxNote: "(a minute)", optional: true },
  } as const;

  test("the body must be an object", () => {
    for (const body of [undefined, null, "x", 5, []])
      expect(refusal(body, NAME)).toBe("The request body must be a JSON object");
  });

  test("strings: required, a string, no U+0000, lengths counted in characters at both edges", () => {
    expect(refusal({}, NAME)).toBe("name is required");
    expect(refusal({ name: null }, NAME)).toBe("name is required");
    expect(refusal({ name: 5 }, NAME)).toBe("name must be a string");
    expect(refusal({ name: "a\u0000" }, NAME)).toBe("name must not contain the character U+0000");
    expect(refusal({ name: "" }, NAME)).toBe("name must not be empty");
    expect(readBody(req({ name: "💪💪💪💪💪" }), NAME)).toEqual({ name: "💪💪💪💪💪" });
    expect(refusal({ name: "abcdef" }, NAME)).toBe("name must be at most 5 characters");
    const bytes = { password: { type: "string", min: 8, maxBytes: 10 } } as const;
    expect(refusal({ password: "1234567" }, bytes)).toBe("password must be at least 8 characters");
    expect(readBody(req({ password: "12345678é" }), bytes).password).toBe("12345678é");
    expect(refusal({ password: "123456789é" }, bytes)).toBe("password must be at most 10 bytes (UTF-8)");
  });

  test("numbers: optional as null, finite, positive, at most the limit", () => {
    expect(readBody(req({}), SECONDS)).toEqual({ wait: null });
    expect(readBody(req({ wait: 0.001 }), SECONDS)).toEqual({ wait: 0.001 });
    expect(readBody(req({ wait: 60 }), SECONDS)).toEqual({ wait: 60 });
    expect(refusal({ wait: "60" }, SECONDS)).toBe("wait must be a number of seconds");
    expect(refusal({ wait: true }, SECONDS)).toBe("wait must be a number of seconds");
    expect(refusal({ wait: 0 }, SECONDS)).toBe("wait must be a positive number of seconds");
    expect(refusal({ wait: 60.001 }, SECONDS)).toBe("wait must be at most 60 seconds (a minute)");
  });
});
