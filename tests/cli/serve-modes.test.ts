// `scores serve` as a user starts it: production unless --dev is given, whatever NODE_ENV says.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const BIN = resolve(__dirname, '../../cli/bin.mjs');

interface Started {
  child: ChildProcess;
  origin: string;
  output: () => string;
}

const started: Started[] = [];
const dirs: string[] = [];

/** Starts the CLI on a free port and resolves once it prints its address. */
function serve(args: string[], env: Record<string, string>): Promise<Started> {
  const dir = mkdtempSync(join(tmpdir(), 'serve-modes-'));
  dirs.push(dir);
  const child = spawn(
    process.execPath,
    [BIN, 'serve', '--port', '0', '--no-build', '--db', join(dir, 'accounts.sqlite'), ...args],
    { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let text = '';
  return new Promise((resolvePromise, reject) => {
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      const match = /scores serve: (http:\/\/[^/\s]+)\//.exec(text);
      if (match) {
        const entry = { child, origin: match[1], output: () => text };
        started.push(entry);
        resolvePromise(entry);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${text}`)));
  });
}

afterEach(async () => {
  for (const entry of started.splice(0)) {
    if (entry.child.exitCode !== null || entry.child.signalCode !== null) continue;
    const exited = new Promise((r) => entry.child.once('exit', r));
    entry.child.kill('SIGKILL');
    await exited;
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('scores serve modes', () => {
  it('A3-7: without --dev the outbox and the local login provider answer 404, even with NODE_ENV=development', async () => {
    const site = await serve([], { NODE_ENV: 'development' });
    expect((await fetch(`${site.origin}/dev/outbox?format=json`)).status).toBe(404);
    expect((await fetch(`${site.origin}/dev/oidc/google/.well-known/openid-configuration`)).status).toBe(404);
    const providers = await (await fetch(`${site.origin}/v5/accounts/providers`)).json();
    expect(providers).toEqual({ providers: [] });
    expect(site.output()).not.toContain('WARNING');
  }, 60_000);

  it('A3-7: --dev serves them and warns at start, even with NODE_ENV=production', async () => {
    const site = await serve(['--dev'], { NODE_ENV: 'production' });
    expect(site.output()).toContain('WARNING: development mode (--dev)');
    expect((await fetch(`${site.origin}/dev/outbox?format=json`)).status).toBe(200);
    expect((await fetch(`${site.origin}/dev/oidc/google/.well-known/openid-configuration`)).status).toBe(200);
  }, 60_000);
});
