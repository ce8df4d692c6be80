// Runs every bench/*.bench.ts (or those named on the command line) and writes each one's
// figures to bench/results/<name>.json. A benchmark exports a default async function that
// measures its subject and its baseline in the same run and returns plain JSON figures.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export type BenchFigures = Record<string, unknown>;
export type Benchmark = () => Promise<BenchFigures>;

const benchDir = dirname(fileURLToPath(import.meta.url));
const resultsDir = join(benchDir, 'results');
const wanted = new Set(process.argv.slice(2));
const files = readdirSync(benchDir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.size === 0 || wanted.has(f.replace('.bench.ts', '')))
  .sort();

mkdirSync(resultsDir, { recursive: true });
let failures = 0;
for (const file of files) {
  const name = file.replace('.bench.ts', '');
  process.stdout.write(`bench ${name} … `);
  try {
    const module = (await import(pathToFileURL(join(benchDir, file)).href)) as { default: Benchmark };
    const figures = await module.default();
    const record = { name, date: new Date().toISOString(), node: process.version, figures };
    writeFileSync(join(resultsDir, `${name}.json`), `${JSON.stringify(record, null, 2)}\n`);
    console.log('done');
    console.log(JSON.stringify(figures, null, 2));
  } catch (error) {
    failures += 1;
    console.log('failed');
    console.error(error);
  }
}
process.exit(failures === 0 ? 0 : 1);
