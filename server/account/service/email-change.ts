// User fields (A7-12) and the email change it starts: a name changes at once; a new email needs the current password,
// waits in users.pending_email and replaces the account's email only when the new address confirms it (A7-5
// verifyEmail). Neither the answer nor the mail tells whether the new address belongs to another account.
import { isAcceptableEmail, isNickname, isVerificationCode } from '../../../src/domain/account-validation';
import type { UsersTable } from '../db/schema';
import { verifyPassword } from '../security/password';
import { type FailureLimiter, limiterAccount } from '../security/rate-limit';
import { consumeCode, issueCode } from './codes';
import { type ServiceContext, emailKey, link } from './context';
import { LegacyFailure } from './errors';
import { checkPasswordLimited } from './password-check';
import { findUser, findUserByEmail, isUniqueViolation } from './users';

/** Email-change requests (each may mail the new address) per account per hour; one more answers XE13 (A8-2). */
export const EMAIL_CHANGE_REQUESTS_PER_HOUR = 3;
const HOUR_MS = 60 * 60_000;

export interface UpdateUserInput {
  name?: unknown;
  email?: unknown;
  /** The current password: required when the email changes. */
  password?: unknown;
  /** The client's address, for the failure limiter. */
  address: string;
}

/** A mail to send after answering, so its cost does not show in the answer's timing. */
export type LaterMail = () => Promise<void>;

/**
 * A7-12. Every check runs before anything is written: a refused email change leaves the name alone too.
 * Returns the confirmation mail to send, or null (no email change, or the new address is taken).
 */
export async function updateUser(
  ctx: ServiceContext,
  limiter: FailureLimiter,
  user: UsersTable,
  input: UpdateUserInput,
): Promise<LaterMail | null> {
  if (input.name !== undefined && (typeof input.name !== 'string' || !isNickname(input.name)))
    throw new LegacyFailure('XE11');
  const name = input.name as string | undefined;
  if (input.email !== undefined && (typeof input.email !== 'string' || !isAcceptableEmail(input.email)))
    throw new LegacyFailure('XE11');
  const email = input.email === undefined ? null : (input.email as string).trim();
  const changesEmail = email !== null && emailKey(email) !== user.email_key;

  if (changesEmail) {
    await checkCurrentPassword(limiter, user, input.password, input.address);
    if ((await recentRequests(ctx, user.id)) >= EMAIL_CHANGE_REQUESTS_PER_HOUR) throw new LegacyFailure('XE13');
  }
  if (name === undefined && !changesEmail) return null;

  const now = ctx.now();
  const code = await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({
        ...(name === undefined ? {} : { name }),
        ...(changesEmail ? { pending_email: email, pending_email_at: now } : {}),
        updated_at: now,
      })
      .where('id', '=', user.id)
      .execute();
    if (!changesEmail) return null;
    // Only the newest request's code confirms: an older link, mailed to another address, must not confirm this one.
    await trx
      .updateTable('codes')
      .set({ used_at: now })
      .where('user_id', '=', user.id)
      .where('kind', '=', 'verifyEmail')
      .where('used_at', 'is', null)
      .execute();
    // Issued for a taken address too (never sent), so the request counts against the hourly limit either way.
    return issueCode({ ...ctx, db: trx }, user.id, 'verifyEmail', ctx.settings.verifyCodeTtlMs);
  });
  if (!code || !email) return null;
  const taken = await findUserByEmail(ctx, user.namespace, email);
  if (taken && taken.id !== user.id) return null;
  return async () => {
    await ctx.mailer.send('verifyEmail', email, {
      name: name ?? user.name,
      link: link(ctx, '/account/verify', { t: 'verifyEmail', i: user.id, c: code }),
    });
  };
}

/**
 * XE5 when the password is missing or wrong (a wrong one counts as a failed login for the limiter, which answers
 * XE13 while the account or address is blocked), and for accounts made through a provider, which have no password:
 * they set one through forgotten password first.
 */
async function checkCurrentPassword(
  limiter: FailureLimiter,
  user: UsersTable,
  password: unknown,
  address: string,
): Promise<void> {
  const stored = user.password_hash;
  if (!stored || typeof password !== 'string' || password === '') throw new LegacyFailure('XE5');
  const account = limiterAccount(user.namespace, user.email);
  if (!(await checkPasswordLimited(limiter, account, address, () => verifyPassword(password, stored))))
    throw new LegacyFailure('XE5');
}

async function recentRequests(ctx: ServiceContext, userId: string): Promise<number> {
  const row = await ctx.db
    .selectFrom('codes')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('kind', '=', 'verifyEmail')
    .where('created_at', '>', ctx.now() - HOUR_MS)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * A7-5 verifyEmail: the pending email becomes the account's, confirmed. XE5 for a wrong, used or expired code; XE3
 * when the address now belongs to another account, and the account keeps its email.
 */
export async function confirmEmailChange(ctx: ServiceContext, id: string, code: string): Promise<void> {
  if (!isVerificationCode(code)) throw new LegacyFailure('XE5'); // A5-6
  if (!(await consumeCode(ctx, id, 'verifyEmail', code))) throw new LegacyFailure('XE5');
  const user = await findUser(ctx, id);
  if (!user) throw new LegacyFailure('XE5');
  const pending = user.pending_email;
  if (!pending) {
    // A code from before email changes waited: it was mailed to the account's current email, which it confirms.
    await ctx.db.updateTable('users').set({ email_verified: 1, updated_at: ctx.now() }).where('id', '=', id).execute();
    return;
  }
  const other = await findUserByEmail(ctx, user.namespace, pending);
  if (other && other.id !== id) throw new LegacyFailure('XE3');
  try {
    const result = await ctx.db
      .updateTable('users')
      .set({
        email: pending,
        email_key: emailKey(pending),
        email_verified: 1,
        pending_email: null,
        pending_email_at: null,
        updated_at: ctx.now(),
      })
      .where('id', '=', id)
      .where('pending_email', '=', pending)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new LegacyFailure('XE5'); // a newer request replaced it meanwhile
  } catch (error) {
    if (isUniqueViolation(error)) throw new LegacyFailure('XE3');
    throw error;
  }
}
