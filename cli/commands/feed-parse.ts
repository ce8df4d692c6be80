// `scores feed parse <file|-> [--json]`: what a recorded or live feed body contains.
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { formatFeedSummary, summarizeFeed } from '../../src/protocol/feed-summary';

/** Exit code for input that cannot be read. */
const EXIT_UNREADABLE = 2;

/** UTF-8 as recorded; bytes that are not valid UTF-8 are read as Latin-1 (the separators are Latin-1 characters). */
function decode(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('latin1').decode(bytes);
  }
}

export function registerFeedParse(program: Command): void {
  const feed = program.commands.find((c) => c.name() === 'feed') ?? program.command('feed').description('Feed tools');
  feed
    .command('parse')
    .description('Parse a feed body (a file, or - for stdin) and show its rows, leagues and events')
    .argument('<file>', 'feed body file, or - to read stdin')
    .option('--json', 'print one JSON object: sport, rows, rowTypes, leagues with events')
    .action((file: string, options: { json?: boolean }) => {
      let bytes: Uint8Array;
      try {
        bytes = readFileSync(file === '-' ? 0 : file);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        process.stderr.write(`scores feed parse: cannot read ${file === '-' ? 'stdin' : file}: ${reason}\n`);
        process.exitCode = EXIT_UNREADABLE;
        return;
      }
      const summary = summarizeFeed(decode(bytes));
      process.stdout.write(options.json ? `${JSON.stringify(summary)}\n` : `${formatFeedSummary(summary)}\n`);
    });
}
