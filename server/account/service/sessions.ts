// Sessions: the account `hash` is a 160-bit random token; the database keeps only its SHA-256 (A6-1). A session
// ends after SESSION_IDLE_MS without use or SESSION_MAX_AGE_MS after login, whichever comes first (ASVS 3.3).
import type { UsersTable } from '../db/schema';
import { randomToken, safeEqual, sha256Hex } from '../security/tokens';
import { type ServiceContext, isRecord } from './context';

/** A session unused this long ends. */
export const SESSION_IDLE_MS = 30 * 24 * 60 * 60_000;
/** A session this old ends however often it is used: the user logs in again. */
export const SESSION_MAX_AGE_MS = 90 * 24 * 60 * 60_000;
/** last_seen_at is written at most this often per session, so reads do not each cost a write. */
export const SESSION_TOUCH_MS = 60_000;

function isExpired(session: { created_at: number; last_seen_at: number }, now: number): boolean {
  return (
    now - Number(session.last_seen_at) >= SESSION_IDLE_MS || now - Number(session.created_at) >= SESSION_MAX_AGE_MS
  );
}

export async function createSession(ctx: ServiceContext, userId: string): Promise<string> {
  const token = randomToken();
  const now = ctx.now();
  // The user's expired sessions go now, so sessions never used again do not pile up.
  await ctx.db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([eb('last_seen_at', '<=', now - SESSION_IDLE_MS), eb('created_at', '<=', now - SESSION_MAX_AGE_MS)]),
    )
    .execute();
  await ctx.db
    .insertInto('sessions')
    .values({ token_hash: sha256Hex(token), user_id: userId, created_at: now, last_seen_at: now })
    .execute();
  return token;
}

/** The user behind id + hash, or null when the pair is not a live session; an expired session is deleted. */
export async function authenticate(ctx: ServiceContext, id: unknown, hash: unknown): Promise<UsersTable | null> {
  if (typeof id !== 'string' || typeof hash !== 'string' || hash.length === 0 || hash.length > 128) return null;
  const tokenHash = sha256Hex(hash);
  const session = await ctx.db
    .selectFrom('sessions')
    .select(['user_id', 'created_at', 'last_seen_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!session || !safeEqual(session.user_id, id)) return null;
  const now = ctx.now();
  if (isExpired(session, now)) {
    await ctx.db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
    return null;
  }
  if (now - Number(session.last_seen_at) >= SESSION_TOUCH_MS)
    await ctx.db
      .updateTable('sessions')
      .set({ last_seen_at: now })
      .where('token_hash', '=', tokenHash)
      .where('last_seen_at', '<', now)
      .execute();
  return (await ctx.db.selectFrom('users').selectAll().where('id', '=', session.user_id).executeTakeFirst()) ?? null;
}

/** A6-1: loggedIn from the body, or Basic id:hash from the authorization header. */
export function credentialsOf(body: unknown, authorization: string | undefined): { id: unknown; hash: unknown } | null {
  if (isRecord(body) && isRecord(body.loggedIn)) return { id: body.loggedIn.id, hash: body.loggedIn.hash };
  return basicCredentials(authorization);
}

export function basicCredentials(authorization: string | undefined): { id: string; hash: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(authorization ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { id: decoded.slice(0, colon), hash: decoded.slice(colon + 1) };
}

export async function endSession(ctx: ServiceContext, hash: string): Promise<void> {
  await ctx.db.deleteFrom('sessions').where('token_hash', '=', sha256Hex(hash)).execute();
}

/** Ends every session of a user, or all but one (the one changing its password). */
export async function endAllSessions(ctx: ServiceContext, userId: string, keepHash?: string): Promise<void> {
  let query = ctx.db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepHash) query = query.where('token_hash', '!=', sha256Hex(keepHash));
  await query.execute();
}
