// Self-hosted proof-of-work captcha in the ALTCHA style: the service picks a secret number n ≤ maxnumber and sends
// SHA-256(salt + n) with an HMAC signature; the browser searches for n. A solution is accepted once, before expiry.
import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CaptchaChallenge, CaptchaSolution } from '../../src/wire/account';
import type { AccountDatabase } from './db/schema';
import { safeEqual } from './security/tokens';

export const DEFAULT_CAPTCHA_MAX_NUMBER = 100_000;
const CHALLENGE_TTL_MS = 10 * 60_000;

export interface CaptchaOptions {
  secret: string;
  maxNumber?: number;
  now?: () => number;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export class Captcha {
  constructor(
    private readonly db: Kysely<AccountDatabase>,
    private readonly options: CaptchaOptions,
  ) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  private sign(challenge: string): string {
    return createHmac('sha256', this.options.secret).update(challenge).digest('hex');
  }

  createChallenge(): CaptchaChallenge {
    const maxnumber = this.options.maxNumber ?? DEFAULT_CAPTCHA_MAX_NUMBER;
    const expires = Math.floor((this.now() + CHALLENGE_TTL_MS) / 1000);
    const salt = `${randomBytes(12).toString('hex')}?expires=${expires}`;
    const challenge = sha256(salt + randomInt(0, maxnumber + 1));
    return { algorithm: 'SHA-256', challenge, salt, maxnumber, signature: this.sign(challenge) };
  }

  /** Checks a base64 JSON solution; a valid one is spent so it cannot be used again. */
  async verify(payload: unknown): Promise<boolean> {
    if (typeof payload !== 'string' || payload.length === 0 || payload.length > 2048) return false;
    let solution: Partial<CaptchaSolution>;
    try {
      solution = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
    } catch {
      return false;
    }
    const { algorithm, challenge, salt, number, signature } = solution ?? {};
    if (algorithm !== 'SHA-256' || typeof challenge !== 'string' || typeof salt !== 'string') return false;
    if (typeof signature !== 'string' || typeof number !== 'number' || !Number.isInteger(number)) return false;
    const expires = Number(/[?&]expires=(\d+)/.exec(salt)?.[1] ?? 0) * 1000;
    if (!(expires > this.now())) return false;
    if (!safeEqual(this.sign(challenge), signature)) return false;
    if (!safeEqual(sha256(salt + number), challenge)) return false;
    await this.db.deleteFrom('captcha_spent').where('expires_at', '<', this.now()).execute();
    const inserted = await this.db
      .insertInto('captcha_spent')
      .values({ signature, expires_at: expires })
      .onConflict((oc) => oc.column('signature').doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  }
}
