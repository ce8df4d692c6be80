// Login throughput over loopback (POST /v3/login through Fastify, SQLite and a session write) as a ratio against
// bare scrypt verification at the same parameters (N=2^17, r=8, p=1) in the same run, same concurrency.
// Target: ≥ 0.9 — the service adds little to the password hash that dominates a login.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { type AccountServiceHandle, accountPlugin } from '../server/account/plugin';
import { DEFAULT_SCRYPT_LOG_N, hashPassword, verifyPassword } from '../server/account/security/password';

const CONCURRENCY = 2; // one scrypt per core at a time
const OPS_PER_ROUND = 4;
/** Short rounds alternate A B B A …, so load from other processes falls on both sides alike. */
const ROUNDS = 8;
const PASSWORD = 'Bench_pass1';

/** Seconds taken by ops calls run concurrency at a time. */
async function timed(ops: number, concurrency: number, one: () => Promise<void>): Promise<number> {
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < ops) {
      next += 1;
      await one();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return (performance.now() - started) / 1000;
}

export default async function loginBench(): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(join(tmpdir(), 'login-bench-'));
  const app = Fastify({ logger: false });
  let handle: AccountServiceHandle | undefined;
  await app.register(accountPlugin, {
    dbFile: join(dir, 'accounts.sqlite'),
    smtp: null,
    marketing: {},
    rateLimit: { perAccount: 1_000_000, perAddress: 1_000_000 },
    onReady: (h) => {
      handle = h;
    },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const port = (app.server.address() as { port: number }).port;
    const stored = await hashPassword(PASSWORD, DEFAULT_SCRYPT_LOG_N);
    const now = Date.now();
    await handle?.db
      .insertInto('users')
      .values({
        id: 'bench0000000000000000001',
        namespace: 'bench',
        email: 'bench@example.kz',
        email_key: 'bench@example.kz',
        name: 'Bench_user',
        password_hash: stored,
        status: 1,
        email_verified: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const body = JSON.stringify({ email: 'bench@example.kz', password: PASSWORD, namespace: 'bench', project: 47 });
    const login = async () => {
      const response = await fetch(`http://127.0.0.1:${port}/v3/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      const answer = (await response.json()) as { hash?: string; err?: string };
      if (!answer.hash) throw new Error(`login failed: ${JSON.stringify(answer)}`);
    };
    const verify = async () => {
      if (!(await verifyPassword(PASSWORD, stored))) throw new Error('verify failed');
    };
    await login(); // warm up the route, the statement cache and the thread pool
    await verify();
    let baselineSeconds = 0;
    let loginSeconds = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const loginFirst = round % 2 === 1; // A B, B A, A B …
      if (loginFirst) loginSeconds += await timed(OPS_PER_ROUND, CONCURRENCY, login);
      baselineSeconds += await timed(OPS_PER_ROUND, CONCURRENCY, verify);
      if (!loginFirst) loginSeconds += await timed(OPS_PER_ROUND, CONCURRENCY, login);
    }
    const ops = OPS_PER_ROUND * ROUNDS;
    return {
      scryptLogN: DEFAULT_SCRYPT_LOG_N,
      concurrency: CONCURRENCY,
      opsEach: ops,
      baselineScryptVerifyPerSec: Number((ops / baselineSeconds).toFixed(2)),
      loginPerSec: Number((ops / loginSeconds).toFixed(2)),
      loginVsScryptRatio: Number((baselineSeconds / loginSeconds).toFixed(3)),
      target: 0.9,
    };
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
