// The account database on a PostgreSQL server (`scores serve --db postgres://…`), through Kysely's PostgreSQL dialect.
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { AccountDatabase } from './schema';

/** Whether a --db value names a PostgreSQL server rather than a SQLite file. */
export function isPostgresUrl(target: string): boolean {
  return /^postgres(ql)?:\/\//i.test(target);
}

// Times are bigint columns and count(*) is bigint: pg hands int8 back as a string unless told otherwise. Account
// times (milliseconds since the epoch) and counts stay far below 2^53, so numbers are exact, as on SQLite.
const INT8_OID = 20;
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID && format !== 'binary') return (text: string) => Number(text);
    // biome-ignore lint/suspicious/noExplicitAny: pg's overloads take the same arguments
    return (pg.types.getTypeParser as any)(oid, format);
  },
};

export interface PostgresPoolOptions {
  poolSize?: number;
  /**
   * An idle pooled connection broke (the server restarted, or dropped it): the pool replaces it on next use. pg
   * throws such errors at the process when nobody listens, which would take the whole server down.
   */
  onIdleError?: (error: Error) => void;
}

export function openPostgresAccountDb(url: string, options: PostgresPoolOptions = {}): Kysely<AccountDatabase> {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10, types });
  pool.on('error', options.onIdleError ?? ((error) => console.warn(`account database: ${error.message}`)));
  return new Kysely<AccountDatabase>({ dialect: new PostgresDialect({ pool }) });
}
