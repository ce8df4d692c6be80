// `scores generate --seed <n> [--date YYYY-MM-DD] [--sports all|<ids>] --out <file> [--json]`:
// a whole day of the simulated world as a fact log (docs/stream-format.md); `.gz` compresses it.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Command } from 'commander';
import { generateDay } from '../../sim/generate-day';
import { EDITION } from '../../src/domain/edition';
import { sportsOfFacts } from '../replay/backend';
import { factLogHeader, serializeFactLog } from '../../sim/fact-log';
import { fail, parseDateOption, parseIntegerOption, parseSportsOption, todayIn } from '../replay/options';

interface GenerateOptions {
  seed?: string;
  date?: string;
  sports?: string;
  out?: string;
  json?: boolean;
  timezoneHour?: string;
}

export function registerGenerate(program: Command): void {
  program
    .command('generate')
    .description('Generate a whole day of the simulated world as a fact log (JSON lines; .gz to compress)')
    .requiredOption('--seed <n>', 'world seed (the same seed gives the same day)')
    .option('--date <YYYY-MM-DD>', 'local day to generate (default: today in the edition timezone)')
    .option('--sports <all|ids>', 'all, or a comma list of sport ids', 'all')
    .option('--timezone-hour <n>', 'UTC offset of the local day, hours', String(EDITION.timezoneHour))
    .requiredOption('--out <file>', 'where to write the fact log')
    .option('--json', 'print {"facts": n, "events": n, "sports": n}')
    .action(async (options: GenerateOptions) => {
      const seed = parseIntegerOption('--seed', options.seed, 0);
      if (typeof seed === 'string') return fail('generate', seed);
      const tz = Number(options.timezoneHour);
      if (!Number.isInteger(tz) || tz < -12 || tz > 14) return fail('generate', '--timezone-hour must be -12…14');
      const date = parseDateOption(options.date ?? todayIn(tz));
      if (typeof date !== 'string') return fail('generate', date.error);
      const sports = parseSportsOption(options.sports);
      if (typeof sports === 'string') return fail('generate', sports);
      const facts = generateDay({ seed, date, timezoneHour: tz, sports: sports ?? undefined });
      const eventSports = sportsOfFacts(facts);
      const text = serializeFactLog(factLogHeader({ seed, date, timezoneHour: tz, sports: eventSports }), facts);
      const out = options.out!;
      try {
        await mkdir(dirname(out), { recursive: true });
        await writeFile(out, out.endsWith('.gz') ? gzipSync(text) : text);
      } catch (error) {
        return fail('generate', `cannot write ${out}: ${error instanceof Error ? error.message : String(error)}`);
      }
      const summary = {
        facts: facts.length,
        events: facts.filter((f) => f.type === 'MatchScheduled').length,
        sports: eventSports.length,
      };
      process.stdout.write(
        options.json
          ? `${JSON.stringify(summary)}\n`
          : `${out}: ${summary.facts} facts, ${summary.events} events in ${summary.sports} sports on ${date} (seed ${seed})\n`,
      );
    });
}
