// `scores record --url <base> --sport <id> --seconds <n> --out <file>`: records a running server's
// feed responses and push messages as a capture that `scores replay` accepts.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Command } from 'commander';
import { EDITION } from '../../src/domain/edition';
import { sportById } from '../../src/domain/sports';
import { fail } from '../replay/options';
import { recordCapture } from '../replay/recorder';

interface RecordCommandOptions {
  url?: string;
  sport?: string;
  seconds?: string;
  out?: string;
  day?: string;
  json?: boolean;
}

export function registerRecord(program: Command): void {
  program
    .command('record')
    .description("Record a running server's feeds (full, update, repair, sys) and push messages as a capture")
    .requiredOption('--url <base>', 'server origin, e.g. http://127.0.0.1:3000')
    .requiredOption('--sport <id>', 'sport id')
    .requiredOption('--seconds <n>', 'how long to record (wall-clock seconds)')
    .requiredOption('--out <file>', 'where to write the capture (JSON lines)')
    .option('--day <n>', 'day offset of the list (S2-29)', '0')
    .option('--json', 'print {"feeds": n, "pushes": n}')
    .action(async (options: RecordCommandOptions) => {
      let origin: URL;
      try {
        origin = new URL(options.url!);
        if (origin.protocol !== 'http:' && origin.protocol !== 'https:') throw new Error('not http(s)');
      } catch {
        return fail('record', `bad --url '${options.url}', expected http(s)://host:port`);
      }
      const sport = Number(options.sport);
      if (!Number.isInteger(sport) || !sportById(sport) || sportById(sport)?.isGroup) {
        return fail('record', `unknown sport id '${options.sport}'`);
      }
      const seconds = Number(options.seconds);
      if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 86_400) {
        return fail('record', '--seconds must be a number of seconds above 0 (at most a day)');
      }
      const day = Number(options.day);
      if (!Number.isInteger(day) || Math.abs(day) > 7) return fail('record', '--day must be an integer −7…7');
      const result = await recordCapture({
        url: origin.origin,
        sport,
        seconds,
        day,
        page: { timezoneHour: EDITION.timezoneHour, language: EDITION.language, projectType: EDITION.projectType },
        log: (message) => process.stderr.write(`scores record: ${message}\n`),
      });
      if (result.feeds === 0) return fail('record', `no feed answered at ${origin.origin}`, 1);
      try {
        await mkdir(dirname(options.out!), { recursive: true });
        await writeFile(options.out!, result.text);
      } catch (error) {
        return fail('record', `cannot write ${options.out}: ${error instanceof Error ? error.message : String(error)}`);
      }
      process.stdout.write(
        options.json
          ? `${JSON.stringify({ feeds: result.feeds, pushes: result.pushes })}\n`
          : `${options.out}: ${result.feeds} feed responses and ${result.pushes} push messages\n`,
      );
    });
}
