// The account schema and its upserts compile for PostgreSQL too: no SQLite-only SQL.
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateAccountDb } from '../../server/account/db/migrations';
import type { AccountDatabase } from '../../server/account/db/schema';

function postgresKysely(sql: string[]) {
  return new Kysely<AccountDatabase>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
    log: (event) => {
      sql.push(event.query.sql);
    },
  });
}

describe('dialect neutrality', () => {
  it('A7-1 the versioned migrations run on the PostgreSQL dialect with portable DDL', async () => {
    const sql: string[] = [];
    await migrateAccountDb(postgresKysely(sql) as unknown as Kysely<unknown>);
    const ddl = sql.filter((s) => /^create (table|index)/i.test(s));
    expect(ddl.some((s) => s.includes('create table "users"'))).toBe(true);
    expect(ddl.some((s) => s.includes('create table "user_data"'))).toBe(true);
    expect(sql.some((s) => /insert into "terms_documents"/.test(s))).toBe(true);
    for (const statement of sql) expect(statement).not.toMatch(/autoincrement|pragma|without rowid|insert or /i);
  });

  it('A7-11 upserts compile to ON CONFLICT, which both SQLite and PostgreSQL run', () => {
    const db = postgresKysely([]);
    const compiled = db
      .insertInto('user_data')
      .values({ user_id: 'u', project_id: 47, data: '{}', private_data: '{}', version: 0, updated_at: 0 })
      .onConflict((oc) => oc.columns(['user_id', 'project_id']).doNothing())
      .compile();
    expect(compiled.sql).toContain('on conflict ("user_id", "project_id") do nothing');
  });
});
