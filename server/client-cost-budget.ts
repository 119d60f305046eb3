// The GraphQL cost a client without an API key may spend a minute, kept in this process's memory:
// a flood of requests, each within the budget of one request, must not starve everyone else.
// API keys have their own budget, counted in PostgreSQL (exact across processes); this one is
// per API process, so with WEB_CONCURRENCY processes a client may spend up to that many times it.
import { RateLimiterMemory } from "rate-limiter-flexible";

export type ClientCostLimits = { perAddressPerMinute: number; perSessionPerMinute: number };

export const CLIENT_COST_LIMITS: ClientCostLimits = {
  /**
   * ADDRESS_COST_PER_MINUTE: everything without a key from one client address, signed in or not
   * (a session token is free to make up, so sessions alone cannot be the unit): 40 requests at the
   * full budget, or about a thousand ordinary page loads. Users behind one NAT share it.
   */
  perAddressPerMinute: 2_000_000,
  /** SESSION_COST_PER_MINUTE: one signed-in session (a browser or the CLI), like an API key. */
  perSessionPerMinute: 500_000,
};

const WINDOW_SECONDS = 60;

export type ClientCostRefusal = { retryAfter: number; message: string };
export type ClientCostCharge = (client: { address?: string; sessionHash?: string }, cost: number) => Promise<ClientCostRefusal | null>;

/**
 * The budgets of one app: a function that spends `cost` from the session's budget (when signed
 * in) and the address's, or says which one it does not fit in (then nothing is spent).
 */
export function clientCostBudget(limits: ClientCostLimits = CLIENT_COST_LIMITS): ClientCostCharge {
  // Points far above any budget: the limits are compared here, so a refusal spends nothing.
  const spentByAddress = new RateLimiterMemory({ keyPrefix: "address", points: Number.MAX_SAFE_INTEGER, duration: WINDOW_SECONDS });
  const spentBySession = new RateLimiterMemory({ keyPrefix: "session", points: Number.MAX_SAFE_INTEGER, duration: WINDOW_SECONDS });
  return async (client, cost) => {
    const budgets = [
      client.sessionHash && { limiter: spentBySession, key: client.sessionHash, budget: limits.perSessionPerMinute, whose: "this session's" },
      client.address && { limiter: spentByAddress, key: client.address, budget: limits.perAddressPerMinute, whose: "your address's" },
    ].filter((b) => !!b);
    for (const { limiter, key, budget, whose } of budgets) {
      const spent = await limiter.get(key);
      const used = spent?.consumedPoints ?? 0;
      if (used + cost > budget) {
        const retryAfter = Math.max(1, Math.ceil((spent?.msBeforeNext ?? WINDOW_SECONDS * 1000) / 1000));
        return {
          retryAfter,
          message: `This operation costs ${cost}, more than the ${Math.max(0, budget - used)} left of ${whose} GraphQL cost budget (${budget} a minute); retry in ${retryAfter} s`,
        };
      }
    }
    for (const { limiter, key } of budgets) await limiter.consume(key, cost);
    return null;
  };
}
