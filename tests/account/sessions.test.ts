// Sessions end after an idle time and after a maximum age; the last use is written at most once a minute.
import Database from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMigrationProvider, migrateAccountDb } from '../../server/account/db/migrations';
import { sha256Hex } from '../../server/account/security/tokens';
import { SESSION_IDLE_MS, SESSION_MAX_AGE_MS, SESSION_TOUCH_MS } from '../../server/account/service/sessions';
import { PROJECT, type TestServer, loginAs, registerVerified, startAccountServer } from './helpers';

const DAY_MS = 24 * 60 * 60_000;
let server: TestServer;
let clock = Date.UTC(2026, 0, 1);
beforeAll(async () => {
  server = await startAccountServer({ now: () => clock });
});
afterAll(async () => server.close());

const getData = (session: { id: string; hash: string }) =>
  server.post('/v4/getdata', { loggedIn: session, project: PROJECT });

/** The stored row, read through the service's own database (SQLite or PostgreSQL). */
function storedSession(hash: string): Promise<{ created_at: number; last_seen_at: number } | undefined> {
  return server.handle.db
    .selectFrom('sessions')
    .select(['created_at', 'last_seen_at'])
    .where('token_hash', '=', sha256Hex(hash))
    .executeTakeFirst();
}

describe('session lifetime', () => {
  it('A6-1 a session unused for 30 days ends and its row is deleted; using it keeps it alive', async () => {
    expect(SESSION_IDLE_MS).toBe(30 * DAY_MS);
    await registerVerified(server, 'idle@example.kz');
    const session = await loginAs(server, 'idle@example.kz');
    clock += 29 * DAY_MS;
    expect((await getData(session)).body.profile).toBeDefined();
    clock += 29 * DAY_MS; // 58 days after login, 29 after the last use
    expect((await getData(session)).body.profile).toBeDefined();
    clock += SESSION_IDLE_MS;
    expect((await getData(session)).body).toEqual({ err: 'XE1' });
    expect(await storedSession(session.hash)).toBeUndefined();
  });

  it('A6-1 a session ends 90 days after login however often it is used', async () => {
    expect(SESSION_MAX_AGE_MS).toBe(90 * DAY_MS);
    await registerVerified(server, 'old@example.kz');
    const session = await loginAs(server, 'old@example.kz');
    for (let day = 20; day < 90; day += 20) {
      clock += 20 * DAY_MS;
      expect((await getData(session)).body.profile).toBeDefined();
    }
    clock += 10 * DAY_MS; // day 90
    expect((await getData(session)).body).toEqual({ err: 'XE1' });
    expect(await storedSession(session.hash)).toBeUndefined();
    expect((await loginAs(server, 'old@example.kz')).hash).not.toBe(session.hash); // logging in again works
  });

  it('A6-1 the last use is written at most once a minute', async () => {
    await registerVerified(server, 'touch@example.kz');
    const session = await loginAs(server, 'touch@example.kz');
    const loggedInAt = clock;
    expect(await storedSession(session.hash)).toEqual({ created_at: loggedInAt, last_seen_at: loggedInAt });
    clock += SESSION_TOUCH_MS - 1;
    await getData(session);
    expect((await storedSession(session.hash))?.last_seen_at).toBe(loggedInAt);
    clock += 1;
    await getData(session);
    expect((await storedSession(session.hash))?.last_seen_at).toBe(clock);
  });

  it('A6-1 logging in deletes the account’s expired sessions', async () => {
    await registerVerified(server, 'pile@example.kz');
    const stale = await loginAs(server, 'pile@example.kz');
    clock += SESSION_IDLE_MS + DAY_MS;
    await loginAs(server, 'pile@example.kz');
    expect(await storedSession(stale.hash)).toBeUndefined();
  });
});

describe('session migration', () => {
  it('A6-1 sessions made before last_seen_at existed count as last seen when they were made', async () => {
    const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
    try {
      await new Migrator({ db, provider: accountMigrationProvider }).migrateTo('2025_01_002_terms_seed');
      // biome-ignore lint/suspicious/noExplicitAny: rows of the old schema
      const old = db as Kysely<any>;
      await old
        .insertInto('users')
        .values({
          id: 'u1',
          namespace: 'ns',
          email: 'a@example.kz',
          email_key: 'a@example.kz',
          name: 'A',
          password_hash: null,
          status: 1,
          email_verified: 1,
          created_at: 1000,
          updated_at: 1000,
        })
        .execute();
      await old.insertInto('sessions').values({ token_hash: 'h', user_id: 'u1', created_at: 1234 }).execute();
      await migrateAccountDb(db);
      expect(await old.selectFrom('sessions').select(['created_at', 'last_seen_at']).execute()).toEqual([
        { created_at: 1234, last_seen_at: 1234 },
      ]);
    } finally {
      await db.destroy();
    }
  });
});
