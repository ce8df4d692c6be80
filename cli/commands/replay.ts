// `scores replay <file|dir> [--sports all|<ids>] [--faults <spec>] [--seed <n>] [--json] [--trace <eventId>]
//   [--match <eventId>] [--push-drop <times>] [--skip-bad-lines]`:
// a fact log, feed capture, scenario or raw recorded feeds through the provider and the site's machines, with faults;
// `--match` and `--push-drop` also run the site's root actor tree and print its timeline, as visitor events in
// the input do for the visitor's tabs;
// exit code 1 when the clients did not converge or an invariant broke, 2 for bad usage or bad input (a corrupt line
// is `file:line: reason` unless --skip-bad-lines).
import type { Command } from 'commander';
import { INJECTABLE_BUGS, isInjectableBug } from '../replay/bugs';
import { parseFaultSpec } from '../replay/faults';
import { DEFAULT_STEP_MS } from '../replay/harness';
import { loadReplayInput } from '../replay/input';
import { fail, parseIntegerOption, parseSportsOption } from '../replay/options';
import { type PushDrop, parsePushDrops } from '../replay/push-drops';
import { runReplay } from '../replay/run';
import { serveReplay } from '../replay/serve';
import { formatSiteTrace } from '../replay/site-trace';
import { formatReplaySummary } from '../replay/summary';
import { formatTrace, traceJsonLines, withWorldVersions } from '../replay/trace';

interface ReplayOptions {
  sports?: string;
  faults?: string;
  seed?: string;
  json?: boolean;
  trace?: string;
  stepMs?: string;
  injectBug?: string;
  match?: string;
  pushDrop?: string;
  serve?: boolean;
  port?: string;
  host?: string;
  build?: boolean;
  skipBadLines?: boolean;
}

interface BadLine {
  readonly line: number;
  readonly reason: string;
}

/** Line numbers as a short list: `3, 7, 12 and 40 more`. */
function lineList(lines: readonly BadLine[], shown = 20): string {
  const head = lines.slice(0, shown).map((b) => b.line);
  return lines.length > shown ? `${head.join(', ')} and ${lines.length - shown} more` : head.join(', ');
}

export function registerReplay(program: Command): void {
  program
    .command('replay')
    .description('Replay a fact log, feed capture or scenario through the feed server and the site machines')
    .argument(
      '<file>',
      'fact log (scores generate), capture (scores record), scenario (fixtures/regressions), or a raw recorded ' +
        'feed body or directory of them (anything scores feed parse reads); .gz ok',
    )
    .option('--sports <all|ids>', 'sports that get a client: all, or a comma list of ids', 'all')
    .option('--faults <spec>', 'e.g. drop=0.1,error=0.05,dup=0.05,delay=0.1,reorder=0.05,pushloss=0.1,restart=0.01')
    .option('--seed <n>', 'seed of the fault choices and retry delays', '1')
    .option('--json', 'print the whole report as one JSON object (then the trace as JSON lines)')
    .option('--trace <eventId>', 'print the dated timeline of one match as the client saw it')
    .option('--skip-bad-lines', 'skip lines that are not JSON or not valid, and report their count and numbers')
    .option('--step-ms <n>', 'virtual time per step, ms', String(DEFAULT_STEP_MS))
    .option('--inject-bug <name>', `run a deliberately broken machine (${INJECTABLE_BUGS.join(', ')})`)
    .option('--match <eventId>', "open this match's page in the site's actor tree and print its timeline")
    .option('--push-drop <times>', "drop the site's push socket: <at>[+<for>],… from the start, e.g. 10m,30m+2m")
    .option('--serve', 'serve the site over the replayed day, with a timeline bar (play, pause, step, seek)')
    .option('--port <n>', 'with --serve: port (default 3000; 0 picks a free one)')
    .option('--host <h>', 'with --serve: host to listen on (default 127.0.0.1)')
    .option('--no-build', 'with --serve: do not build the client when dist/ is missing or stale')
    .action(async (file: string, options: ReplayOptions) => {
      if (options.serve) return serveReplay(file, { port: options.port, host: options.host, build: options.build });
      const sports = parseSportsOption(options.sports);
      if (typeof sports === 'string') return fail('replay', sports);
      const faults = parseFaultSpec(options.faults ?? '');
      if (typeof faults === 'string') return fail('replay', faults);
      const seed = parseIntegerOption('--seed', options.seed, 1);
      if (typeof seed === 'string') return fail('replay', seed);
      const stepMs = parseIntegerOption('--step-ms', options.stepMs, DEFAULT_STEP_MS);
      if (typeof stepMs === 'string' || stepMs < 10) return fail('replay', '--step-ms must be an integer ≥ 10');
      let pushDrops: PushDrop[] = [];
      if (options.pushDrop !== undefined) {
        const parsed = parsePushDrops(options.pushDrop);
        if (typeof parsed === 'string') return fail('replay', parsed);
        pushDrops = parsed;
      }
      if (options.match !== undefined && !/^\w+$/.test(options.match)) {
        return fail('replay', `bad match id '${options.match}'`);
      }
      if (options.injectBug !== undefined && !isInjectableBug(options.injectBug)) {
        return fail('replay', `unknown bug '${options.injectBug}' (known: ${INJECTABLE_BUGS.join(', ')})`);
      }
      if (options.trace !== undefined && !/^\w+$/.test(options.trace)) {
        return fail('replay', `bad trace event id '${options.trace}'`);
      }
      const badLines: BadLine[] = [];
      const input = await loadReplayInput(
        file,
        (line, reason) => {
          badLines.push({ line, reason });
        },
        (note) => process.stderr.write(`scores replay: ${note}\n`),
      );
      if (typeof input === 'string') return fail('replay', input);
      if (badLines.length > 0) {
        const first = badLines[0]!;
        if (!options.skipBadLines) {
          const more =
            badLines.length > 1 ? ` (and ${badLines.length - 1} more bad line(s); --skip-bad-lines skips them)` : '';
          return fail('replay', `${file}:${first.line}: ${first.reason}${more}`);
        }
        process.stderr.write(
          `scores replay: skipped ${badLines.length} bad line(s) in ${file}: ${lineList(badLines)} (first: line ${first.line}: ${first.reason})\n`,
        );
      }
      const result = await runReplay(input, {
        sports,
        faults,
        seed,
        stepMs,
        traceId: options.trace,
        injectBug: options.injectBug as never,
        match: options.match,
        pushDrops,
      });
      const { report } = result;
      process.stdout.write(options.json ? `${JSON.stringify(report)}\n` : `${formatReplaySummary(file, result)}\n`);
      if (options.trace) {
        const facts = input.kind === 'facts' ? input.facts : input.kind === 'scenario' ? input.scenario.facts : null;
        const trace = withWorldVersions(result.trace, facts);
        const lines = options.json ? traceJsonLines(options.trace, trace) : [formatTrace(options.trace, trace)];
        for (const line of lines) process.stdout.write(`${line}\n`);
      }
      if (options.match !== undefined || pushDrops.length > 0 || result.visitorEvents > 0) {
        (options.json ? process.stderr : process.stdout).write(`${formatSiteTrace(result.siteTrace)}\n`);
      }
      if (!report.converged || report.invariantViolations.length > 0) process.exitCode = 1;
    });
}
