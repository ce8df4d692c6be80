// Two account servers on one PostgreSQL database, as two edges behind a load balancer: what one knows, the other
// knows (accounts, sessions, spent captchas, failed password checks). Runs in the account-postgres project only.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresAccountDb } from '../../server/account/db/postgres';
import type { AccountDatabase } from '../../server/account/db/schema';
import { passwordCheckCount } from '../../server/account/security/password';
import {
  GOOD_PASSWORD,
  NS,
  PROJECT,
  type TestServer,
  lastMail,
  linkParams,
  loginAs,
  startAccountServer,
} from './helpers';
import { createTestDatabase, type TestDatabase } from './postgres';

const PER_ACCOUNT = 4;
let database: TestDatabase;
const pools: Kysely<AccountDatabase>[] = [];
let east: TestServer;
let west: TestServer;

/** An edge with its own connection pool, as a separate process would have; both share the captcha secret. */
async function edge(): Promise<TestServer> {
  const db = openPostgresAccountDb(database.url);
  pools.push(db);
  return startAccountServer({
    db,
    secret: 'shared-edge-secret',
    rateLimit: { perAccount: PER_ACCOUNT, perAddress: 1000, windowMs: 60_000 },
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  // Started together on an empty database, as a deployment's edges would be: both migrate at once.
  [east, west] = await Promise.all([edge(), edge()]);
});
afterAll(async () => {
  await east?.close();
  await west?.close();
  for (const pool of pools) await pool.destroy();
  await database?.drop();
});

const loginOn = (server: TestServer, email: string, password: string) =>
  server.post('/v3/login', { email, password, namespace: NS, project: PROJECT });

async function register(on: TestServer, email: string, captcha: string) {
  return on.post('/v3/registration', {
    email,
    password: GOOD_PASSWORD,
    name: 'Aigul_K',
    captcha,
    termsofservice: true,
    touApproval: true,
    ppApproval: true,
    namespace: NS,
    project: PROJECT,
  });
}

describe('two servers on one PostgreSQL', () => {
  it('A7-4 A7-5 A7-3 registration on one server, verification and login on the other; the session works on both', async () => {
    const captcha = await east.captcha();
    expect((await register(west, 'edges@example.kz', captcha)).body).toEqual({ r: 'XY1' });
    // The spent captcha is spent on every server.
    expect((await register(east, 'edges2@example.kz', captcha)).body).toEqual({ err: 'XE2' });
    const params = linkParams((await lastMail(west, 'edges@example.kz')).body);
    const verified = await east.post('/v3/verification', {
      t: 'verifyAccount',
      c: params.get('c'),
      i: params.get('i'),
      namespace: NS,
    });
    expect(verified.body).toMatchObject({ r: 'XY1' });
    const session = await loginAs(east, 'edges@example.kz');
    expect((await west.post('/v4/getdata', { loggedIn: session, project: PROJECT })).body.profile).toBeDefined();
    expect((await west.post('/v3/logout', { loggedIn: session })).body).toEqual({ r: 'XY1' });
    expect((await east.post('/v4/getdata', { loggedIn: session, project: PROJECT })).body).toEqual({ err: 'XE1' });
  });

  it('A8-2 failed logins on one server count on the other: past the limit both answer XE13', async () => {
    const captcha = await west.captcha();
    expect((await register(east, 'guess@example.kz', captcha)).body).toEqual({ r: 'XY1' });
    for (let i = 0; i < PER_ACCOUNT; i += 1)
      expect((await loginOn(i % 2 ? east : west, 'guess@example.kz', `Wrong_pass${i}`)).body).toEqual({ err: 'XE1' });
    expect((await loginOn(east, 'guess@example.kz', GOOD_PASSWORD)).body).toEqual({ err: 'XE13' });
    expect((await loginOn(west, 'guess@example.kz', GOOD_PASSWORD)).body).toEqual({ err: 'XE13' });
  });

  it('A8-2 parallel wrong guesses spread over both servers reach scrypt no more often than the limit', async () => {
    const captcha = await east.captcha();
    expect((await register(east, 'burst2@example.kz', captcha)).body).toEqual({ r: 'XY1' });
    const before = passwordCheckCount.value;
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => loginOn(i % 2 ? east : west, 'burst2@example.kz', `Wrong_pass${i}`)),
    );
    expect(passwordCheckCount.value - before).toBeLessThanOrEqual(PER_ACCOUNT);
    expect(answers.filter((a) => a.body.err === 'XE13').length).toBeGreaterThanOrEqual(30 - PER_ACCOUNT);
  });
});
