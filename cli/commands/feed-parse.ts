// `scores feed parse <file|-> [--json]`: what a recorded or live feed body contains, which feed it is, and what
// is wrong with it (warnings on stderr, exit code 2 for input that cannot be read or is no feed at all).
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { FEED_BODY_KINDS, type FeedBodyKind } from '../../src/protocol/feed-body-kind';
import { formatFeedInspection, inspectFeed, isNotAFeed } from '../../src/protocol/feed-inspect';
import { escapeTerminalText } from '../../src/protocol/terminal-text';

/** Exit code for bad input (every scores command): a file that cannot be read, or no feed at all (S5-7). */
const EXIT_BAD_INPUT = 2;

/** The kind names, wrapped for the help text. */
function kindLines(width = 100): string {
  const lines: string[] = [];
  let line = 'Kinds:';
  const names = Object.keys(FEED_BODY_KINDS) as FeedBodyKind[];
  names.forEach((name, i) => {
    const word = `${name}${i === names.length - 1 ? '.' : ','}`;
    if (line.length + 1 + word.length > width) {
      lines.push(line);
      line = `       ${word}`;
    } else line += ` ${word}`;
  });
  return [...lines, line].join('\n');
}

const HELP_AFTER = `
${kindLines()}

Warnings go to stderr, one per line: empty input, not a feed, bytes that are not valid UTF-8, a byte-order
mark, mojibake, a truncated last record, cells without key÷value, control characters. Control characters are
shown escaped (\\x07, \\u009b), never written raw.

--json prints one JSON object: the summary (sport, rows, rowTypes, leagues), then kind, encoding, bytes,
warnings, framing and records (every record as [[key, value] or [text], ...], in order, as written).

Exit codes:
  0  a feed was read (warnings, if any, are on stderr)
  2  bad usage (unknown option, missing argument), a file that cannot be read, or not a feed: empty input
     (no bytes, blank, or an S5-7 empty body such as 0) or text that is not a feed (the JSON is still printed)`;

export function registerFeedParse(program: Command): void {
  const feed = program.commands.find((c) => c.name() === 'feed') ?? program.command('feed').description('Feed tools');
  feed
    .command('parse')
    .description(
      'Parse a feed body (a file, or - for stdin): its kind, rows, leagues and events, and what is wrong with it',
    )
    .argument('<file>', 'feed body file, or - to read stdin')
    .option('--json', 'print one JSON object: the summary, kind, warnings and every record losslessly')
    .addHelpText('after', HELP_AFTER)
    .action((file: string, options: { json?: boolean }) => {
      let bytes: Uint8Array;
      try {
        bytes = readFileSync(file === '-' ? 0 : file);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        process.stderr.write(
          `scores feed parse: ${escapeTerminalText(`cannot read ${file === '-' ? 'stdin' : file}: ${reason}`)}\n`,
        );
        process.exitCode = EXIT_BAD_INPUT;
        return;
      }
      const inspection = inspectFeed(bytes);
      for (const warning of inspection.warnings)
        process.stderr.write(`scores feed parse: warning: ${warning.message}\n`);
      process.stdout.write(options.json ? `${JSON.stringify(inspection)}\n` : `${formatFeedInspection(inspection)}\n`);
      process.exitCode = isNotAFeed(inspection.kind) ? EXIT_BAD_INPUT : 0;
    });
}
