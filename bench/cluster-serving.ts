// Feed serving through nginx (issue #22): the football day list requested as a browser would (gzip), through
// nginx in front of two edges against nginx in front of one of them, in the same run. Requests per second and
// CPU per request of the edges, of nginx and of the load generator (several processes: bench/http-load.ts), so
// the figure carries to machines with more cores than this one's two.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, NGINX_BIN, startLocalCluster, waitForOk } from '../server/cluster/local-cluster';
import { nginxConfig } from '../server/cluster/nginx-config';
import { type LoadResult, startLoadGenerator } from './http-load';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PATH = '/47/x/feed/f_1_0_5_kk_1';
const HEADERS = { 'x-fsign': 'SW9D1eZo', 'accept-encoding': 'gzip, deflate, br' };
const CONNECTIONS = 32;
const DURATION_MS = 8_000;
const WARM_MS = 3_000;
const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** CPU seconds a process and its children (nginx's workers) have used so far. */
function cpuSeconds(pid: number): number {
  let pids = [pid];
  try {
    pids = pids.concat(
      execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
        .split('\n')
        .filter(Boolean)
        .map(Number),
    );
  } catch {}
  let ticks = 0;
  for (const p of pids) {
    try {
      const fields = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
    } catch {}
  }
  return ticks / TICKS_PER_SECOND;
}

export async function servingFigures(): Promise<Record<string, unknown>> {
  const cluster = await startLocalCluster({ root, sports: [1], speed: 1, seed: 7 });
  const dir = mkdtempSync(join(tmpdir(), 'nginx-one-'));
  const port = await freePort();
  const [first] = cluster.edges;
  writeFileSync(
    join(dir, 'nginx.conf'),
    nginxConfig({ listen: `127.0.0.1:${port}`, edges: [new URL(first!.url).host], runDir: dir }),
  );
  const oneEdgeNginx = spawn(NGINX_BIN, ['-c', join(dir, 'nginx.conf'), '-p', dir], { stdio: 'inherit' });
  const generator = await startLoadGenerator(2);
  try {
    await waitForOk(`http://127.0.0.1:${port}/nginx-health`, 10_000);
    const measure = async (nginxPid: number, nginxPort: number, edgePids: readonly number[]) => {
      await generator.run({
        port: nginxPort,
        path: PATH,
        headers: HEADERS,
        connections: CONNECTIONS,
        durationMs: WARM_MS,
      });
      const before = { edges: edgePids.map(cpuSeconds), nginx: cpuSeconds(nginxPid) };
      const result: LoadResult = await generator.run({
        port: nginxPort,
        path: PATH,
        headers: HEADERS,
        connections: CONNECTIONS,
        durationMs: DURATION_MS,
      });
      const requests = result.requestsPerSecond * (DURATION_MS / 1000);
      const edgeCpu = edgePids.reduce((sum, pid, i) => sum + cpuSeconds(pid) - before.edges[i]!, 0);
      const nginxCpu = cpuSeconds(nginxPid) - before.nginx;
      return {
        requestsPerSecond: Math.round(result.requestsPerSecond),
        bytesPerResponse: result.bytesPerResponse,
        latencyP99Ms: result.latencyP99Ms,
        non2xx: result.non2xx,
        edgeCpuMsPerRequest: Number(((edgeCpu * 1000) / requests).toFixed(3)),
        nginxCpuMsPerRequest: Number(((nginxCpu * 1000) / requests).toFixed(3)),
        generatorCores: result.generatorCores,
      };
    };
    const edgePids = cluster.edges.map((edge) => edge.child.pid!);
    const one = await measure(oneEdgeNginx.pid!, port, [edgePids[0]!]);
    const two = await measure(cluster.balancer.child.pid!, Number(new URL(cluster.url).port), edgePids);
    const oneAgain = await measure(oneEdgeNginx.pid!, port, [edgePids[0]!]);
    const oneRps = (one.requestsPerSecond + oneAgain.requestsPerSecond) / 2;
    return {
      description:
        'the football day list with accept-encoding gzip/br through nginx: two edges vs one edge (the one-edge run before and after, averaged); CPU per request of each part',
      connections: CONNECTIONS,
      durationMs: DURATION_MS,
      cores: 2,
      oneEdge: one,
      twoEdges: two,
      oneEdgeAgain: oneAgain,
      twoEdgesVsOneRps: Number((two.requestsPerSecond / oneRps).toFixed(2)),
    };
  } finally {
    generator.stop();
    oneEdgeNginx.kill('SIGTERM');
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
