// Reading and writing world fact logs (docs/stream-format.md): JSON lines, an optional header
// line first (an object without `seq`), then one Fact per line. A line that is not a fact is
// reported and skipped, never thrown.
import { FACT_TYPES, type Fact } from '../../sim/facts';

export const FACT_LOG_FORMAT = 'scores-facts';

export interface FactLogHeader {
  readonly format: typeof FACT_LOG_FORMAT;
  readonly version: 1;
  readonly seed?: number;
  /** Local day `YYYY-MM-DD` the log covers. */
  readonly date?: string;
  readonly timezoneHour?: number;
  /** Sport ids with events in the log. */
  readonly sports?: readonly number[];
}

export interface FactLog {
  readonly header: FactLogHeader | null;
  readonly facts: Fact[];
}

const KNOWN_TYPES: ReadonlySet<string> = new Set(FACT_TYPES);

/** A fact, or the reason a parsed line is not one. */
export function asFact(value: unknown): Fact | string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'not an object';
  const v = value as Record<string, unknown>;
  if (typeof v.seq !== 'number' || !Number.isSafeInteger(v.seq)) return 'seq is not an integer';
  if (typeof v.time !== 'number' || !Number.isFinite(v.time)) return 'time is not a number';
  if (typeof v.type !== 'string' || !KNOWN_TYPES.has(v.type)) return `unknown fact type ${String(v.type)}`;
  return value as Fact;
}

function asHeader(value: unknown): FactLogHeader | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  if ('seq' in v) return null;
  return { ...(v as object), format: FACT_LOG_FORMAT, version: 1 } as FactLogHeader;
}

/** Parses a fact log; facts come back sorted by seq (a log is ordered, a stray line is not trusted). */
export function parseFactLog(text: string, onBadLine?: (lineNumber: number, reason: string) => void): FactLog {
  let header: FactLogHeader | null = null;
  const facts: Fact[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]?.trim() ?? '';
    if (line === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      onBadLine?.(i + 1, 'not JSON');
      continue;
    }
    if (facts.length === 0 && header === null) {
      const maybeHeader = asHeader(value);
      if (maybeHeader) {
        header = maybeHeader;
        continue;
      }
    }
    const fact = asFact(value);
    if (typeof fact === 'string') onBadLine?.(i + 1, fact);
    else facts.push(fact);
  }
  let sorted = true;
  for (let i = 1; i < facts.length && sorted; i++) sorted = facts[i - 1]!.seq < facts[i]!.seq;
  if (!sorted) facts.sort((a, b) => a.seq - b.seq);
  return { header, facts };
}

/** Serializes a header and facts as JSON lines (a trailing newline included). */
export function serializeFactLog(facts: readonly Fact[], header?: Omit<FactLogHeader, 'format' | 'version'>): string {
  const lines: string[] = [];
  if (header) lines.push(JSON.stringify({ format: FACT_LOG_FORMAT, version: 1, ...header }));
  for (const fact of facts) lines.push(JSON.stringify(fact));
  return `${lines.join('\n')}\n`;
}
