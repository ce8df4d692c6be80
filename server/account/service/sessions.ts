// Sessions: the account `hash` is a 160-bit random token; the database keeps only its SHA-256 (A6-1).
import type { UsersTable } from '../db/schema';
import { randomToken, safeEqual, sha256Hex } from '../security/tokens';
import { type ServiceContext, isRecord } from './context';

export async function createSession(ctx: ServiceContext, userId: string): Promise<string> {
  const token = randomToken();
  await ctx.db
    .insertInto('sessions')
    .values({ token_hash: sha256Hex(token), user_id: userId, created_at: ctx.now() })
    .execute();
  return token;
}

/** The user behind id + hash, or null when the pair is not a live session. */
export async function authenticate(ctx: ServiceContext, id: unknown, hash: unknown): Promise<UsersTable | null> {
  if (typeof id !== 'string' || typeof hash !== 'string' || hash.length === 0 || hash.length > 128) return null;
  const session = await ctx.db
    .selectFrom('sessions')
    .select(['user_id'])
    .where('token_hash', '=', sha256Hex(hash))
    .executeTakeFirst();
  if (!session || !safeEqual(session.user_id, id)) return null;
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
