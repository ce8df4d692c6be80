// Opens the account database: SQLite through better-sqlite3 (WAL) by default, or any Kysely instance given.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { migrateAccountDb } from './migrations';
import type { AccountDatabase } from './schema';

export const DEFAULT_ACCOUNT_DB_FILE = 'data/accounts.sqlite';

export function openSqliteAccountDb(file: string = DEFAULT_ACCOUNT_DB_FILE): Kysely<AccountDatabase> {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const database = new Database(file);
  if (file !== ':memory:') database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  return new Kysely<AccountDatabase>({ dialect: new SqliteDialect({ database }) });
}

/** Opens (and migrates) the SQLite database at file. */
export async function openAccountDb(file: string = DEFAULT_ACCOUNT_DB_FILE): Promise<Kysely<AccountDatabase>> {
  const db = openSqliteAccountDb(file);
  await migrateAccountDb(db as unknown as Kysely<unknown>);
  return db;
}
