// `npm run cluster`: the clustered site on loopback for a developer to try: NATS JetStream, PostgreSQL, two
// world writers (one writes, one waits on the lease), two edges and nginx in front on http://127.0.0.1:3000 (PORT
// to change it). Kill any one process by its pid (printed) and watch the site carry on: the standby writer takes
// over, the other edge serves, and a dead process is started again a second later, as a service manager would.
// Ctrl-C stops them all.
import { execFileSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLocalCluster } from '../server/cluster/local-cluster';
import { buildClient, clientState } from '../server/client-build';
import { DEFAULT_STATIC_DIR } from '../server/app';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function ensure(script: string): string {
  return execFileSync('bash', [resolve(root, 'scripts', script)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }).trim();
}

async function main(): Promise<void> {
  ensure('ensure-cluster-packages.sh');
  const db = ensure('ensure-postgres.sh');
  const state = clientState(root, DEFAULT_STATIC_DIR);
  if ((state === 'missing' || state === 'stale') && !(await buildClient(root)))
    throw new Error('the client build failed');
  const port = Number(process.env.PORT ?? 3000);
  const cluster = await startLocalCluster({
    root,
    port,
    db,
    speed: Number(process.env.SPEED ?? 1),
    supervise: true,
    writers: 2,
    // What the supervisor does is always told; every process's own output with VERBOSE=1.
    log: (line) => {
      if (process.env.VERBOSE || line.startsWith('[cluster]')) console.log(line);
    },
  });
  console.log(`cluster: the site through nginx at ${cluster.url}/kz/`);
  console.log(`  NATS ${cluster.natsUrl}, accounts on ${db}`);
  for (const p of [...cluster.writers, ...cluster.edges]) {
    const where = 'url' in p ? ` ${(p as { url: string }).url}` : '';
    console.log(`  ${p.name}: pid ${p.child.pid}${where}`);
  }
  console.log('  kill -9 any pid above to watch the rest carry on; Ctrl-C stops everything');
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    cluster.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(`cluster: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
