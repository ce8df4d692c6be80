// `scores serve --db postgres://…` keeps accounts on the PostgreSQL server. Runs in the account-postgres project only.
import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresAccountDb } from '../../server/account/db/postgres';
import type { AccountDatabase } from '../../server/account/db/schema';
import { NS, PROJECT } from './helpers';
import { createTestDatabase, type TestDatabase } from './postgres';

const BIN = resolve(import.meta.dirname, '../../cli/bin.mjs');
let database: TestDatabase;
let db: Kysely<AccountDatabase>;
let child: ChildProcess | undefined;

/** Starts the CLI on a free port and resolves with its origin once it prints it. */
function serve(dbUrl: string): Promise<string> {
  const started = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--no-build', '--db', dbUrl], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = started;
  let text = '';
  return new Promise((resolvePromise, reject) => {
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      const match = /scores serve: (http:\/\/[^/\s]+)\//.exec(text);
      if (match) resolvePromise(match[1]);
    };
    started.stdout?.on('data', onData);
    started.stderr?.on('data', onData);
    started.on('exit', (code) => reject(new Error(`serve exited ${code}: ${text}`)));
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = openPostgresAccountDb(database.url);
});
afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((r) => child?.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }
  await db?.destroy();
  await database?.drop();
});

describe('scores serve --db postgres://', () => {
  it('A7-1 A8-2 migrates the PostgreSQL database and counts a failed login in it', async () => {
    const origin = await serve(database.url);
    const login = await fetch(`${origin}/v3/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.kz', password: 'Wrong_pass1', namespace: NS, project: PROJECT }),
    });
    expect(await login.json()).toEqual({ err: 'XE1' });
    expect((await db.selectFrom('terms_documents').select('version').execute()).length).toBeGreaterThan(0);
    // One failure for the account and one for the address, in the server's database.
    expect(await db.selectFrom('limiter_failures').select('running').execute()).toEqual([
      { running: 0 },
      { running: 0 },
    ]);
  });
});
