// The JSONL fact log (docs/stream-format.md): a header line, then one fact per line. Writing checks every fact
// against the schema the readers use (fact-schema.ts), so a log we write always reads back. Reading here is
// forgiving: a line that is not a fact, or breaks the ordering, is skipped and counted, never thrown.
import { factProblem } from './fact-schema';
import type { Fact } from './facts';

export const FACT_LOG_FORMAT = 'kz-scores-facts';
export const FACT_LOG_VERSION = 1;

export interface FactLogHeader {
  readonly format: typeof FACT_LOG_FORMAT;
  readonly version: number;
  readonly seed: number;
  /** Local day `YYYY-MM-DD` the log covers (or the day the simulation started). */
  readonly date: string;
  readonly timezoneHour: number;
  /** Sport ids generated; absent means all. */
  readonly sports?: readonly number[];
}

export function factLogHeader(options: {
  seed: number;
  date: string;
  timezoneHour?: number;
  sports?: readonly number[];
}): FactLogHeader {
  return {
    format: FACT_LOG_FORMAT,
    version: FACT_LOG_VERSION,
    seed: options.seed,
    date: options.date,
    timezoneHour: options.timezoneHour ?? 5,
    ...(options.sports && options.sports.length > 0 ? { sports: [...options.sports] } : {}),
  };
}

/** The whole log as JSONL text (header first, a trailing newline); throws on a fact the schema refuses. */
export function serializeFactLog(header: FactLogHeader, facts: Iterable<Fact>): string {
  const lines = [JSON.stringify(header)];
  for (const fact of facts) {
    const problem = factProblem(fact);
    if (problem !== null) throw new Error(`fact ${fact.seq} cannot be written: ${problem}`);
    lines.push(JSON.stringify(fact));
  }
  return `${lines.join('\n')}\n`;
}

function isHeader(value: unknown): value is FactLogHeader {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return v.format === FACT_LOG_FORMAT && typeof v.version === 'number' && typeof v.seed === 'number';
}

function isFact(value: unknown): value is Fact {
  return factProblem(value) === null;
}

export interface ParsedFactLog {
  readonly header: FactLogHeader | null;
  readonly facts: Fact[];
  /** Lines skipped: not JSON, not a fact, or out of order (seq not increasing, time going back). */
  readonly skipped: number;
}

export function parseFactLog(text: string): ParsedFactLog {
  let header: FactLogHeader | null = null;
  const facts: Fact[] = [];
  let skipped = 0;
  let lastSeq = 0;
  let lastTime = Number.NEGATIVE_INFINITY;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      skipped++;
      continue;
    }
    if (header === null && facts.length === 0 && isHeader(value)) {
      header = value;
      continue;
    }
    if (!isFact(value) || value.seq <= lastSeq || value.time < lastTime) {
      skipped++;
      continue;
    }
    lastSeq = value.seq;
    lastTime = value.time;
    facts.push(value);
  }
  return { header, facts, skipped };
}
