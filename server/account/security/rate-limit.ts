// Failed password checks per account and per address (ASVS 2.2.1): too many in a window answer XE13.
// Hand-written rather than @fastify/rate-limit (which caps requests per address for the whole API): this counts
// failures per account from any address, counts each check before the slow hash runs, and forgets an account's
// failures when its password matches.
// The counts live in the account database, not in the process: every server on one database (edges on one
// PostgreSQL) counts the same failures, so adding servers does not multiply the guesses allowed.
import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { AccountDatabase } from '../db/schema';
import { sha256Hex } from './tokens';

export interface RateLimitOptions {
  /** Failures allowed per account (namespace + email) within the window. */
  perAccount?: number;
  /** Failures allowed per client address within the window. */
  perAddress?: number;
  windowMs?: number;
  /** Password checks of one account allowed to run at the same time; one more answers XE13 at once. */
  concurrentPerAccount?: number;
}

/** One reserved password check: counted as a failure until told it succeeded. Only the first call counts. */
export interface LimitTicket {
  /** The password matched: the account's failures are forgotten (the address keeps its earlier ones). */
  succeeded(): Promise<void>;
  /** The password did not match (or the check broke): the reserved failure stays counted. */
  failed(): Promise<void>;
}

const DEFAULTS: Required<RateLimitOptions> = {
  perAccount: 10,
  perAddress: 50,
  windowMs: 15 * 60_000,
  concurrentPerAccount: 2,
};

/**
 * A reservation older than this no longer counts as running (its server died mid-check); it stays a failure.
 * A password check takes well under a second.
 */
export const RUNNING_STALE_MS = 60_000;

/** The account key of the limiter: the same for login, password change and email change. */
export function limiterAccount(namespace: string, email: string): string {
  return `${namespace}:${email.trim().toLowerCase()}`;
}

type Db = Kysely<AccountDatabase> | Transaction<AccountDatabase>;

export class FailureLimiter {
  private readonly limits: Required<RateLimitOptions>;
  private lastSweep = Number.NEGATIVE_INFINITY;
  /**
   * scope keeps limiters with other limits apart in the shared table (login checks, reset mails).
   * Keys are stored hashed: the table holds no email or address.
   */
  constructor(
    private readonly db: Kysely<AccountDatabase>,
    options: RateLimitOptions = {},
    private readonly now: () => number = Date.now,
    private readonly scope = 'login',
  ) {
    this.limits = { ...DEFAULTS, ...options };
  }

  private accountKey(account: string): string {
    return sha256Hex(`${this.scope}|a:${account}`);
  }

  private addressKey(address: string): string {
    return sha256Hex(`${this.scope}|ip:${address}`);
  }

  private async count(db: Db, key: string, since: number, runningOnly = false): Promise<number> {
    let query = db
      .selectFrom('limiter_failures')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('key', '=', key)
      .where('at', '>', since);
    if (runningOnly) query = query.where('running', '=', 1);
    return Number((await query.executeTakeFirst())?.n ?? 0);
  }

  private async blocked(db: Db, account: string, address: string, at: number): Promise<boolean> {
    const since = at - this.limits.windowMs;
    return (
      (await this.count(db, this.accountKey(account), since)) >= this.limits.perAccount ||
      (await this.count(db, this.addressKey(address), since)) >= this.limits.perAddress
    );
  }

  /**
   * Runs work in a transaction holding the keys' rows: an upsert locks the row in PostgreSQL until commit, so two
   * servers checking one key take turns (SQLite runs one transaction at a time anyway). Sorted, so never deadlocked.
   */
  private locked<T>(keys: string[], at: number, work: (trx: Transaction<AccountDatabase>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      for (const key of [...keys].sort())
        await trx
          .insertInto('limiter_keys')
          .values({ key, touched_at: at })
          .onConflict((oc) => oc.column('key').doUpdateSet({ touched_at: at }))
          .execute();
      return work(trx);
    });
  }

  /**
   * Deletes expired failures (of every limiter) and idle key rows, at most ten times a window, so the tables hold
   * about one window's worth. A key row only serves as a lock: deleting one is always safe.
   */
  private async sweep(at: number): Promise<void> {
    if (at - this.lastSweep < this.limits.windowMs / 10) return;
    this.lastSweep = at;
    await this.db.deleteFrom('limiter_failures').where('expires_at', '<=', at).execute();
    await this.db
      .deleteFrom('limiter_keys')
      .where('touched_at', '<=', at - RUNNING_STALE_MS)
      .execute();
  }

  /** Records one failure of the account and the address unless either is blocked; null when blocked. */
  private async reserve(account: string, address: string, running: 0 | 1): Promise<[string, string] | null> {
    const at = this.now();
    await this.sweep(at);
    const accountKey = this.accountKey(account);
    const addressKey = this.addressKey(address);
    return this.locked([accountKey, addressKey], at, async (trx) => {
      if (
        running &&
        (await this.count(trx, accountKey, at - RUNNING_STALE_MS, true)) >= this.limits.concurrentPerAccount
      )
        return null;
      if (await this.blocked(trx, account, address, at)) return null;
      const ids: [string, string] = [randomBytes(12).toString('hex'), randomBytes(12).toString('hex')];
      await trx
        .insertInto('limiter_failures')
        .values([
          { id: ids[0], key: accountKey, at, running, expires_at: at + this.limits.windowMs },
          { id: ids[1], key: addressKey, at, running: 0, expires_at: at + this.limits.windowMs },
        ])
        .execute();
      return ids;
    });
  }

  /** Whether either the account or the address has used up its failures. */
  isBlocked(account: string, address: string): Promise<boolean> {
    return this.blocked(this.db, account, address, this.now());
  }

  /** Counts one failure unless the account or address is blocked already; false when it is (nothing counted). */
  async consume(account: string, address: string): Promise<boolean> {
    return (await this.reserve(account, address, 0)) !== null;
  }

  /**
   * Reserves one password check, counted as a failure before the hash runs, so parallel guesses cannot all pass the
   * limit before any of them is recorded. Null when blocked (XE13): too many failures, or too many checks running.
   */
  async attempt(account: string, address: string): Promise<LimitTicket | null> {
    const ids = await this.reserve(account, address, 1);
    if (!ids) return null;
    const [accountId, addressId] = ids;
    const accountKey = this.accountKey(account);
    let settled = false;
    return {
      failed: async () => {
        if (settled) return;
        settled = true;
        await this.db.updateTable('limiter_failures').set({ running: 0 }).where('id', '=', accountId).execute();
      },
      succeeded: async () => {
        if (settled) return;
        settled = true;
        // Forget the account's failures, but not the reservations of checks still running beside this one.
        await this.locked([accountKey], this.now(), async (trx) => {
          await trx
            .deleteFrom('limiter_failures')
            .where('key', '=', accountKey)
            .where((eb) => eb.or([eb('running', '=', 0), eb('id', '=', accountId)]))
            .execute();
          await trx.deleteFrom('limiter_failures').where('id', '=', addressId).execute();
        });
      },
    };
  }

  /** Whether any failure of the account is remembered (tests: what a success forgot). */
  async remembers(account: string): Promise<boolean> {
    return (await this.count(this.db, this.accountKey(account), Number.MIN_SAFE_INTEGER)) > 0;
  }
}
