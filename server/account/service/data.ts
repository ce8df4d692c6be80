// Synced data per user and project (A3-11, A7-11, A7-13): merges by dotted key with compare-and-set on a version
// column, retried on conflict, so concurrent writers on any dialect lose nothing.
import { applyDataDiff } from '../../../src/wire/dotted';
import type { DataDiff, DataKey, JsonObject } from '../../../src/wire/account';
import type { ServiceContext } from './context';

const MAX_ATTEMPTS = 20;
/**
 * Stored JSON per account: data and privateData of all its projects together, so made-up project ids do not
 * multiply it. Keeps one account from filling the disk.
 */
export const MAX_STORED_DATA_BYTES = 256 * 1024;

export class DataTooLargeError extends Error {}

function parse(text: string | undefined): JsonObject {
  if (!text) return {};
  try {
    const value = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}

export async function readUserData(
  ctx: ServiceContext,
  userId: string,
  projectId: number,
): Promise<{ data: JsonObject; privateData: JsonObject }> {
  const row = await ctx.db
    .selectFrom('user_data')
    .select(['data', 'private_data'])
    .where('user_id', '=', userId)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return { data: parse(row?.data), privateData: parse(row?.private_data) };
}

/** Bytes of all the account's stored JSON once `column` of `changed` holds `next`. */
function accountBytes(
  rows: readonly { data: string; private_data: string }[],
  changed: { data: string; private_data: string },
  column: 'data' | 'private_data',
  next: string,
): number {
  let total = 0;
  for (const row of rows) {
    total += Buffer.byteLength(row === changed && column === 'data' ? next : row.data);
    total += Buffer.byteLength(row === changed && column === 'private_data' ? next : row.private_data);
  }
  return total;
}

/** Applies a diff to data or privateData in one transaction, within the account's storage cap. */
export async function mergeUserData(
  ctx: ServiceContext,
  userId: string,
  projectId: number,
  key: DataKey,
  diff: DataDiff,
): Promise<void> {
  const column = key === 'data' ? 'data' : 'private_data';
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const done = await ctx.db.transaction().execute(async (trx) => {
      // Writers of one account queue on its users row (a row lock on PostgreSQL; SQLite writes one at a time), so
      // two writes to different projects cannot both pass the cap.
      await trx
        .updateTable('users')
        .set((eb) => ({ updated_at: eb.ref('updated_at') }))
        .where('id', '=', userId)
        .execute();
      await trx
        .insertInto('user_data')
        .values({
          user_id: userId,
          project_id: projectId,
          data: '{}',
          private_data: '{}',
          version: 0,
          updated_at: ctx.now(),
        })
        .onConflict((oc) => oc.columns(['user_id', 'project_id']).doNothing())
        .execute();
      const rows = await trx
        .selectFrom('user_data')
        .select(['project_id', 'data', 'private_data', 'version'])
        .where('user_id', '=', userId)
        .execute();
      const row = rows.find((r) => Number(r.project_id) === projectId);
      if (!row) throw new Error('user data row missing after insert');
      const next = JSON.stringify(applyDataDiff(parse(row[column]), diff));
      if (accountBytes(rows, row, column, next) > MAX_STORED_DATA_BYTES) throw new DataTooLargeError();
      const result = await trx
        .updateTable('user_data')
        .set({ [column]: next, version: Number(row.version) + 1, updated_at: ctx.now() })
        .where('user_id', '=', userId)
        .where('project_id', '=', projectId)
        .where('version', '=', row.version)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    });
    if (done) return;
  }
  throw new Error('user data stayed contended');
}
