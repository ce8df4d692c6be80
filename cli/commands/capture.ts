// `scores capture wrap <files|dir…> --out <capture.jsonl> [--json]`: raw recorded feed bodies (anything
// `scores feed parse` reads: a day list, update, repair, odds or sys body) as a capture that `scores replay` reads,
// ordered by their time keys. `scores replay <file|dir>` does the same in memory.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Command } from 'commander';
import { wrapRawFeeds } from '../replay/capture';
import { readRawFiles } from '../replay/input';
import { fail } from '../replay/options';

export function registerCapture(program: Command): void {
  const capture = program.command('capture').description('Feed captures: make them from raw recorded feeds');
  capture
    .command('wrap')
    .description('Wrap raw recorded feed bodies (files or directories of them) as one capture for scores replay')
    .argument('<paths...>', 'raw feed body files, or directories of them (.gz ok)')
    .requiredOption('--out <file>', 'where to write the capture (JSON lines)')
    .option('--json', 'print {"feeds": n, "sport": n, "skipped": [{path, kind}]}')
    .action(async (paths: string[], options: { out: string; json?: boolean }) => {
      const files = await readRawFiles(paths);
      if (typeof files === 'string') return fail('capture wrap', files);
      const wrapped = wrapRawFeeds(files, { source: paths.join(' ') });
      if (typeof wrapped === 'string') return fail('capture wrap', wrapped);
      try {
        await mkdir(dirname(options.out), { recursive: true });
        await writeFile(options.out, wrapped.text);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        return fail('capture wrap', `cannot write ${options.out}: ${reason}`);
      }
      const { feeds, sport, skipped } = wrapped;
      if (options.json) {
        process.stdout.write(`${JSON.stringify({ feeds, sport, skipped })}\n`);
        return;
      }
      for (const skip of skipped) {
        process.stderr.write(
          `scores capture wrap: skipped ${skip.path}: a ${skip.kind} body is not part of a day's lists\n`,
        );
      }
      process.stdout.write(`${options.out}: ${feeds} feed response(s) of sport ${sport}\n`);
    });
}
