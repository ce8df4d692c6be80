// Starts the account plugin on 127.0.0.1:0 with a real SQLite file in a temp dir, for loopback tests; under
// ACCOUNT_DB=postgres (the 'account-postgres' vitest project) on a fresh PostgreSQL database instead.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { solveCaptcha, encodeCaptchaSolution } from '../../src/account/captcha-solver';
import type { CaptchaChallenge } from '../../src/wire/account';
import { type AccountPluginOptions, type AccountServiceHandle, accountPlugin } from '../../server/account/plugin';
import { ACCOUNT_DIALECT, createTestDatabase } from './postgres';

export interface TestServer {
  app: FastifyInstance;
  url: string;
  /** The SQLite file, or the PostgreSQL database's URL (dialect 'postgres'). */
  dbFile: string;
  dialect: 'sqlite' | 'postgres';
  handle: AccountServiceHandle;
  post(
    path: string,
    body: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: Record<string, unknown> }>;
  get(path: string, headers?: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }>;
  captcha(): Promise<string>;
  close(): Promise<void>;
}

export const NS = 'kz-scores';
export const PROJECT = 47;
export const GOOD_PASSWORD = 'Qwerty_123';

export async function startAccountServer(options: AccountPluginOptions = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'accounts-'));
  const database = ACCOUNT_DIALECT === 'postgres' && !options.db ? await createTestDatabase() : undefined;
  const dbFile = database?.url ?? join(dir, 'accounts.sqlite');
  const app = Fastify({ logger: false });
  let handle: AccountServiceHandle | undefined;
  await app.register(accountPlugin, {
    dbFile,
    scryptLogN: 10,
    captchaMaxNumber: 300,
    smtp: null,
    publicUrl: 'http://127.0.0.1:3000',
    // Tests read mail through /dev/outbox and log in through the local OpenID provider; production tests pass dev: false.
    dev: true,
    ...options,
    onReady: (h) => {
      handle = h;
      options.onReady?.(h);
    },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const call = async (method: string, path: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(url + path, {
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: Record<string, unknown> = {};
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      parsed = { text };
    }
    return { status: response.status, body: parsed };
  };
  return {
    app,
    url,
    dbFile,
    dialect: database ? 'postgres' : 'sqlite',
    handle: handle as AccountServiceHandle,
    post: (path, body, headers) => call('POST', path, body, headers),
    get: (path, headers) => call('GET', path, undefined, headers),
    async captcha() {
      const challenge = (await (await fetch(`${url}/v5/captcha/challenge`)).json()) as CaptchaChallenge;
      const number = await solveCaptcha(challenge);
      if (number === null) throw new Error('captcha not solved');
      return encodeCaptchaSolution(challenge, number);
    },
    async close() {
      await app.close();
      await database?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The most recent outbox message to an address. */
export async function lastMail(
  server: TestServer,
  to: string,
): Promise<{ kind: string; body: string; subject: string }> {
  await server.handle.idle();
  const { body } = await server.get(`/dev/outbox?format=json&to=${encodeURIComponent(to)}`);
  const messages = body.messages as { kind: string; body: string; subject: string }[];
  if (!messages?.length) throw new Error(`no mail to ${to}`);
  return messages[0];
}

/** id and code from a link in a message body. */
export function linkParams(body: string): URLSearchParams {
  const url = /https?:\/\/\S+/.exec(body)?.[0];
  if (!url) throw new Error('no link in message');
  return new URL(url).searchParams;
}

/** Registers and verifies an account; returns its id. */
export async function registerVerified(
  server: TestServer,
  email: string,
  password = GOOD_PASSWORD,
  name = 'Aigul_K',
): Promise<string> {
  const answer = await server.post('/v3/registration', {
    email,
    password,
    name,
    captcha: await server.captcha(),
    termsofservice: true,
    touApproval: true,
    ppApproval: true,
    namespace: NS,
    project: PROJECT,
  });
  if (answer.body.r !== 'XY1') throw new Error(`registration failed: ${JSON.stringify(answer.body)}`);
  const params = linkParams((await lastMail(server, email)).body);
  const verified = await server.post('/v3/verification', {
    t: 'verifyAccount',
    c: params.get('c'),
    i: params.get('i'),
    namespace: NS,
  });
  if (verified.body.r !== 'XY1') throw new Error(`verification failed: ${JSON.stringify(verified.body)}`);
  return params.get('i') as string;
}

export async function loginAs(
  server: TestServer,
  email: string,
  password = GOOD_PASSWORD,
): Promise<{ id: string; hash: string }> {
  const answer = await server.post('/v3/login', { email, password, namespace: NS, project: PROJECT });
  if (typeof answer.body.id !== 'string') throw new Error(`login failed: ${JSON.stringify(answer.body)}`);
  return { id: answer.body.id as string, hash: answer.body.hash as string };
}
