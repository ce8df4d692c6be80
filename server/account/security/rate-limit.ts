// Failed password checks per account and per address (ASVS 2.2.1): too many in a window answer XE13.
// Hand-written rather than @fastify/rate-limit (which caps requests per address for the whole API): this counts
// failures per account from any address, counts each check before the slow hash runs, and forgets an account's
// failures when its password matches.
export interface RateLimitOptions {
  /** Failures allowed per account (namespace + email) within the window. */
  perAccount?: number;
  /** Failures allowed per client address within the window. */
  perAddress?: number;
  windowMs?: number;
  /** Password checks of one account allowed to run at the same time; one more answers XE13 at once. */
  concurrentPerAccount?: number;
  /** Keys remembered at most; beyond it the least recently failed are forgotten, never all at once. */
  maxTracked?: number;
}

/** One reserved password check: counted as a failure until told it succeeded. Only the first call counts. */
export interface LimitTicket {
  /** The password matched: the account's failures are forgotten (the address keeps its earlier ones). */
  succeeded(): void;
  /** The password did not match (or the check broke): the reserved failure stays counted. */
  failed(): void;
}

const DEFAULTS: Required<RateLimitOptions> = {
  perAccount: 10,
  perAddress: 50,
  windowMs: 15 * 60_000,
  concurrentPerAccount: 2,
  maxTracked: 100_000,
};

/** The account key of the limiter: the same for login, password change and email change. */
export function limiterAccount(namespace: string, email: string): string {
  return `${namespace}:${email.trim().toLowerCase()}`;
}

export class FailureLimiter {
  /** Failure times per key, in order of the latest failure (a Map keeps insertion order): the first is the oldest. */
  private readonly failures = new Map<string, number[]>();
  /** Reservation times of the checks still running, per account. */
  private readonly running = new Map<string, number[]>();
  private readonly limits: Required<RateLimitOptions>;
  constructor(
    options: RateLimitOptions = {},
    private readonly now: () => number = Date.now,
  ) {
    this.limits = { ...DEFAULTS, ...options };
  }

  private recent(key: string): number[] {
    const since = this.now() - this.limits.windowMs;
    const list = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (list.length === 0) this.failures.delete(key);
    else this.failures.set(key, list);
    return list;
  }

  private add(key: string, at: number): void {
    const list = this.recent(key);
    this.failures.delete(key); // re-inserted last: the newest failure
    this.failures.set(key, [...list, at]);
    for (const oldest of this.failures.keys()) {
      if (this.failures.size <= this.limits.maxTracked) break;
      this.failures.delete(oldest);
    }
  }

  private removeOne(key: string, at: number): void {
    const list = this.failures.get(key);
    const index = list?.indexOf(at) ?? -1;
    if (!list || index < 0) return;
    list.splice(index, 1);
    if (list.length === 0) this.failures.delete(key);
  }

  /** Whether either the account or the address has used up its failures. */
  isBlocked(account: string, address: string): boolean {
    return (
      this.recent(`a:${account}`).length >= this.limits.perAccount ||
      this.recent(`ip:${address}`).length >= this.limits.perAddress
    );
  }

  recordFailure(account: string, address: string): void {
    const at = this.now();
    this.add(`a:${account}`, at);
    this.add(`ip:${address}`, at);
  }

  /** A successful login clears the account's failures (the address keeps its count). */
  recordSuccess(account: string): void {
    this.failures.delete(`a:${account}`);
  }

  /**
   * Reserves one password check, counted as a failure before the hash runs, so parallel guesses cannot all pass the
   * limit before any of them is recorded. Null when blocked (XE13): too many failures, or too many checks running.
   */
  attempt(account: string, address: string): LimitTicket | null {
    const running = this.running.get(account) ?? [];
    if (running.length >= this.limits.concurrentPerAccount || this.isBlocked(account, address)) return null;
    const at = this.now();
    this.running.set(account, [...running, at]);
    this.add(`a:${account}`, at);
    this.add(`ip:${address}`, at);
    let settled = false;
    const settle = (success: boolean) => {
      if (settled) return;
      settled = true;
      const others = this.running.get(account) ?? [];
      others.splice(others.indexOf(at), 1);
      if (others.length === 0) this.running.delete(account);
      if (!success) return;
      // Forget the account's failures, but not the reservations of checks still running beside this one.
      this.recordSuccess(account);
      for (const pending of others) this.add(`a:${account}`, pending);
      this.removeOne(`ip:${address}`, at);
    };
    return { succeeded: () => settle(true), failed: () => settle(false) };
  }

  /** Keys remembered now (tests: the bound holds). */
  get tracked(): number {
    return this.failures.size;
  }

  /** Whether a key's failures are remembered (tests: which entries an overflow dropped). */
  remembers(account: string): boolean {
    return this.failures.has(`a:${account}`);
  }
}
