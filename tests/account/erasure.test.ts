// Codes only in the sent mail, and nothing of a deleted account left readable in the SQLite file or its WAL.
import { readFileSync, existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../cli/commands/outbox';
import { accountMigrationProvider, migrateAccountDb } from '../../server/account/db/migrations';
import { REDACTED_CODE, redactCodes } from '../../server/account/mail/outbox';
import {
  NS,
  PROJECT,
  type TestServer,
  lastMail,
  linkParams,
  loginAs,
  registerVerified,
  startAccountServer,
} from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startAccountServer();
});
afterAll(async () => server.close());

function storedBodies(): string[] {
  const db = new Database(server.dbFile, { readonly: true });
  try {
    return (db.prepare('select body from outbox').all() as { body: string }[]).map((row) => row.body);
  } finally {
    db.close();
  }
}

/** The raw bytes of the database file and its WAL, as SQLite left them on disk. */
function diskBytes(): Buffer {
  const wal = `${server.dbFile}-wal`;
  return Buffer.concat([readFileSync(server.dbFile), existsSync(wal) ? readFileSync(wal) : Buffer.alloc(0)]);
}

async function requestReset(email: string): Promise<string> {
  await server.post('/v3/forgottenpassword', { email, namespace: NS, p: PROJECT });
  return linkParams((await lastMail(server, email)).body).get('c') as string;
}

describe('emailed codes at rest', () => {
  it('A5-6 the outbox table keeps links without their codes; the dev outbox shows them whole', async () => {
    await registerVerified(server, 'codes@example.kz');
    const code = await requestReset('codes@example.kz');
    expect(code).toMatch(/^[0-9a-f]{40}$/); // the dev outbox (memory, dev mode only) has the working link
    const bodies = storedBodies();
    expect(bodies.join('\n')).not.toContain(code);
    expect(bodies.some((body) => body.includes(`c=${REDACTED_CODE}`))).toBe(true);
    const printed = await readOutbox({ db: server.dbFile, to: 'codes@example.kz' });
    expect(printed).toContain('forgottenPassword');
    expect(printed).not.toContain(code);
  });

  it('A5-6 redaction removes the code parameter of every link and leaves other text alone', () => {
    expect(redactCodes('Open:\nhttp://x.kz/kz/account/reset?i=abc&c=0123456789abcdef\n\nBye c=1')).toBe(
      `Open:\nhttp://x.kz/kz/account/reset?i=abc&c=${REDACTED_CODE}\n\nBye c=1`,
    );
    expect(redactCodes('https://x.kz/v?t=verifyEmail&c=ff&i=1')).toBe(
      `https://x.kz/v?t=verifyEmail&c=${REDACTED_CODE}&i=1`,
    );
  });

  it('A5-6 mail recorded before codes were removed loses them when the database is migrated', async () => {
    const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
    try {
      await new Migrator({ db, provider: accountMigrationProvider }).migrateTo('2025_02_003_session_last_seen');
      // biome-ignore lint/suspicious/noExplicitAny: rows of the old schema
      const old = db as Kysely<any>;
      const row = {
        to_address: 'old@example.kz',
        kind: 'verify',
        subject: 's',
        created_at: 1,
        sent_at: null,
        error: null,
      };
      await old
        .insertInto('outbox')
        .values([
          { ...row, id: 'a', body: `Open:\nhttp://x.kz/kz/account/verify?t=verifyAccount&i=u1&c=${'a'.repeat(40)}\n` },
          { ...row, id: 'b', body: 'No link here.' },
        ])
        .execute();
      await migrateAccountDb(db);
      expect(await old.selectFrom('outbox').select(['id', 'body']).orderBy('id').execute()).toEqual([
        { id: 'a', body: `Open:\nhttp://x.kz/kz/account/verify?t=verifyAccount&i=u1&c=${REDACTED_CODE}\n` },
        { id: 'b', body: 'No link here.' },
      ]);
    } finally {
      await db.destroy();
    }
  });

  it('A3-7 without dev mode nothing is kept whole in memory', async () => {
    const production = await startAccountServer({ dev: false });
    try {
      await production.post('/v3/forgottenpassword', { email: 'none@example.kz', namespace: NS, p: PROJECT });
      expect(production.handle.mailer.devOutbox()).toEqual([]);
    } finally {
      await production.close();
    }
  });
});

describe('account deletion', () => {
  it('A7-6 after deletion the database file and its WAL hold neither the email, a code nor the data', async () => {
    const email = 'erase.me.7f3a@example.kz';
    const payload = 'payload-6b1d0c2e-stored-by-erase-me';
    await registerVerified(server, email);
    const session = await loginAs(server, email);
    const stored = await server.post('/v3/storemergeddata', {
      loggedIn: session,
      key: 'privateData',
      dataDiff: { merge: { note: payload }, unmerge: [] },
      project: PROJECT,
    });
    expect(stored.body.r).toBe('XY1');
    const code = await requestReset(email);
    expect(diskBytes().includes(email)).toBe(true); // the check below can see what it looks for

    expect((await server.post('/v3/deleteaccount', { loggedIn: session })).body).toEqual({ r: 'XY1' });
    await server.handle.idle();

    const bytes = diskBytes();
    for (const secret of [email, code, payload, session.id]) expect(bytes.includes(secret)).toBe(false);
    expect(await readOutbox({ db: server.dbFile, to: email })).toBe('No messages.');
    // The confirmation is sent (dev outbox) but not recorded.
    expect((await lastMail(server, email)).kind).toBe('deleteAccount');
  });
});
