// The outbox as developers read it: GET /dev/outbox (dev mode only) and `scores outbox`.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatOutbox, readOutbox } from '../../cli/commands/outbox';
import { NS, PROJECT, type TestServer, registerVerified, startAccountServer } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startAccountServer();
  await registerVerified(server, 'mail1@example.kz');
  await registerVerified(server, 'mail2@example.kz');
  await server.post('/v3/forgottenpassword', { email: 'mail1@example.kz', namespace: NS, p: PROJECT });
  await server.handle.idle();
});
afterAll(async () => server.close());

describe('outbox', () => {
  it('A3-7 GET /dev/outbox lists messages as a Kazakh page, or JSON filtered by address', async () => {
    const page = await fetch(`${server.url}/dev/outbox`);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('Шығыс хаттар');
    expect(html).toContain('mail2@example.kz');
    const json = await server.get('/dev/outbox?format=json&to=mail1@example.kz');
    const kinds = (json.body.messages as { kind: string }[]).map((m) => m.kind);
    expect(kinds).toEqual(['forgottenPassword', 'verify']);
  });

  it('A3-7 the dev outbox and the dev OpenID provider are not served unless dev mode is asked for', async () => {
    const production = await startAccountServer({ dev: undefined });
    try {
      expect((await fetch(`${production.url}/dev/outbox`)).status).toBe(404);
      expect((await fetch(`${production.url}/dev/oidc/google/.well-known/openid-configuration`)).status).toBe(404);
      expect((await production.get('/v5/accounts/providers')).body).toEqual({ providers: [] });
    } finally {
      await production.close();
    }
  });

  it('A3-7 readOutbox reads the database file, filters by address and prints text or JSON', async () => {
    const json = JSON.parse(await readOutbox({ db: server.dbFile, to: 'MAIL2@example.kz', json: true }));
    expect(json.messages.map((m: { to: string; kind: string }) => [m.to, m.kind])).toEqual([
      ['mail2@example.kz', 'verify'],
    ]);
    const text = await readOutbox({ db: server.dbFile, to: 'mail1@example.kz' });
    expect(text).toContain('forgottenPassword  → mail1@example.kz');
    expect(text).toContain('Құпиясөзді қалпына келтіру');
    expect(await readOutbox({ db: join(server.dbFile, '..', 'missing.sqlite') })).toBe('No messages.');
    expect(formatOutbox([])).toBe('No messages.');
  });

  it('A3-7 `scores outbox --db <file> --to <email> --json` prints the messages', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['cli/bin.mjs', 'outbox', '--db', server.dbFile, '--to', 'mail2@example.kz', '--json'],
      { cwd: join(import.meta.dirname, '..', '..'), timeout: 60_000 },
    );
    expect(JSON.parse(stdout).messages[0]).toMatchObject({ to: 'mail2@example.kz', kind: 'verify' });
  });
});
