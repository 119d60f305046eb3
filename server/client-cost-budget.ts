// The GraphQL cost a client without an API key may spend a minute, kept in this process's memory:
// a flood of requests, each within the budget of one request, must not starve everyone else.
// API keys have their own budget, counted in PostgreSQL (exact across processes); this one is
// per API process, so with WEB_CONCURRENCY processes a client may spend up to that many times it.

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

const WINDOW_MS = 60_000;
/** Past this many clients in one window's table, expired windows are swept out. */
const SWEEP_AT = 10_000;

export type ClientCostRefusal = { retryAfter: number; message: string };
export type ClientCostCharge = (
  client: { address?: string; sessionHash?: string },
  cost: number,
) => ClientCostRefusal | null;

/** Cost spent per client in fixed one-minute windows. Synchronous: it sits in every request's way. */
class SpentPerMinute {
  private windows = new Map<string, { start: number; used: number }>();
  used(key: string, now: number): { used: number; resetsInMs: number } {
    const window = this.windows.get(key);
    if (!window || now - window.start >= WINDOW_MS) return { used: 0, resetsInMs: WINDOW_MS };
    return { used: window.used, resetsInMs: window.start + WINDOW_MS - now };
  }
  spend(key: string, cost: number, now: number) {
    const window = this.windows.get(key);
    if (window && now - window.start < WINDOW_MS) window.used += cost;
    else {
      if (this.windows.size >= SWEEP_AT)
        for (const [k, w] of this.windows) if (now - w.start >= WINDOW_MS) this.windows.delete(k);
      this.windows.set(key, { start: now, used: cost });
    }
  }
}

/**
 * The budgets of one app: a function that spends `cost` from the session's budget (when signed
 * in) and the address's, or says which one it does not fit in (then nothing is spent).
 */
export function clientCostBudget(limits: ClientCostLimits = CLIENT_COST_LIMITS): ClientCostCharge {
  const spentByAddress = new SpentPerMinute();
  const spentBySession = new SpentPerMinute();
  return (client, cost) => {
    const now = Date.now();
    const budgets = [
      client.sessionHash && {
        spent: spentBySession,
        key: client.sessionHash,
        budget: limits.perSessionPerMinute,
        whose: "this session's",
      },
      client.address && {
        spent: spentByAddress,
        key: client.address,
        budget: limits.perAddressPerMinute,
        whose: "your address's",
      },
    ].filter((b) => !!b);
    for (const { spent, key, budget, whose } of budgets) {
      const { used, resetsInMs } = spent.used(key, now);
      if (used + cost > budget) {
        const retryAfter = Math.max(1, Math.ceil(resetsInMs / 1000));
        return {
          retryAfter,
          message: `This operation costs ${cost}, more than the ${Math.max(0, budget - used)} left of ${whose} GraphQL cost budget (${budget} a minute); retry in ${retryAfter} s`,
        };
      }
    }
    for (const { spent, key } of budgets) spent.spend(key, cost, now);
    return null;
  };
}
