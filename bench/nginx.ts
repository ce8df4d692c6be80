// nginx from Debian as the baseline of the serving benches: started on a loopback port with a temporary config,
// serving a folder of static files with their pre-compressed forms (brotli_static and gzip_static), one worker,
// sendfile on. Also the CPU time of a process and its children from /proc, for nginx's master and worker.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

const NGINX = '/usr/sbin/nginx';
export const NGINX_BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
const USER_HZ = 100; // clock ticks per second in /proc/<pid>/stat on Linux

export interface Nginx {
  readonly port: number;
  readonly pid: number;
  /** Whether Debian's brotli_static module is loaded (else br requests get the .gz file). */
  readonly brotliStatic: boolean;
  readonly version: string;
  /** CPU time (ms) nginx's processes have used so far. */
  cpuMs(): number;
  stop(): void;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** nginx's path, installing it (and the brotli_static module) with apt-get when running as root and missing. */
export function findNginx(): string {
  if (existsSync(NGINX) && existsSync(NGINX_BROTLI_MODULE)) return NGINX;
  if (process.getuid?.() === 0) {
    for (const packages of [['nginx', 'libnginx-mod-http-brotli-static'], ['nginx']]) {
      try {
        execFileSync('apt-get', ['install', '-y', ...packages], { stdio: 'ignore', timeout: 300_000 });
        break;
      } catch {}
    }
  }
  if (existsSync(NGINX)) return NGINX;
  throw new Error('nginx is not installed (apt-get install -y nginx libnginx-mod-http-brotli-static)');
}

function ticksOf(pid: number): number {
  try {
    // Fields after the command name: utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** CPU time (ms) of a process and its direct children, from /proc. */
export function processCpuMs(pid: number): number {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {}
  const ticks = ticksOf(pid) + children.reduce((sum, id) => sum + ticksOf(id), 0);
  return (ticks * 1000) / USER_HZ;
}

/**
 * Starts nginx serving `root` on a free loopback port; temporary files go to `dir`. It is ready when `probe` (a
 * path under root) answers 200.
 */
export async function startNginx(dir: string, root: string, probe: string): Promise<Nginx> {
  const nginx = findNginx();
  const version = spawnSync(nginx, ['-v'], { encoding: 'utf8' }).stderr.trim(); // nginx -v writes to stderr
  const brotliStatic = existsSync(NGINX_BROTLI_MODULE);
  const port = await freePort();
  const conf = join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `${brotliStatic ? `load_module ${NGINX_BROTLI_MODULE};\n` : ''}worker_processes 1;
daemon off;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'nginx-error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  client_body_temp_path ${dir};
  proxy_temp_path ${dir};
  fastcgi_temp_path ${dir};
  uwsgi_temp_path ${dir};
  scgi_temp_path ${dir};
  gzip_static on;
  gzip_vary on;
  ${brotliStatic ? 'brotli_static on;' : ''}
  server {
    listen 127.0.0.1:${port};
    root ${root};
    default_type 'text/plain; charset=utf-8';
    etag on;
    add_header cache-control no-cache;
  }
}
`,
  );
  const child = spawn(nginx, ['-c', conf, '-p', dir], { stdio: 'ignore' });
  const pid = child.pid ?? 0;
  const stop = () => {
    if (child.exitCode === null && child.pid !== undefined) process.kill(child.pid, 'SIGTERM');
  };
  for (let i = 0; i < 100; i++) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}${probe}`);
      await response.arrayBuffer();
      if (response.ok) return { port, pid, brotliStatic, version, cpuMs: () => processCpuMs(pid), stop };
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
  stop();
  throw new Error(`nginx did not answer on port ${port} (see ${join(dir, 'nginx-error.log')})`);
}
