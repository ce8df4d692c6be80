// OWASP ASVS level-1 properties of the account service, checked from outside and in the database itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, passwordCheckCount, verifyPassword } from '../../server/account/security/password';
import { sha256Hex } from '../../server/account/security/tokens';
import {
  GOOD_PASSWORD,
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
let clock = Date.now();
beforeAll(async () => {
  server = await startAccountServer({
    rateLimit: { perAccount: 3, perAddress: 6, windowMs: 60_000 },
    now: () => clock,
  });
});
afterAll(async () => server.close());

const login = (email: string, password: string) =>
  server.post('/v3/login', { email, password, namespace: NS, project: PROJECT });

describe('passwords', () => {
  it('A7-2 passwords are hashed with scrypt in a self-describing, salted format; N defaults to 2^17', async () => {
    const a = await hashPassword('Qwerty_123', 4);
    const b = await hashPassword('Qwerty_123', 4);
    expect(a).toMatch(/^scrypt\$4\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(a).not.toBe(b); // salted
    expect(await verifyPassword('Qwerty_123', a)).toBe(true);
    expect(await verifyPassword('Qwerty_124', a)).toBe(false);
    expect(await verifyPassword('Qwerty_123', 'scrypt$4$8$1$bad')).toBe(false);
    expect(needsRehash(a)).toBe(true); // default parameters are N = 2^17
    expect(needsRehash(a, 4)).toBe(false);
    await registerVerified(server, 'hash@example.kz');
    const row = await server.handle.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', 'hash@example.kz')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$10\$8\$1\$/);
    expect(row.password_hash).not.toContain(GOOD_PASSWORD);
  });
});

describe('tokens and codes at rest', () => {
  it('A6-1 the session hash is stored only as its SHA-256; A5-6 emailed codes likewise', async () => {
    await registerVerified(server, 'rest@example.kz');
    const session = await loginAs(server, 'rest@example.kz');
    await server.post('/v3/forgottenpassword', { email: 'rest@example.kz', namespace: NS, p: PROJECT });
    const code = linkParams((await lastMail(server, 'rest@example.kz')).body).get('c') as string;
    // Read through the service's own database, SQLite or PostgreSQL.
    const db = server.handle.db;
    const dump = JSON.stringify([
      await db.selectFrom('sessions').selectAll().execute(),
      await db.selectFrom('codes').selectAll().execute(),
      await db.selectFrom('users').selectAll().execute(),
    ]);
    expect(dump).not.toContain(session.hash);
    expect(dump).not.toContain(code);
    const sessions = db.selectFrom('sessions').select('token_hash').where('token_hash', '=', sha256Hex(session.hash));
    expect(await sessions.execute()).toHaveLength(1);
    const codes = db.selectFrom('codes').select('code_hash').where('code_hash', '=', sha256Hex(code));
    expect(await codes.execute()).toHaveLength(1);
  });

  it('A5-6 reset codes are single use and expire', async () => {
    await registerVerified(server, 'expire@example.kz');
    await server.post('/v3/forgottenpassword', { email: 'expire@example.kz', namespace: NS, p: PROJECT });
    const params = linkParams((await lastMail(server, 'expire@example.kz')).body);
    clock += 2 * 60 * 60_000; // reset codes live one hour
    const answer = await server.post('/v3/passwordchange', {
      id: params.get('i'),
      code: params.get('c'),
      newpassword: 'Later_pass1',
    });
    expect(answer.body).toEqual({ err: 'XE5' });
  });

  it('A7-8 a password reset ends every session of the account', async () => {
    await registerVerified(server, 'reset@example.kz');
    const a = await loginAs(server, 'reset@example.kz');
    const b = await loginAs(server, 'reset@example.kz');
    await server.post('/v3/forgottenpassword', { email: 'reset@example.kz', namespace: NS, p: PROJECT });
    const params = linkParams((await lastMail(server, 'reset@example.kz')).body);
    await server.post('/v3/passwordchange', { id: params.get('i'), code: params.get('c'), newpassword: 'Fresh_pass1' });
    for (const s of [a, b])
      expect((await server.post('/v4/getdata', { loggedIn: s, project: PROJECT })).body).toEqual({ err: 'XE1' });
  });
});

describe('no user enumeration', () => {
  it('A7-9 forgottenpassword answers the same for known and unknown emails; only the known one gets mail', async () => {
    await registerVerified(server, 'known@example.kz');
    const known = await server.post('/v3/forgottenpassword', { email: 'known@example.kz', namespace: NS, p: PROJECT });
    const unknown = await server.post('/v3/forgottenpassword', {
      email: 'unknown@example.kz',
      namespace: NS,
      p: PROJECT,
    });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect((await lastMail(server, 'known@example.kz')).kind).toBe('forgottenPassword');
    await expect(lastMail(server, 'unknown@example.kz')).rejects.toThrow(/no mail/);
  });

  it('A7-3 a login for an unknown email runs the same password hash as a known one', async () => {
    const { scryptCalls } = await countScrypt(async () => {
      await login('ghost@example.kz', 'Whatever_1');
    });
    const known = await countScrypt(async () => {
      await login('known@example.kz', 'Whatever_1');
    });
    expect(scryptCalls).toBeGreaterThanOrEqual(1);
    expect(known.scryptCalls).toBe(scryptCalls);
  });
});

async function countScrypt(work: () => Promise<void>): Promise<{ scryptCalls: number }> {
  const before = passwordCheckCount.value;
  await work();
  return { scryptCalls: passwordCheckCount.value - before };
}

describe('login limits', () => {
  it('A8-2 XE13 after too many failures per account, even with the right password', async () => {
    await registerVerified(server, 'limit@example.kz');
    for (let i = 0; i < 3; i += 1)
      expect((await login('limit@example.kz', 'Wrong_pass1')).body).toEqual({ err: 'XE1' });
    expect((await login('limit@example.kz', GOOD_PASSWORD)).body).toEqual({ err: 'XE13' });
    clock += 61_000; // the window passes
    expect((await login('limit@example.kz', GOOD_PASSWORD)).body.id).toBeDefined();
  });

  it('A8-2 XE13 after too many failures from one address across accounts', async () => {
    clock += 61_000;
    for (let i = 0; i < 6; i += 1) await login(`spray${i}@example.kz`, 'Wrong_pass1');
    expect((await login('known@example.kz', GOOD_PASSWORD)).body).toEqual({ err: 'XE13' });
    clock += 61_000;
  });
});

describe('request hygiene', () => {
  it('A7-20 dotted-key merges reject __proto__, constructor and prototype', async () => {
    clock += 61_000;
    await registerVerified(server, 'proto@example.kz');
    const session = await loginAs(server, 'proto@example.kz');
    for (const dataDiff of [
      { merge: { '__proto__.polluted': 1 }, unmerge: [] },
      { merge: { 'a.constructor.prototype.polluted': 1 }, unmerge: [] },
      { merge: { 'a.prototype': 1 }, unmerge: [] },
      { merge: { a: { constructor: { prototype: { polluted: 1 } } } }, unmerge: [] },
      { merge: {}, unmerge: ['constructor'] },
      { merge: { 'a..b': 1 }, unmerge: [] },
    ]) {
      const answer = await server.post('/v3/storemergeddata', {
        loggedIn: session,
        key: 'data',
        dataDiff,
        project: PROJECT,
      });
      expect(answer.body).toEqual({ err: 'XE11' });
    }
    const raw = await fetch(`${server.url}/v3/storemergeddata`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"loggedIn":${JSON.stringify(session)},"key":"data","project":47,"dataDiff":{"merge":{"__proto__":{"polluted":1}},"unmerge":[]}}`,
    });
    expect(raw.status).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const data = await server.post('/v4/getdata', { loggedIn: session, project: PROJECT });
    expect(data.body.data).toEqual({});
  });

  it('A7-1 oversized bodies answer 413', async () => {
    const answer = await server.post('/v3/login', {
      email: 'x@example.kz',
      password: 'p'.repeat(70 * 1024),
      namespace: NS,
      project: PROJECT,
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ code: 101 });
  });

  it('A7-1 all bodies are JSON: anything else answers 415', async () => {
    for (const [type, body] of [
      ['text/plain', 'email=x'],
      ['application/x-www-form-urlencoded', 'email=x&password=y'],
      ['multipart/form-data; boundary=x', '--x--'],
    ]) {
      const response = await fetch(`${server.url}/v3/login`, {
        method: 'POST',
        headers: { 'content-type': type },
        body,
      });
      expect(response.status).toBe(415);
    }
    const broken = await fetch(`${server.url}/v3/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    expect(broken.status).toBe(400);
  });

  it('A7-1 account answers are not cached', async () => {
    const response = await fetch(`${server.url}/v3/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'x@example.kz', password: 'Wrong_1', namespace: NS, project: PROJECT }),
    });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});

describe('captcha', () => {
  it('S1-10 a solved captcha is accepted once; a forged or replayed one is XE2', async () => {
    clock += 61_000;
    const captcha = await server.captcha();
    const body = (email: string, c: string) => ({
      email,
      password: GOOD_PASSWORD,
      name: 'Nurlan',
      captcha: c,
      termsofservice: true,
      touApproval: true,
      ppApproval: true,
      namespace: NS,
      project: PROJECT,
    });
    expect((await server.post('/v3/registration', body('cap1@example.kz', captcha))).body).toEqual({ r: 'XY1' });
    expect((await server.post('/v3/registration', body('cap2@example.kz', captcha))).body).toEqual({ err: 'XE2' });
    const solution = JSON.parse(Buffer.from(await server.captcha(), 'base64').toString());
    const forged = Buffer.from(JSON.stringify({ ...solution, number: solution.number + 1 })).toString('base64');
    expect((await server.post('/v3/registration', body('cap3@example.kz', forged))).body).toEqual({ err: 'XE2' });
    const resigned = Buffer.from(JSON.stringify({ ...solution, signature: 'f'.repeat(64) })).toString('base64');
    expect((await server.post('/v3/registration', body('cap4@example.kz', resigned))).body).toEqual({ err: 'XE2' });
    const stale = await server.captcha();
    clock += 11 * 60_000; // challenges expire after ten minutes
    expect((await server.post('/v3/registration', body('cap5@example.kz', stale))).body).toEqual({ err: 'XE2' });
  });
});
