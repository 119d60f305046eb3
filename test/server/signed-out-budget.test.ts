// Everything signed out together has one budget per process, besides each address's own: many
// addresses, each well within its own budget, are refused once together they have spent it, while
// signed-in callers are answered; an address that has not spent a unit is then refused without a
// statement; a signed-out refusal is answered after its pause. The bucket's edge, and
// SIGNED_OUT_COST_PER_MINUTE's default and split, without a server.
import { useTestServer, gql, signUp } from "../support/harness.ts";
import { SignedOutBudget, signedOutShare } from "../../server/limits/signed-out-budget.ts";
import { OPERATION_LIMITS } from "../../server/graphql/operation-cost.ts";
import { SIGNED_OUT_REFUSAL_PAUSE_MS } from "../../server/limits/client-cost-budget.ts";

// As long as one address's, so two addresses together spend it with both far from their own; no
// refill while the test runs.
const SIGNED_OUT = 60_000;
const limits = {
  perAddressPerMinute: 60_000,
  perSessionPerMinute: 1e12,
  perAccountPerMinute: 1e12,
  signedOutPerMinute: SIGNED_OUT,
  windowSeconds: 10_000_000,
};
const s = useTestServer({ clientCostLimits: limits, trustProxy: ["loopback"] });

const QUERY = '{ exercises: searchExercises(words: "squat", limit: 5) { id } }';
const ask = (address: string, token?: string, query = QUERY) =>
  gql(s.url, query, {}, { token, headers: { "x-forwarded-for": address } });
const addressTokens = async (address: string) =>
  (await s.ownerPool.query("select tokens from app_private.cost_buckets where payer = $1", [`address:${address}`]))
    .rows[0]?.tokens as number | undefined;

test("addresses within their own budgets are refused once together they spent everything signed out's; signed in is answered", async () => {
  // The query's estimate, from a refusal by an address's own spent bucket (it gives back what it claimed).
  await s.ownerPool.query("insert into app_private.cost_buckets (payer, tokens) values ('address:198.51.100.9', 0)");
  const estimate = (await ask("198.51.100.9")).body.errors[0].extensions.cost as number;
  expect(estimate).toBeGreaterThan(1000);
  const addresses = ["198.51.100.1", "198.51.100.2"];
  const answered: string[] = [];
  let refused: Awaited<ReturnType<typeof ask>> | undefined;
  for (let i = 0; i < 100 && !refused; i++) {
    const address = addresses[i % 2];
    const answer = await ask(address);
    if (answer.status === 200) answered.push(address);
    else refused = answer;
  }
  expect(refused?.status).toBe(429);
  const error = refused!.body.errors[0];
  expect(error.extensions).toMatchObject({ code: "RATE_LIMITED", limit: "cost", budget: "signed-out" });
  expect(error.message).toMatch(/everything signed out's \(every address together\) GraphQL cost budget/);
  expect(refused!.headers.get("ratelimit-policy")).toBe(`"signed-out";q=${SIGNED_OUT};w=${limits.windowSeconds}`);
  expect(Number(refused!.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  // Both answered, each with more than a request's estimate still left of its own budget.
  expect(new Set(answered)).toEqual(new Set(addresses));
  for (const address of addresses) expect(await addressTokens(address)).toBeGreaterThan(estimate);

  // A third address is refused before SQL is asked (it has no bucket of its own yet), after the pause.
  const started = performance.now();
  const third = await ask("198.51.100.3");
  expect(performance.now() - started).toBeGreaterThanOrEqual(SIGNED_OUT_REFUSAL_PAUSE_MS - 5);
  expect(third.status).toBe(429);
  expect(third.body.errors[0].extensions.budget).toBe("signed-out");
  expect(await addressTokens("198.51.100.3")).toBeUndefined();
  // A made-up session token is signed out too, once SQL finds no live session for it.
  const madeUp = await ask("198.51.100.4", "made-up-session-token");
  expect(madeUp.body.errors[0].extensions.budget).toBe("signed-out");

  // A session from one of those addresses pays as its account.
  const { token } = await signUp(s.url, "Signed in");
  const mine = await ask(addresses[0], token, "{ viewer { name } }");
  expect(mine.status).toBe(200);
  expect(mine.body.data.viewer.name).toBe("Signed in");
});

test("the bucket: an estimate of exactly what is left fits, one unit more does not; a charge past it owes at most one budget", () => {
  const budget = new SignedOutBudget(1000, 1e9);
  expect(budget.claim(1001)).toBe(false);
  expect(budget.claim(1000)).toBe(true);
  expect(budget.claim(1)).toBe(false);
  budget.charge(400, 1000); // spent less than claimed: 600 given back
  expect(Math.floor(budget.left())).toBe(600);
  budget.charge(10_000, 0);
  expect(Math.floor(budget.left())).toBe(-1000);
});

test("SIGNED_OUT_COST_PER_MINUTE: five addresses' budgets by default, split among the API processes, at least one request's budget", async () => {
  const { readConfig } = await import("../../server/process/config.ts");
  const share = (env: Record<string, string>) => readConfig(env).clientCostLimits.signedOutPerMinute;
  expect(share({ WEB_CONCURRENCY: "1" })).toBe(500_000);
  expect(share({ WEB_CONCURRENCY: "3" })).toBe(166_667);
  expect(share({ WEB_CONCURRENCY: "1", ADDRESS_COST_PER_MINUTE: "200000" })).toBe(1_000_000);
  expect(share({ WEB_CONCURRENCY: "2", SIGNED_OUT_COST_PER_MINUTE: "2000000" })).toBe(1_000_000);
  expect(share({ WEB_CONCURRENCY: "32", SIGNED_OUT_COST_PER_MINUTE: String(OPERATION_LIMITS.cost) })).toBe(
    OPERATION_LIMITS.cost,
  );
  expect(signedOutShare(100, 3)).toBe(34);
  expect(() => readConfig({ SIGNED_OUT_COST_PER_MINUTE: String(OPERATION_LIMITS.cost - 1) })).toThrow(
    /^SIGNED_OUT_COST_PER_MINUTE must be a whole number/,
  );
});
