// Password-guessing limits that hold under concurrency, and the per-address request cap on the account API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordCheckCount } from '../../server/account/security/password';
import { FailureLimiter, type RateLimitOptions } from '../../server/account/security/rate-limit';
import { GOOD_PASSWORD, NS, PROJECT, type TestServer, loginAs, registerVerified, startAccountServer } from './helpers';

const PER_ACCOUNT = 5;
let server: TestServer;
let clock = Date.now();
beforeAll(async () => {
  server = await startAccountServer({
    rateLimit: { perAccount: PER_ACCOUNT, perAddress: 1000, windowMs: 60_000 },
    scryptLogN: 14, // slow enough that all forty guesses arrive while the first checks still run
    now: () => clock,
  });
});
afterAll(async () => server.close());

const login = (email: string, password: string) =>
  server.post('/v3/login', { email, password, namespace: NS, project: PROJECT });

async function countChecks(work: () => Promise<void>): Promise<number> {
  const before = passwordCheckCount.value;
  await work();
  return passwordCheckCount.value - before;
}

describe('failure limiter', () => {
  // Limiters over the test server's own database (SQLite, or PostgreSQL in the account-postgres project).
  const limiterWith = (options: RateLimitOptions) => new FailureLimiter(server.handle.db, options, () => clock);

  it('A8-2 an attempt is counted before the check, so no more checks start than failures are allowed', async () => {
    const limiter = limiterWith({ perAccount: 3, concurrentPerAccount: 10 });
    const tickets = await Promise.all(Array.from({ length: 10 }, () => limiter.attempt('ns:a@example.kz', '10.0.0.1')));
    expect(tickets.filter(Boolean)).toHaveLength(3);
    for (const ticket of tickets) await ticket?.failed();
    expect(await limiter.attempt('ns:a@example.kz', '10.0.0.1')).toBeNull();
  });

  it('A8-2 at most two checks of one account run at once; a success forgets the account failures', async () => {
    const limiter = limiterWith({ perAccount: 10 });
    const first = await limiter.attempt('ns:b@example.kz', '10.0.0.1');
    const second = await limiter.attempt('ns:b@example.kz', '10.0.0.2');
    expect(await limiter.attempt('ns:b@example.kz', '10.0.0.3')).toBeNull();
    await first?.failed();
    await first?.succeeded(); // only the first outcome counts
    const third = await limiter.attempt('ns:b@example.kz', '10.0.0.3');
    expect(third).not.toBeNull();
    await second?.succeeded();
    await third?.failed();
    expect(await limiter.remembers('ns:b@example.kz')).toBe(true);
    await (await limiter.attempt('ns:b@example.kz', '10.0.0.1'))?.succeeded();
    expect(await limiter.remembers('ns:b@example.kz')).toBe(false);
  });

  it('A8-2 failures older than the window leave the table; the table holds no email or address', async () => {
    const limiter = limiterWith({ perAccount: 2, windowMs: 60_000 });
    expect(await limiter.consume('ns:old@example.kz', '10.0.0.7')).toBe(true);
    expect(await limiter.consume('ns:old@example.kz', '10.0.0.7')).toBe(true);
    expect(await limiter.consume('ns:old@example.kz', '10.0.0.7')).toBe(false); // blocked: nothing counted
    expect(await limiter.isBlocked('ns:old@example.kz', '10.0.0.8')).toBe(true);
    const stored = JSON.stringify(await server.handle.db.selectFrom('limiter_failures').selectAll().execute());
    expect(stored).not.toContain('old@example.kz');
    expect(stored).not.toContain('10.0.0.7');
    clock += 61_000;
    expect(await limiter.isBlocked('ns:old@example.kz', '10.0.0.8')).toBe(false);
    expect(await limiter.consume('ns:fresh@example.kz', '10.0.0.9')).toBe(true); // sweeps what the window passed
    expect(await limiter.remembers('ns:old@example.kz')).toBe(false);
    const left = await server.handle.db.selectFrom('limiter_failures').select('expires_at').execute();
    expect(left.every((row) => row.expires_at > clock)).toBe(true);
  });
});

describe('parallel guesses over HTTP', () => {
  it('A8-2 A7-3 forty parallel wrong guesses at one account reach scrypt no more often than the limit', async () => {
    clock += 120_000;
    await registerVerified(server, 'burst@example.kz');
    let answers: { body: Record<string, unknown> }[] = [];
    const checks = await countChecks(async () => {
      answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => login('burst@example.kz', i === 39 ? GOOD_PASSWORD : `Wrong_pass${i}`)),
      );
    });
    expect(checks).toBeLessThanOrEqual(PER_ACCOUNT);
    expect(answers.filter((a) => a.body.err === 'XE13').length).toBeGreaterThanOrEqual(40 - PER_ACCOUNT);
    expect(answers.filter((a) => a.body.err === undefined).length).toBeLessThanOrEqual(1);
  });

  it('A7-8 A8-2 a wrong current password in a password change is limited like a login, and blocks login', async () => {
    clock += 120_000;
    await registerVerified(server, 'change@example.kz');
    const session = await loginAs(server, 'change@example.kz');
    const change = (password: string) =>
      server.post('/v3/passwordchange', { id: session.id, code: session.hash, password, newpassword: 'Next_pass1' });
    for (let i = 0; i < PER_ACCOUNT; i += 1) expect((await change(`Wrong_pass${i}`)).body).toEqual({ err: 'XE5' });
    expect((await change(GOOD_PASSWORD)).body).toEqual({ err: 'XE13' });
    expect((await login('change@example.kz', GOOD_PASSWORD)).body).toEqual({ err: 'XE13' });
    const checks = await countChecks(async () => {
      await Promise.all(Array.from({ length: 20 }, (_, i) => change(`Wrong_again${i}`)));
    });
    expect(checks).toBe(0);
    clock += 61_000; // the window passes
    expect((await change(GOOD_PASSWORD)).body).toEqual({ r: 'XY1' });
  });

  it('A7-8 A8-2 parallel password changes with wrong current passwords reach scrypt no more often than the limit', async () => {
    clock += 120_000;
    await registerVerified(server, 'change2@example.kz');
    const session = await loginAs(server, 'change2@example.kz');
    const checks = await countChecks(async () => {
      await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          server.post('/v3/passwordchange', {
            id: session.id,
            code: session.hash,
            password: `Wrong_pass${i}`,
            newpassword: 'Next_pass1',
          }),
        ),
      );
    });
    expect(checks).toBeLessThanOrEqual(PER_ACCOUNT);
  });
});

describe('request cap per address', () => {
  it('A8-2 A8-3 past the cap legacy calls answer XE13 and v5 calls 429 TooManyRequests', async () => {
    const capped = await startAccountServer({ requestLimit: { max: 3, timeWindowMs: 60_000 } });
    try {
      for (let i = 0; i < 3; i += 1) expect((await capped.get('/v5/accounts/providers')).status).toBe(200);
      const legacy = await capped.post('/v3/login', {
        email: 'x@example.kz',
        password: 'p',
        namespace: NS,
        project: 1,
      });
      expect(legacy).toEqual({ status: 200, body: { err: 'XE13' } });
      const v5 = await capped.get('/v5/accounts/providers');
      expect(v5.status).toBe(429);
      expect(v5.body).toMatchObject({ code: 160, name: 'TooManyRequests' });
      expect((await capped.get('/dev/outbox?format=json')).status).toBe(200); // development tools are not capped
    } finally {
      await capped.close();
    }
  });
});
