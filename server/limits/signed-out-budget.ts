// Everything signed out together, every client address at once, has one cost budget, kept in this
// process's memory: each address's own budget (in PostgreSQL) bounds one address, but 100 addresses
// each spending their first minute's budget at once took the machine's cores from signed-in users.
// The server's budget (SIGNED_OUT_COST_PER_MINUTE) is split evenly among its API processes, as the
// pools are, so a request spends no statement on it and a flood is refused without a round trip;
// several servers on one database each have their own.

/** A token bucket of cost units: full at the start, refilled evenly over the window. */
export class SignedOutBudget {
  readonly budget: number;
  readonly windowSeconds: number;
  private tokens: number;
  private at = performance.now();

  constructor(perMinute: number, windowSeconds: number) {
    this.budget = perMinute;
    this.windowSeconds = windowSeconds;
    this.tokens = perMinute;
  }

  /** What is left now, refilled since the last look. */
  left(): number {
    const now = performance.now();
    this.tokens = Math.min(this.budget, this.tokens + (this.budget * (now - this.at)) / 1000 / this.windowSeconds);
    this.at = now;
    return this.tokens;
  }

  /** Takes `estimate` when it fits and answers true; otherwise takes nothing. */
  claim(estimate: number): boolean {
    if (this.left() < estimate) return false;
    this.tokens -= estimate;
    return true;
  }

  /** After a request: what it spent less what its claim took; never below one budget owed. */
  charge(spent: number, claimed: number): void {
    this.tokens = Math.max(-this.budget, Math.min(this.budget, this.left() - (spent - claimed)));
  }
}

/** Each API process's share of the server's signed-out budget. */
export function signedOutShare(perMinute: number, processes: number): number {
  return Math.ceil(perMinute / Math.max(1, processes));
}
