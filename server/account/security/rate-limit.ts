// Failed-login limits per account and per address (ASVS 2.2.1): too many failures in a window answer XE13.
export interface RateLimitOptions {
  /** Failures allowed per account (namespace + email) within the window. */
  perAccount?: number;
  /** Failures allowed per client address within the window. */
  perAddress?: number;
  windowMs?: number;
}

const DEFAULTS = { perAccount: 10, perAddress: 50, windowMs: 15 * 60_000 };
const MAX_TRACKED = 100_000;

export class FailureLimiter {
  private readonly failures = new Map<string, number[]>();
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

  /** Whether either the account or the address has used up its failures. */
  isBlocked(account: string, address: string): boolean {
    return (
      this.recent(`a:${account}`).length >= this.limits.perAccount ||
      this.recent(`ip:${address}`).length >= this.limits.perAddress
    );
  }

  recordFailure(account: string, address: string): void {
    if (this.failures.size > MAX_TRACKED) this.failures.clear(); // bounded memory under a flood
    const at = this.now();
    for (const key of [`a:${account}`, `ip:${address}`]) this.failures.set(key, [...this.recent(key), at]);
  }

  /** A successful login clears the account's failures (the address keeps its count). */
  recordSuccess(account: string): void {
    this.failures.delete(`a:${account}`);
  }
}
