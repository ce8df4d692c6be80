// The site with the account service for browser tests: the real server over the test world, the account plugin on a
// temporary SQLite file (cheap scrypt, dev OpenID provider on), and helpers that read the outbox and publish terms.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type AccountServiceHandle, accountExtraPlugin } from '../../../server/account/plugin';
import { buildServer, type ExtraPlugin } from '../../../server/app';
import { createWorldFeedSource } from '../../../server/world-feed-source';
import { encodeCaptchaSolution, solveCaptcha } from '../../../src/account/captcha-solver';
import { EDITION } from '../../../src/domain/edition';
import { removeDir } from './site';
import { createTestWorld, type TestWorld } from './test-world';

export interface OutboxMail {
  to: string;
  kind: string;
  subject: string;
  body: string;
}

export interface AccountSite {
  readonly url: string;
  readonly server: FastifyInstance;
  readonly handle: AccountServiceHandle;
  /** The world the feeds come from: tests append facts to it. */
  readonly world: TestWorld;
  /** The newest message of a kind sent to an address, read from the dev outbox page (JSON), waiting for it. */
  mail(to: string, kind: string): Promise<OutboxMail>;
  /** Publishes a new version of both documents, so every user must consent again (A4-1). */
  publishTerms(version: number): Promise<void>;
  close(): Promise<void>;
}

export interface AccountSiteOptions {
  /** Registered before the account service, so their root hooks see its routes (e.g. a route made to fail). */
  readonly plugins?: readonly ExtraPlugin[];
}

export async function startAccountSite(staticDir: string, options: AccountSiteOptions = {}): Promise<AccountSite> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kz-scores-accounts-'));
  const world = createTestWorld();
  const source = createWorldFeedSource(world.simulation, { now: () => Date.now() });
  let handle: AccountServiceHandle | null = null;
  const server = await buildServer({
    feedSource: source,
    staticDir,
    extraPlugins: [
      ...(options.plugins ?? []),
      accountExtraPlugin({
        dbFile: join(dataDir, 'accounts.sqlite'),
        dev: true,
        smtp: null,
        scryptLogN: 10,
        captchaMaxNumber: 20_000,
        secret: 'e2e-account-secret',
        onReady: (ready) => {
          handle = ready;
        },
      }),
    ],
  });
  await server.listen({ host: '127.0.0.1', port: 0 });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  if (!handle) throw new Error('account plugin did not start');
  const ready: AccountServiceHandle = handle;

  return {
    url,
    server,
    handle: ready,
    world,
    async mail(to, kind) {
      for (let attempt = 0; attempt < 100; attempt++) {
        await ready.idle();
        const response = await fetch(`${url}/dev/outbox?format=json&to=${encodeURIComponent(to)}`);
        const { messages } = (await response.json()) as { messages: OutboxMail[] };
        const found = messages.find((m) => m.kind === kind);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`no ${kind} mail to ${to}`);
    },
    async publishTerms(version) {
      const publishedAt = Date.now();
      await ready.db
        .insertInto('terms_documents')
        .values(
          (['tou', 'pp'] as const).map((type) => ({
            project_id: EDITION.projectId,
            version,
            type,
            title: type === 'tou' ? 'Пайдалану шарттары' : 'Құпиялылық саясаты',
            body: `${type === 'tou' ? 'Жаңартылған пайдалану шарттары' : 'Жаңартылған құпиялылық саясаты'}, нұсқа ${version}.`,
            published_at: publishedAt,
            archived: 0,
          })),
        )
        .execute();
    },
    async close() {
      await server.close();
      source.close();
      removeDir(dataDir);
    },
  };
}

/** The first link in a mail's body that leads to the given site path. */
export function linkIn(mail: OutboxMail, path: string): string {
  const match = mail.body.match(/https?:\/\/[^\s<>"]+/g)?.find((link) => new URL(link).pathname === path);
  if (!match) throw new Error(`no ${path} link in: ${mail.body}`);
  return match;
}

export const E2E_NAMESPACE = 'kz-scores'; // the browser client's namespace (web/app/account-client.ts)

async function postJson(url: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Record<string, unknown>;
}

/** A verified account made over the API (registration, then the emailed verification code), for flows that start later. */
export async function createVerifiedUser(
  site: AccountSite,
  email: string,
  password: string,
  name: string,
): Promise<void> {
  const challenge = site.handle.challenge();
  const number = await solveCaptcha(challenge);
  if (number === null) throw new Error('captcha not solved');
  const registered = await postJson(`${site.url}/v3/registration`, {
    email,
    password,
    name,
    captcha: encodeCaptchaSolution(challenge, number),
    termsofservice: true,
    touApproval: true,
    ppApproval: true,
    namespace: E2E_NAMESPACE,
    project: EDITION.projectId,
  });
  if (registered.r !== 'XY1') throw new Error(`registration failed: ${JSON.stringify(registered)}`);
  const link = new URL(linkIn(await site.mail(email, 'verify'), `${EDITION.routePrefix}/account/verify`));
  const verified = await postJson(`${site.url}/v3/verification`, {
    t: 'verifyAccount',
    c: link.searchParams.get('c'),
    i: link.searchParams.get('i'),
    namespace: E2E_NAMESPACE,
  });
  if (verified.r !== 'XY1') throw new Error(`verification failed: ${JSON.stringify(verified)}`);
}
