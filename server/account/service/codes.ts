// Emailed codes (verification, password reset): 40 lowercase hex, stored as SHA-256, single use, with expiry.
import type { CodesTable } from '../db/schema';
import { randomToken, sha256Hex } from '../security/tokens';
import type { ServiceContext } from './context';

export async function issueCode(
  ctx: ServiceContext,
  userId: string,
  kind: CodesTable['kind'],
  ttlMs: number,
): Promise<string> {
  const code = randomToken();
  const now = ctx.now();
  await ctx.db
    .insertInto('codes')
    .values({
      code_hash: sha256Hex(code),
      user_id: userId,
      kind,
      expires_at: now + ttlMs,
      used_at: null,
      created_at: now,
    })
    .execute();
  return code;
}

/** Spends a code: true only for an unused, unexpired code of this kind and user, and only once. */
export async function consumeCode(
  ctx: ServiceContext,
  userId: string,
  kind: CodesTable['kind'],
  code: string,
): Promise<boolean> {
  const now = ctx.now();
  const result = await ctx.db
    .updateTable('codes')
    .set({ used_at: now })
    .where('code_hash', '=', sha256Hex(code))
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
