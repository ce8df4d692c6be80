// A keep-alive HTTP/1.1 load generator for large responses, in several processes.
//
// autocannon turns every response body into a string (its request queue does `body += chunk`), so on 300 KB – 1.2 MB
// bodies it is the bottleneck: one core at 100 % for ~90 MB/s, whatever the server. This one reads only the status
// line and headers, skips Content-Length bytes of body without touching them, and spreads the connections over
// several processes; each reports its own CPU time, so the generator's load is part of every figure.
//
// Run with BENCH_ROLE=http-load this file is one such process, taking runs over IPC.
import { type ChildProcess, spawn } from 'node:child_process';
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
