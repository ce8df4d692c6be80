// Registration, login, verification, passwords and deletion (A7-2…A7-9); user fields: email-change.ts.
import { isNewPassword, isOldPassword, isVerificationCode } from '../../../src/domain/account-validation';
import { ACCOUNT_STATUS, type TermsAgreements } from '../../../src/wire/account';
import { eraseDeletedRows } from '../db/open';
import type { UsersTable } from '../db/schema';
import { hashPassword, needsRehash, verifyPassword } from '../security/password';
import { type FailureLimiter, limiterAccount } from '../security/rate-limit';
import { randomId } from '../security/tokens';
import { consumeCode, issueCode } from './codes';
import { agreeToTerms, consentReport } from './consent';
import { type ServiceContext, emailKey, link } from './context';
import { LegacyFailure } from './errors';
import { checkPasswordLimited } from './password-check';
import { createSession, endAllSessions } from './sessions';

export async function findUserByEmail(
  ctx: ServiceContext,
  namespace: string,
  email: string,
): Promise<UsersTable | null> {
  return (
    (await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('namespace', '=', namespace)
      .where('email_key', '=', emailKey(email))
      .executeTakeFirst()) ?? null
  );
}

export async function findUser(ctx: ServiceContext, id: string): Promise<UsersTable | null> {
  return (await ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

/** Compared against when the email is unknown, so a miss costs the same scrypt work as a hit. */
let dummyHash: { logN: number; hash: Promise<string> } | null = null;
function dummyHashFor(logN: number): Promise<string> {
  if (!dummyHash || dummyHash.logN !== logN)
    dummyHash = { logN, hash: hashPassword('dummy-password-never-used', logN) };
  return dummyHash.hash;
}

export function isUniqueViolation(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message} ${(error as { code?: string }).code ?? ''}` : '';
  return /UNIQUE|unique|23505|PRIMARYKEY/.test(text);
}

export interface RegistrationInput {
  email: string;
  password: string;
  name: string;
  namespace: string;
  project: number;
}

/** A7-2: a new account waits for confirmation (status 2) and gets a 'verify' email. */
export async function register(ctx: ServiceContext, input: RegistrationInput): Promise<void> {
  if (await findUserByEmail(ctx, input.namespace, input.email)) throw new LegacyFailure('XE3');
  const now = ctx.now();
  const user: UsersTable = {
    id: randomId(),
    namespace: input.namespace,
    email: input.email.trim(),
    email_key: emailKey(input.email),
    name: input.name.trim(),
    password_hash: await hashPassword(input.password, ctx.settings.scryptLogN),
    status: ACCOUNT_STATUS.registrationNotConfirmed,
    email_verified: 0,
    created_at: now,
    updated_at: now,
  };
  try {
    await ctx.db.insertInto('users').values(user).execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new LegacyFailure('XE3');
    throw error;
  }
  await agreeToTerms(ctx, user.id, input.project); // A6-1: registration always approves the terms
  const code = await issueCode(ctx, user.id, 'verifyAccount', ctx.settings.verifyCodeTtlMs);
  await ctx.mailer.send('verify', user.email, {
    name: user.name,
    link: link(ctx, '/account/verify', { t: 'verifyAccount', i: user.id, c: code }),
  });
}

export interface LoginAnswerBody {
  id: string;
  hash: string;
  status: number;
  termsAgreements: TermsAgreements;
  err?: string;
  err2?: unknown;
}

export async function loginAnswer(ctx: ServiceContext, user: UsersTable, project: number): Promise<LoginAnswerBody> {
  const report = await consentReport(ctx, user.id, project);
  const hash = await createSession(ctx, user.id);
  const answer: LoginAnswerBody = {
    id: user.id,
    hash,
    status: Number(user.status),
    termsAgreements: report.termsAgreements,
  };
  if (report.err) {
    answer.err = report.err;
    answer.err2 = report.err2;
  }
  return answer;
}

/** A7-3: limits first (XE13), a scrypt check even for unknown emails, XE4 only after a correct password. */
export async function login(
  ctx: ServiceContext,
  limiter: FailureLimiter,
  input: { email: string; password: string; namespace: string; project: number; address: string },
): Promise<LoginAnswerBody> {
  const user = await findUserByEmail(ctx, input.namespace, input.email);
  const stored = user?.password_hash ?? (await dummyHashFor(ctx.settings.scryptLogN));
  const matches = await checkPasswordLimited(
    limiter,
    limiterAccount(input.namespace, input.email),
    input.address,
    // The dummy hash is checked too, so an unknown email costs the same work, but it never matches.
    async () => (await verifyPassword(input.password, stored)) && Boolean(user?.password_hash),
  );
  if (!user?.password_hash || !matches) throw new LegacyFailure('XE1');
  if (Number(user.status) === ACCOUNT_STATUS.registrationNotConfirmed) throw new LegacyFailure('XE4'); // A4-5
  if (needsRehash(user.password_hash, ctx.settings.scryptLogN)) {
    const rehashed = await hashPassword(input.password, ctx.settings.scryptLogN);
    await ctx.db.updateTable('users').set({ password_hash: rehashed }).where('id', '=', user.id).execute();
  }
  return loginAnswer(ctx, user, input.project);
}

/** A7-5 verifyAccount confirms a registration (verifyEmail, a changed email: email-change.ts). */
export async function verify(ctx: ServiceContext, input: { c: string; i: string }): Promise<void> {
  if (!isVerificationCode(input.c)) throw new LegacyFailure('XE5'); // A5-6
  if (!(await consumeCode(ctx, input.i, 'verifyAccount', input.c))) throw new LegacyFailure('XE5');
  await ctx.db
    .updateTable('users')
    .set({ status: ACCOUNT_STATUS.verified, email_verified: 1, updated_at: ctx.now() })
    .where('id', '=', input.i)
    .execute();
}

/**
 * A7-8 with the current password: other sessions end, this one stays. The current password is checked under the
 * same limiter as login (a stolen session must not guess it freely); when it refuses, XE13.
 */
export async function changePassword(
  ctx: ServiceContext,
  limiter: FailureLimiter,
  user: UsersTable,
  input: { sessionHash: string; oldPassword: string; newPassword: string; address: string },
): Promise<void> {
  const { sessionHash, oldPassword, newPassword } = input;
  if (!isOldPassword(oldPassword) || !isNewPassword(newPassword)) throw new LegacyFailure('XE11');
  const stored = user.password_hash;
  // A wrong current password is a failed verification (XE5 → 'password invalid'), not a login mismatch, which
  // would end the session (A4-6).
  if (!stored) throw new LegacyFailure('XE5');
  const account = limiterAccount(user.namespace, user.email);
  if (!(await checkPasswordLimited(limiter, account, input.address, () => verifyPassword(oldPassword, stored))))
    throw new LegacyFailure('XE5');
  const hash = await hashPassword(newPassword, ctx.settings.scryptLogN);
  await ctx.db
    .updateTable('users')
    .set({ password_hash: hash, updated_at: ctx.now() })
    .where('id', '=', user.id)
    .execute();
  await endAllSessions(ctx, user.id, sessionHash);
}

/** A7-8 with an emailed reset code: every session ends and the email counts as confirmed. */
export async function resetPassword(ctx: ServiceContext, id: string, code: string, newPassword: string): Promise<void> {
  if (!isNewPassword(newPassword)) throw new LegacyFailure('XE11');
  if (!isVerificationCode(code) || !(await consumeCode(ctx, id, 'resetPassword', code))) throw new LegacyFailure('XE5');
  const hash = await hashPassword(newPassword, ctx.settings.scryptLogN);
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: hash, status: ACCOUNT_STATUS.verified, email_verified: 1, updated_at: ctx.now() })
      .where('id', '=', id)
      .execute();
    await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
    await trx
      .updateTable('codes')
      .set({ used_at: ctx.now() })
      .where('user_id', '=', id)
      .where('kind', '=', 'resetPassword')
      .where('used_at', 'is', null)
      .execute();
  });
}

/**
 * A7-9, A7-10: sends a reset link when the email belongs to an account. Callers answer the same either way and run
 * this after answering, so neither the answer nor its timing tells whether the email exists.
 */
export async function sendPasswordReset(ctx: ServiceContext, namespace: string, email: string): Promise<void> {
  const user = await findUserByEmail(ctx, namespace, email);
  if (!user) return;
  const code = await issueCode(ctx, user.id, 'resetPassword', ctx.settings.resetCodeTtlMs);
  await ctx.mailer.send('forgottenPassword', user.email, {
    name: user.name,
    link: link(ctx, '/account/reset', { i: user.id, c: code }),
  });
}

/**
 * A7-6: the account, its sessions, codes, connections, data and recorded mail (to its address, or linking to it) go;
 * a 'deleteAccount' message confirms it, sent but not recorded (mail/outbox.ts).
 */
export async function deleteAccount(ctx: ServiceContext, user: UsersTable): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    for (const table of ['sessions', 'codes', 'connections', 'user_data', 'terms_agreements', 'marketing'] as const)
      await trx.deleteFrom(table).where('user_id', '=', user.id).execute();
    await trx
      .deleteFrom('outbox')
      .where((eb) => eb.or([eb('to_address', '=', user.email.toLowerCase()), eb('body', 'like', `%i=${user.id}%`)]))
      .execute();
    await trx.deleteFrom('users').where('id', '=', user.id).execute();
  });
  eraseDeletedRows(ctx.db);
  await ctx.mailer.send('deleteAccount', user.email, { name: user.name });
}
