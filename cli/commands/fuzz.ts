// `scores fuzz [--runs <n>] [--seed <n>]`: model-based runs of feeds, faults and visitor actions
// through the site's machines; a failure is shrunk and written as a replayable scenario.
import type { Command } from 'commander';
import { COMMAND_KINDS, type CommandKind } from '../fuzz/model';
import { runFuzz } from '../fuzz/run-fuzz';
import { INJECTABLE_BUGS, isInjectableBug } from '../replay/bugs';
import { fail, parseIntegerOption } from '../replay/options';

interface FuzzCommandOptions {
  runs?: string;
  seed?: string;
  maxCommands?: string;
  outDir?: string;
  injectBug?: string;
  without?: string;
  json?: boolean;
}

export function registerFuzz(program: Command): void {
  program
    .command('fuzz')
    .description('Model-based fuzzing of feed, fault and visitor sequences through the site machines')
    .option('--runs <n>', 'number of sequences', '100')
    .option('--seed <n>', 'fast-check seed (default: from the clock, printed)')
    .option('--max-commands <n>', 'longest sequence', '40')
    .option('--out-dir <dir>', 'where a failing scenario is written', 'fixtures/regressions')
    .option('--inject-bug <name>', `fuzz a deliberately broken machine (${INJECTABLE_BUGS.join(', ')})`)
    .option('--without <kinds>', `leave command kinds out (${COMMAND_KINDS.join(', ')})`)
    .option('--json', 'print the result as one JSON object')
    .action(async (options: FuzzCommandOptions) => {
      const runs = parseIntegerOption('--runs', options.runs, 100);
      if (typeof runs === 'string' || runs < 1) return fail('fuzz', '--runs must be a positive integer');
      const seed = parseIntegerOption('--seed', options.seed, Date.now() % 2 ** 31);
      if (typeof seed === 'string') return fail('fuzz', seed);
      const maxCommands = parseIntegerOption('--max-commands', options.maxCommands, 40);
      if (typeof maxCommands === 'string' || maxCommands < 1) return fail('fuzz', '--max-commands must be positive');
      if (options.injectBug !== undefined && !isInjectableBug(options.injectBug)) {
        return fail('fuzz', `unknown bug '${options.injectBug}' (known: ${INJECTABLE_BUGS.join(', ')})`);
      }
      const without = (options.without ?? '')
        .split(',')
        .map((k) => k.trim())
        .filter((k) => k !== '');
      const unknown = without.filter((k) => !(COMMAND_KINDS as readonly string[]).includes(k));
      if (unknown.length > 0) return fail('fuzz', `unknown command kind(s) ${unknown.join(', ')}`);
      const started = performance.now();
      const result = await runFuzz({
        runs,
        seed,
        maxCommands,
        outDir: options.outDir,
        injectBug: options.injectBug as never,
        without: without as CommandKind[],
      });
      const seconds = Math.round((performance.now() - started) / 100) / 10;
      if (options.json) {
        process.stdout.write(`${JSON.stringify({ ...result, wallSeconds: seconds })}\n`);
      } else if (result.passed) {
        process.stdout.write(`fuzz: ${result.runs} sequences passed (seed ${result.seed}, ${seconds} s)\n`);
      } else {
        process.stdout.write(
          [
            `fuzz: FAILED after ${result.runs} sequence(s) (seed ${result.seed}, ${seconds} s)`,
            `  ${result.failure}`,
            `  shrunk to ${result.counterexample?.length ?? 0} command(s): ${result.counterexample?.join(', ')}`,
            `  written to ${result.file}`,
            `  replay it: ${result.replayCommand}`,
          ].join('\n') + '\n',
        );
      }
      if (!result.passed) process.exitCode = 1;
    });
}
