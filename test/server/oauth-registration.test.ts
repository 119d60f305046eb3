// OAuth client registration bounded, from outside: its 16 kB body limit at its edge (the app's
// 1 MB parser no longer reads the body first), U+0000 anywhere in the metadata refused with 400
// before anything is stored, and only the fields the server uses kept and echoed back.
import { useTestServer } from "../support/harness.ts";

const s = useTestServer();
const LIMIT = 16 * 1024;
const REDIRECT = "http://127.0.0.1:9/callback";

async function register(body: string) {
  const res = await fetch(`${s.url}/api/oauth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** A registration whose JSON is exactly `bytes` long, padded in a field the server does not keep. */
function registrationOf(bytes: number): string {
  const base = { client_name: "Padded", redirect_uris: [REDIRECT], token_endpoint_auth_method: "none", logo_uri: "" };
  const empty = JSON.stringify(base).length;
  return JSON.stringify({ ...base, logo_uri: `https://example.com/${"a".repeat(bytes - empty - 20)}` });
}

const clients = async () =>
  Number((await s.ownerPool.query("select count(*) from app_private.oauth_clients")).rows[0].count);

describe("OAuth registration", () => {
  it("takes a body of exactly 16 kB and refuses one byte more with 413, storing nothing", async () => {
    const last = registrationOf(LIMIT);
    expect(Buffer.byteLength(last)).toBe(LIMIT);
    expect((await register(last)).status).toBe(201);
    const before = await clients();
    const over = registrationOf(LIMIT + 1);
    expect(Buffer.byteLength(over)).toBe(LIMIT + 1);
    const refused = await register(over);
    expect(refused.status).toBe(413);
    expect(refused.body.message).toMatch(/16 ?kB/);
    expect(await clients()).toBe(before);
  });

  it.each([
    ["client_name", { client_name: "Bad\u0000name" }],
    ["redirect_uris[0]", { redirect_uris: [`${REDIRECT}\u0000`] }],
    ["scope", { scope: "read\u0000" }],
    ["a field the server does not use", { software_id: "x\u0000" }],
    ["a key", { "weird\u0000key": "x" }],
  ])("refuses U+0000 in %s with 400 invalid_client_metadata, storing nothing", async (_where, extra) => {
    const before = await clients();
    const { status, body } = await register(
      JSON.stringify({ client_name: "Nul", redirect_uris: [REDIRECT], token_endpoint_auth_method: "none", ...extra }),
    );
    expect(status).toBe(400);
    expect(body.error).toBe("invalid_client_metadata");
    expect(body.error_description).toMatch(/U\+0000/);
    expect(await clients()).toBe(before);
  });

  it("keeps and echoes back only the fields it uses", async () => {
    const { status, body } = await register(
      JSON.stringify({
        client_name: "Kept",
        redirect_uris: [REDIRECT],
        token_endpoint_auth_method: "none",
        software_statement: "x".repeat(5000),
        contacts: ["a@example.com"],
      }),
    );
    expect(status).toBe(201);
    expect(body.client_name).toBe("Kept");
    expect(body.software_statement).toBeUndefined();
    expect(body.contacts).toBeUndefined();
    const { rows } = await s.ownerPool.query("select metadata from app_private.oauth_clients where id = $1", [
      body.client_id,
    ]);
    expect(Object.keys(rows[0].metadata).sort()).not.toContain("software_statement");
    expect(JSON.stringify(rows[0].metadata).length).toBeLessThan(1000);
  });
});
