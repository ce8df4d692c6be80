// A whole cluster on loopback, each part its own process as in a deployment: nats-server with JetStream, the
// world writer (`scores world`), edges (`scores serve --nats`) and nginx in front. `npm run cluster` runs one
// for a developer to try; the cluster tests start one, kill parts of it and watch the rest carry on.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nginxConfig } from './nginx-config';

export const NATS_SERVER_BIN = process.env.NATS_SERVER ?? '/usr/sbin/nats-server';
export const NGINX_BIN = process.env.NGINX ?? '/usr/sbin/nginx';

export interface LocalClusterOptions {
  /** The project root (where cli/bin.mjs is). */
  readonly root: string;
  readonly edges?: number;
  /** nginx's port; 0 picks a free one. */
  readonly port?: number;
  readonly seed?: number;
  readonly speed?: number;
  /** Virtual start, epoch ms (default now). */
  readonly start?: number;
  readonly sports?: readonly number[];
  /** Account database every edge shares (a postgres:// URL); absent: each edge its own SQLite file. */
  readonly db?: string;
  /** The built client every edge serves (default the project's dist/). */
  readonly staticDir?: string;
  /** Edges in development mode (`--dev`: the outbox with its codes): tests only. */
  readonly dev?: boolean;
  /** Start a process again a second after it died, as a service manager would (`npm run cluster`). */
  readonly supervise?: boolean;
  /** World writers to start: one writes, the others wait on the lease (default 1). */
  readonly writers?: number;
  readonly log?: (line: string) => void;
}

export interface ClusterProcess {
  readonly name: string;
  readonly child: ChildProcess;
  /** Everything it printed. */
  output(): string;
  /** Settles when it has exited. */
  readonly exited: Promise<number | null>;
}

export interface ClusterEdge extends ClusterProcess {
  readonly url: string;
}

export interface LocalCluster {
  /** The site through nginx. */
  readonly url: string;
  readonly natsUrl: string;
  readonly edges: ClusterEdge[];
  readonly writers: ClusterProcess[];
  /** nginx's master process (its workers are its children). */
  readonly balancer: ClusterProcess;
  /** Starts a writer (a standby while another holds the lease); settles once it has started. */
  startWriter(name?: string): Promise<ClusterProcess>;
  /** Settles when the writer holds the lease and the stream holds its facts. */
  writing(writer: ClusterProcess): Promise<void>;
  /** Starts one more edge (not behind nginx: nginx knows the first ones only). */
  startEdge(name?: string): Promise<ClusterEdge>;
  stop(): Promise<void>;
}

/** A loopback port free now (the caller binds it soon after). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function run(
  name: string,
  command: string,
  args: readonly string[],
  log: (line: string) => void,
  env: NodeJS.ProcessEnv = process.env,
): ClusterProcess {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
  let text = '';
  const take = (chunk: Buffer) => {
    const s = chunk.toString();
    text += s;
    for (const line of s.split('\n')) if (line.trim() !== '') log(`[${name}] ${line}`);
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', () => resolve(null));
  });
  return { name, child, output: () => text, exited };
}

/** Waits until `pattern` appears in the process's output; rejects if it exits first or after `ms`. */
async function waitFor(proc: ClusterProcess, pattern: RegExp, ms = 150_000): Promise<RegExpExecArray> {
  const end = Date.now() + ms;
  for (;;) {
    const m = pattern.exec(proc.output());
    if (m) return m;
    if (proc.child.exitCode !== null) throw new Error(`${proc.name} exited: ${proc.output().slice(-2000)}`);
    if (Date.now() > end) throw new Error(`${proc.name}: no ${pattern} within ${ms} ms: ${proc.output().slice(-2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until `url` answers 200. */
export async function waitForOk(url: string, ms = 150_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    if (Date.now() > end) throw new Error(`${url} did not answer 200 within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stopProcess(proc: ClusterProcess): Promise<void> {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  proc.child.kill('SIGTERM');
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), 5_000);
  await proc.exited;
  clearTimeout(timer);
}

export async function startLocalCluster(options: LocalClusterOptions): Promise<LocalCluster> {
  const log = options.log ?? (() => {});
  const dir = mkdtempSync(join(tmpdir(), 'scores-cluster-'));
  const cli = join(options.root, 'cli', 'bin.mjs');
  const secret = process.env.ACCOUNT_SECRET ?? randomBytes(32).toString('hex');
  const all: ClusterProcess[] = [];
  let stopping = false;
  const track = <T extends ClusterProcess>(proc: T, again?: () => ClusterProcess): T => {
    all.push(proc);
    if (options.supervise && again) {
      void proc.exited.then(async () => {
        if (stopping) return;
        log(`[cluster] ${proc.name} (pid ${proc.child.pid}) died; starting it again`);
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        if (stopping) return;
        const next = again();
        log(`[cluster] ${next.name} runs again as pid ${next.child.pid}`);
        track(next, again);
      });
    }
    return proc;
  };
  const stop = async () => {
    stopping = true;
    // Edges and writers first (they hand their lease and connections back), then nginx and NATS.
    for (const proc of [...all].reverse()) await stopProcess(proc);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    mkdirSync(join(dir, 'nats'));
    // A supervised NATS comes back on the port it first chose, with its stream on disk; the clients reconnect.
    let natsPort = '-1';
    const startNats = () =>
      run('nats', NATS_SERVER_BIN, ['-a', '127.0.0.1', '-p', natsPort, '-js', '-sd', join(dir, 'nats')], log);
    const nats = track(startNats(), startNats);
    const natsAddress = (await waitFor(nats, /Listening for client connections on (127\.0\.0\.1:(\d+))/)) as string[];
    natsPort = natsAddress[2]!;
    const natsUrl = `nats://${natsAddress[1]}`;
    const worldArgs = [
      '--nats',
      natsUrl,
      '--seed',
      String(options.seed ?? 1),
      '--speed',
      String(options.speed ?? 1),
      ...(options.start !== undefined ? ['--start', String(options.start)] : []),
      ...(options.sports ? ['--sports', options.sports.join(',')] : []),
    ];
    const writers: ClusterProcess[] = [];
    let writerCount = 0;
    const startWriter = async (name = `writer${++writerCount}`) => {
      const again = () => run(name, process.execPath, [cli, 'world', ...worldArgs, '--id', name], log);
      const writer = track(again(), again);
      writers.push(writer);
      await waitFor(writer, /waiting for the writer lease/);
      return writer;
    };
    const writing = async (writer: ClusterProcess) => {
      await waitFor(writer, /writing: the stream holds fact/);
    };
    const edges: ClusterEdge[] = [];
    let edgeCount = 0;
    const startEdge = async (name = `edge${++edgeCount}`, port = 0): Promise<ClusterEdge> => {
      const args = [
        cli,
        'serve',
        '--nats',
        natsUrl,
        '--port',
        String(port),
        '--no-build',
        '--trust-proxy',
        '127.0.0.1',
      ];
      if (options.db) args.push('--db', options.db);
      else args.push('--db', join(dir, `${name}.db`));
      if (options.staticDir) args.push('--static', options.staticDir);
      if (options.dev) args.push('--dev');
      // Edges check each other's captchas and links: one secret for all.
      const again = () => run(name, process.execPath, args, log, { ...process.env, ACCOUNT_SECRET: secret });
      const proc = track(again(), again);
      const url = (await waitFor(proc, /scores serve: (http:\/\/[\d.:]+)\//))[1]!;
      await waitForOk(`${url}/readyz`);
      const edge = { ...proc, url };
      edges.push(edge);
      return edge;
    };

    const first = await startWriter();
    await writing(first);
    for (let i = 1; i < (options.writers ?? 1); i++) await startWriter();
    const edgePorts = await Promise.all(Array.from({ length: options.edges ?? 2 }, () => freePort()));
    await Promise.all(edgePorts.map((port) => startEdge(undefined, port)));
    const port = options.port || (await freePort());
    const runDir = join(dir, 'nginx');
    mkdirSync(runDir);
    const config = nginxConfig({ listen: `127.0.0.1:${port}`, edges: edgePorts.map((p) => `127.0.0.1:${p}`), runDir });
    writeFileSync(join(runDir, 'nginx.conf'), config);
    const startNginx = () => run('nginx', NGINX_BIN, ['-c', join(runDir, 'nginx.conf'), '-p', runDir], log);
    const balancer = track(startNginx(), startNginx);
    const url = `http://127.0.0.1:${port}`;
    await waitForOk(`${url}/nginx-health`);
    return { url, natsUrl, edges, writers, balancer, startWriter, writing, startEdge, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
