// A keep-alive HTTP/1.1 load generator for large responses, in several processes.
//
// autocannon turns every response body into a string (its request queue does `body += chunk`), so on 300 KB – 1.2 MB
// bodies it is the bottleneck: one core at 100 % for ~90 MB/s, whatever the server. This one reads only the status
// line and headers, skips Content-Length bytes of body without touching them, and spreads the connections over
// several processes; each reports its own CPU time, so the generator's load is part of every figure.
//
// Run with BENCH_ROLE=http-load this file is one such process, taking runs over IPC. Below it, a runner for Debian's
// wrk, which the feed-serving bench uses: C, one thread per core, and its CPU reported with every run.
import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';

const SELF = fileURLToPath(import.meta.url);
const LATENCY_BUCKET_MS = 1;
const LATENCY_BUCKETS = 60_000;

export interface LoadOptions {
  readonly port: number;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly connections: number;
  readonly durationMs: number;
}

export interface LoadResult {
  readonly requestsPerSecond: number;
  readonly bytesPerResponse: number;
  readonly latencyP50Ms: number;
  readonly latencyP99Ms: number;
  readonly non2xx: number;
  readonly errors: number;
  /** Requests still unanswered when the run ended. */
  readonly unanswered: number;
  /** The generator's CPU over the run, in cores, all its processes together. */
  readonly generatorCores: number;
}

interface PartResult {
  readonly type: 'result';
  readonly responses: number;
  readonly bodyBytes: number;
  readonly non2xx: number;
  readonly errors: number;
  readonly unanswered: number;
  readonly latencies: number[]; // counts per LATENCY_BUCKET_MS
  readonly cpuMs: number;
  readonly wallMs: number;
}

// ---------------------------------------------------------------------------------------------
// One process: its share of the connections for one run.

const CRLF2 = Buffer.from('\r\n\r\n');

function runPart(options: LoadOptions): Promise<PartResult> {
  const request = Buffer.from(
    `GET ${options.path} HTTP/1.1\r\nHost: 127.0.0.1:${options.port}\r\n` +
      Object.entries(options.headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('') +
      '\r\n',
  );
  const latencies = new Array<number>(LATENCY_BUCKETS).fill(0);
  let responses = 0;
  let bodyBytes = 0;
  let non2xx = 0;
  let errors = 0;
  let open = 0;
  let stopping = false;
  const sockets = new Set<Socket>();
  const cpuBefore = process.cpuUsage();
  const began = performance.now();

  return new Promise((resolve) => {
    let unanswered = 0;
    const finish = () => {
      const cpu = process.cpuUsage(cpuBefore);
      resolve({
        type: 'result',
        responses,
        bodyBytes,
        non2xx,
        errors,
        unanswered,
        latencies,
        cpuMs: (cpu.user + cpu.system) / 1000,
        wallMs: performance.now() - began,
      });
    };
    const startConnection = () => {
      const socket = connect(options.port, '127.0.0.1');
      socket.setNoDelay(true);
      sockets.add(socket);
      open += 1;
      let head: Buffer | null = Buffer.alloc(0); // header bytes so far, or null while in a body
      let bodyLeft = 0;
      let bodyLength = 0;
      let sentAt = 0;
      let waiting = false;
      const send = () => {
        if (stopping) return;
        sentAt = performance.now();
        waiting = true;
        socket.write(request);
      };
      const complete = () => {
        const ms = performance.now() - sentAt;
        latencies[Math.min(LATENCY_BUCKETS - 1, Math.floor(ms / LATENCY_BUCKET_MS))] += 1;
        responses += 1;
        bodyBytes += bodyLength; // whole bodies only: one cut off at the end does not count
        waiting = false;
        head = Buffer.alloc(0);
        send();
      };
      socket.on('connect', send);
      socket.on('data', (chunk: Buffer) => {
        let offset = 0;
        while (offset < chunk.length) {
          if (head === null) {
            const take = Math.min(bodyLeft, chunk.length - offset);
            bodyLeft -= take;
            offset += take;
            if (bodyLeft === 0) complete();
            continue;
          }
          const joined = head.length === 0 ? chunk.subarray(offset) : Buffer.concat([head, chunk.subarray(offset)]);
          const end = joined.indexOf(CRLF2);
          if (end < 0) {
            head = Buffer.from(joined);
            return;
          }
          const text = joined.subarray(0, end).toString('latin1');
          const status = Number(text.slice(9, 12));
          if (status < 200 || status > 299) non2xx += 1;
          const length = /\r\ncontent-length:\s*(\d+)/i.exec(text);
          if (!length) {
            errors += 1; // chunked or no length: not expected from either server
            socket.destroy();
            return;
          }
          const consumed = end + 4 - head.length;
          offset += consumed;
          head = null;
          bodyLeft = Number(length[1]);
          bodyLength = bodyLeft;
          if (bodyLeft === 0) complete();
        }
      });
      socket.on('error', () => {
        errors += 1;
      });
      socket.on('close', () => {
        sockets.delete(socket);
        open -= 1;
        if (waiting) unanswered += 1;
        if (stopping) {
          if (open === 0) finish();
        } else {
          startConnection(); // the server closed it: reconnect, as autocannon does
        }
      });
    };
    for (let i = 0; i < options.connections; i++) startConnection();
    setTimeout(() => {
      stopping = true;
      if (open === 0) finish();
      for (const socket of sockets) socket.destroy();
    }, options.durationMs);
  });
}

// ---------------------------------------------------------------------------------------------
// The parent side: processes started once, then runs.

export interface LoadGenerator {
  readonly processes: number;
  run(options: LoadOptions): Promise<LoadResult>;
  stop(): void;
}

function percentile(latencies: number[], total: number, p: number): number {
  let seen = 0;
  for (let i = 0; i < latencies.length; i++) {
    seen += latencies[i];
    if (seen >= total * p) return (i + 1) * LATENCY_BUCKET_MS;
  }
  return latencies.length * LATENCY_BUCKET_MS;
}

export async function startLoadGenerator(processes: number): Promise<LoadGenerator> {
  const children: ChildProcess[] = [];
  for (let i = 0; i < processes; i++) {
    const child = spawn(process.execPath, ['--import', 'tsx', SELF], {
      env: { ...process.env, BENCH_ROLE: 'http-load' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    await new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code) => reject(new Error(`load process exited (${code})`)));
    });
    children.push(child);
  }
  return {
    processes,
    async run(options) {
      const parts = await Promise.all(
        children.map(
          (child, i) =>
            new Promise<PartResult>((resolve) => {
              child.once('message', (message: PartResult) => resolve(message));
              const share = Math.floor(options.connections / processes) + (i < options.connections % processes ? 1 : 0);
              child.send({ type: 'run', options: { ...options, connections: share } });
            }),
        ),
      );
      const responses = parts.reduce((sum, p) => sum + p.responses, 0);
      const latencies = new Array<number>(LATENCY_BUCKETS).fill(0);
      for (const part of parts) {
        for (let i = 0; i < part.latencies.length; i++) latencies[i] += part.latencies[i];
      }
      const wallMs = Math.max(...parts.map((p) => p.wallMs));
      return {
        requestsPerSecond: Math.round((responses * 1000) / wallMs),
        bytesPerResponse: responses > 0 ? Math.round(parts.reduce((s, p) => s + p.bodyBytes, 0) / responses) : 0,
        latencyP50Ms: percentile(latencies, responses, 0.5),
        latencyP99Ms: percentile(latencies, responses, 0.99),
        non2xx: parts.reduce((s, p) => s + p.non2xx, 0),
        errors: parts.reduce((s, p) => s + p.errors, 0),
        unanswered: parts.reduce((s, p) => s + p.unanswered, 0),
        generatorCores: Math.round((parts.reduce((s, p) => s + p.cpuMs, 0) / wallMs) * 100) / 100,
      };
    },
    stop() {
      for (const child of children) if (child.pid !== undefined) process.kill(child.pid, 'SIGTERM');
    },
  };
}

if (process.env.BENCH_ROLE === 'http-load') {
  process.on('message', (message: { type: string; options: LoadOptions }) => {
    if (message.type !== 'run') return;
    if (message.options.connections === 0) {
      process.send?.({
        type: 'result',
        responses: 0,
        bodyBytes: 0,
        non2xx: 0,
        errors: 0,
        unanswered: 0,
        latencies: [],
        cpuMs: 0,
        wallMs: message.options.durationMs,
      } satisfies PartResult);
      return;
    }
    runPart(message.options).then((result) => process.send?.(result));
  });
  process.send?.({ type: 'ready' });
}

// ---------------------------------------------------------------------------------------------
// wrk (Debian's package): a C load generator, for bodies small enough that a Node generator would be the limit.

export interface WrkOptions extends LoadOptions {
  /** wrk threads (one core each at most). */
  readonly threads?: number;
}

export interface WrkResult {
  readonly requestsPerSecond: number;
  readonly requests: number;
  readonly bytesPerResponse: number;
  readonly latencyP50Ms: number;
  readonly latencyP99Ms: number;
  readonly non2xx: number;
  readonly socketErrors: number;
  /** wrk's own CPU over the run, in cores (from the shell's `times` after it exits). */
  readonly generatorCores: number;
  readonly wallMs: number;
}

const WRK = '/usr/bin/wrk';

/** wrk's path, installing Debian's package with apt-get when running as root and missing. */
export function findWrk(): string {
  if (existsSync(WRK)) return WRK;
  if (process.getuid?.() === 0) {
    try {
      execFileSync('apt-get', ['install', '-y', 'wrk'], { stdio: 'ignore', timeout: 300_000 });
    } catch {}
  }
  if (existsSync(WRK)) return WRK;
  throw new Error('wrk is not installed (apt-get install -y wrk)');
}

function wrkMs(value: string, unit: string): number {
  const n = Number(value);
  if (unit === 'us') return n / 1000;
  if (unit === 's') return n * 1000;
  if (unit === 'm') return n * 60_000;
  return n;
}

function clockSeconds(text: string): number {
  const match = /(\d+)m([\d.]+)s/.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : 0;
}

/** One wrk run (asynchronous: the caller's event loop, e.g. IPC with a server child, keeps running). */
export function runWrk(options: WrkOptions): Promise<WrkResult> {
  const wrk = findWrk();
  const args = [
    '-t',
    String(options.threads ?? 1),
    '-c',
    String(options.connections),
    '-d',
    `${Math.max(1, Math.round(options.durationMs / 1000))}s`,
    '--latency',
  ];
  for (const [name, value] of Object.entries(options.headers)) args.push('-H', `${name}: ${value}`);
  args.push(`http://127.0.0.1:${options.port}${options.path}`);
  return new Promise((resolve, reject) => {
    const began = performance.now();
    // bash's `times` prints the CPU of the shell's children (wrk) once it has exited.
    execFile(
      'bash',
      ['-c', '"$0" "$@"; times', wrk, ...args],
      { encoding: 'utf8', maxBuffer: 1 << 20 },
      (error, stdout) => {
        if (error) {
          reject(error);
          return;
        }
        const wallMs = performance.now() - began;
        const requests = Number(/(\d+) requests in/.exec(stdout)?.[1] ?? 0);
        const read = /requests in [\d.]+\w+, ([\d.]+)(\w+) read/.exec(stdout);
        const units: Record<string, number> = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 };
        const bytes = read ? Number(read[1]) * (units[read[2]] ?? 1) : 0;
        const percentileMs = (p: string) => {
          const m = new RegExp(`^\\s+${p}%\\s+([\\d.]+)(\\w+)`, 'm').exec(stdout);
          return m ? Math.round(wrkMs(m[1], m[2]) * 100) / 100 : Number.NaN;
        };
        const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1] ?? 0);
        const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
        const timesLines = stdout.trim().split('\n').slice(-1)[0] ?? '';
        const [user = '', system = ''] = timesLines.split(/\s+/);
        const cpuS = clockSeconds(user) + clockSeconds(system);
        resolve({
          requestsPerSecond: Math.round(Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1] ?? 0)),
          requests,
          bytesPerResponse: requests > 0 ? Math.round(bytes / requests) : 0,
          latencyP50Ms: percentileMs('50'),
          latencyP99Ms: percentileMs('99'),
          non2xx,
          socketErrors: errors ? errors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
          generatorCores: Math.round((cpuS * 1000 * 100) / wallMs) / 100,
          wallMs: Math.round(wallMs),
        });
      },
    );
  });
}
