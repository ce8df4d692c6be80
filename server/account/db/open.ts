// Opens the account database: SQLite through better-sqlite3 (WAL) by default, or a PostgreSQL server by URL.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { migrateAccountDb } from './migrations';
import { isPostgresUrl, openPostgresAccountDb } from './postgres';
import type { AccountDatabase } from './schema';

export const DEFAULT_ACCOUNT_DB_FILE = 'data/accounts.sqlite';

/** The SQLite connection behind each database opened here, for what only SQLite has (the WAL). */
const sqliteOf = new WeakMap<Kysely<AccountDatabase>, Database.Database>();

export function openSqliteAccountDb(file: string = DEFAULT_ACCOUNT_DB_FILE): Kysely<AccountDatabase> {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const database = new Database(file);
  if (file !== ':memory:') database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  // Deleted rows (a deleted account, spent codes) are overwritten with zeros, not left readable in the file.
  database.pragma('secure_delete = ON');
  database.pragma('busy_timeout = 5000');
  const db = new Kysely<AccountDatabase>({ dialect: new SqliteDialect({ database }) });
  sqliteOf.set(db, database);
  return db;
}

/**
 * After deleting rows that must not stay readable: copies the WAL into the database file (where secure_delete has
 * zeroed them) and empties it, since its older frames still hold the deleted rows. Only for SQLite opened here.
 */
export function eraseDeletedRows(db: Kysely<AccountDatabase>): void {
  const database = sqliteOf.get(db);
  if (database?.open && !database.memory) database.pragma('wal_checkpoint(TRUNCATE)');
}

/** A SQLite file, or a PostgreSQL server when target is a postgres:// URL (`--db`). Not migrated. */
export function openAccountDbAt(target: string = DEFAULT_ACCOUNT_DB_FILE): Kysely<AccountDatabase> {
  return isPostgresUrl(target) ? openPostgresAccountDb(target) : openSqliteAccountDb(target);
}

/** Opens (and migrates) the account database at target: a SQLite file or a postgres:// URL. */
export async function openAccountDb(target: string = DEFAULT_ACCOUNT_DB_FILE): Promise<Kysely<AccountDatabase>> {
  const db = openAccountDbAt(target);
  await migrateAccountDb(db as unknown as Kysely<unknown>);
  return db;
}
