// `scores world --nats <url> [--seed] [--speed] [--start] [--sports] [--id]`: the clustered world's writer.
// It runs the simulation and appends its facts to the NATS JetStream fact log that edges
// (`scores serve --nats <url>`) fold and serve. Only one writer writes at a time: a second one waits as a
// standby and takes over when the first one's lease ages out.
import { hostname } from 'node:os';
import type { Command } from 'commander';
import { DEFAULT_SNAPSHOT_EVERY, startWorldWriter } from '../../server/cluster/world-writer';
import { parseStart } from './serve';

interface WorldOptions {
  readonly nats: string;
  readonly seed: string;
  readonly speed: string;
  readonly start?: string;
  readonly sports?: string;
  readonly id?: string;
  readonly snapshotEvery: string;
}

function usage(message: string): never {
  console.error(`scores world: ${message}`);
  process.exit(2);
}

async function runWorld(options: WorldOptions): Promise<void> {
  const seed = Number(options.seed);
  if (!Number.isInteger(seed)) usage(`invalid seed '${options.seed}'`);
  const speed = Number(options.speed);
  if (!Number.isFinite(speed) || speed <= 0) usage(`invalid speed '${options.speed}'`);
  let startTime: number;
  try {
    startTime = parseStart(options.start);
  } catch (error) {
    usage((error as Error).message);
  }
  const sports = options.sports?.split(',').map(Number);
  if (sports?.some((id) => !Number.isInteger(id) || id <= 0)) usage(`invalid sports '${options.sports}'`);
  if (!/^nats:\/\/[\w.:[\]-]+$/.test(options.nats)) usage(`invalid NATS URL '${options.nats}'`);
  const snapshotEvery = Number(options.snapshotEvery);
  if (!Number.isInteger(snapshotEvery) || snapshotEvery < 0)
    usage(`invalid --snapshot-every '${options.snapshotEvery}'`);
  const id = options.id ?? `${hostname()}-${process.pid}`;
  const writer = await startWorldWriter({
    natsUrl: options.nats,
    config: { seed, startTime, realStart: Date.now(), speed, ...(sports ? { sports } : {}) },
    id,
    snapshotEvery,
    log: (line) => console.log(line),
  });
  const c = writer.config;
  console.log(
    `scores world: writer ${id}, seed ${c.seed}, start ${new Date(c.startTime).toISOString()}, speed ×${c.speed}`,
  );
  console.log('  waiting for the writer lease …');
  writer.writing.then(
    () => console.log(`  writing: the stream holds fact ${writer.lastFact()}`),
    () => {},
  );
  writer.failed.then((error) => {
    console.error(`scores world: stopped: ${error.message}`);
    process.exit(1);
  });
  const shutdown = (signal: string) => {
    console.log(`scores world: ${signal}, handing the lease over`);
    writer.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

export function registerWorld(program: Command): void {
  program
    .command('world')
    .description('Write the clustered world: run the simulation and append its facts to NATS JetStream')
    .requiredOption('--nats <url>', 'NATS server, e.g. nats://127.0.0.1:4222')
    .option('--seed <n>', 'world seed (the first writer’s seed holds for the cluster)', '1')
    .option('--speed <x>', 'virtual time speed factor', '1')
    .option('--start <time>', 'virtual start (ISO time or epoch ms; default now)')
    .option('--sports <ids>', 'comma list of sport ids (default all)')
    .option(
      '--snapshot-every <facts>',
      'store a snapshot of the world every this many facts (0: none)',
      String(DEFAULT_SNAPSHOT_EVERY),
    )
    .option('--id <name>', 'this writer’s name in the lease (default host-pid)')
    .action((options: WorldOptions) =>
      runWorld(options).catch((error: unknown) => {
        console.error(`scores world: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      }),
    );
}
