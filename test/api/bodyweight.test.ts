// logBodyweight over HTTP: signed out refused, the user's unit by default, one value a day, the
// weight and date rules at their edges, and each user's bodyweights their own.
import { useTestServer, gql, signUp } from "../support/harness.ts";

const s = useTestServer();

const LOG = `mutation($input: BodyweightInput!) { logBodyweight(input: $input) { date weight unit } }`;

describe("logBodyweight", () => {
  test("signed out: FORBIDDEN, nothing saved", async () => {
    const res = await gql(s.url, LOG, { input: { date: "2026-01-01", weight: 80 } });
    expect(res.status).toBe(200);
    expect(res.body.errors[0].extensions.code).toBe("FORBIDDEN");
    const { rows } = await s.ownerPool.query("select count(*)::int as n from app_public.bodyweights");
    expect(rows[0].n).toBe(0);
  });

  test("unknown token: answered as signed out", async () => {
    const res = await gql(s.url, LOG, { input: { date: "2026-01-01", weight: 80 } }, { token: "0".repeat(64) });
    expect(res.body.errors[0].extensions.code).toBe("FORBIDDEN");
  });

  test("logs in the user's unit by default; the same date again replaces the value", async () => {
    const { token } = await signUp(s.url, "Wes");
    const first = await gql(s.url, LOG, { input: { date: "2026-03-01", weight: 80.25 } }, { token });
    expect(first.body).toEqual({ data: { logBodyweight: { date: "2026-03-01", weight: 80.25, unit: "kg" } } });
    const again = await gql(s.url, LOG, { input: { date: "2026-03-01", weight: 176.5, unit: "LB" } }, { token });
    expect(again.body.data.logBodyweight).toEqual({ date: "2026-03-01", weight: 176.5, unit: "lb" });
    const list = await gql(s.url, "{ viewer { bodyweightsByUserId { nodes { date weight unit } } } }", {}, { token });
    expect(list.body.data.viewer.bodyweightsByUserId.nodes).toEqual([
      { date: "2026-03-01", weight: 176.5, unit: "lb" },
    ]);
  });

  test("weight 0.01 to 1500 is accepted, 0 and 1500.01 are refused (the rule of workout documents); dates must be real", async () => {
    const { token } = await signUp(s.url, "Xan");
    expect(
      (await gql(s.url, LOG, { input: { date: "2024-02-29", weight: 0.01 } }, { token })).body.data.logBodyweight
        .weight,
    ).toBe(0.01);
    for (const weight of [0, -0.01]) {
      const refused = await gql(s.url, LOG, { input: { date: "2024-03-01", weight } }, { token });
      expect(refused.body.errors[0].extensions.code).toBe("INVALID_INPUT");
      expect(refused.body.errors[0].message).toMatch(/^weight/);
    }
    for (const date of ["2023-02-29", "2024-13-01", "2024-1-01", "yesterday"]) {
      const bad = await gql(s.url, LOG, { input: { date, weight: 70 } }, { token });
      expect(bad.body.errors[0].extensions.code).toBe("INVALID_INPUT");
      expect(bad.body.errors[0].message).toMatch(/^date/);
    }
    const bigOk = await gql(s.url, LOG, { input: { date: "2024-03-02", weight: 1500 } }, { token });
    expect(bigOk.body.errors).toBeUndefined();
    const tooBig = await gql(s.url, LOG, { input: { date: "2024-03-03", weight: 1500.01 } }, { token });
    expect(tooBig.body.errors[0].extensions.code).toBe("INVALID_INPUT");
    const { rows } = await s.ownerPool.query(
      "select count(*)::int as n from app_public.bodyweights b join app_public.users u on u.id = b.user_id where u.name = 'Xan'",
    );
    expect(rows[0].n).toBe(2);
  });

  test("each user sees only their own bodyweights", async () => {
    const a = await signUp(s.url, "Yul");
    const b = await signUp(s.url, "Zed");
    await gql(s.url, LOG, { input: { date: "2026-04-01", weight: 90 } }, { token: a.token });
    const seen = await gql(s.url, "{ allBodyweights { nodes { weight } } }", {}, { token: b.token });
    expect(seen.body.data.allBodyweights.nodes).toEqual([]);
  });
});
