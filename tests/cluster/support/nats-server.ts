// A throwaway nats-server with JetStream on a random loopback port, its storage in a temp directory.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const NATS_SERVER = process.env.NATS_SERVER ?? '/usr/sbin/nats-server';

export interface NatsServer {
  readonly url: string;
  readonly process: ChildProcess;
  stop(): Promise<void>;
}

export async function startNatsServer(): Promise<NatsServer> {
  const dir = mkdtempSync(join(tmpdir(), 'nats-'));
  const child = spawn(NATS_SERVER, ['-a', '127.0.0.1', '-p', '-1', '-js', '-sd', dir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let log = '';
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      const m = /Listening for client connections on (127\.0\.0\.1:\d+)/.exec(log);
      if (m) resolve(`nats://${m[1]}`);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`nats-server exited (${code}): ${log}`)));
    child.once('error', reject);
  });
  return {
    url,
    process: child,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
