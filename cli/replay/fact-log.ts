// Reading world fact logs for replay (docs/stream-format.md; sim/fact-log.ts writes them): JSON
// lines, an optional header line first (an object without `seq`), then one Fact per line, checked against the
// writer's own schema (sim/fact-schema.ts). A line that is not a fact is reported with its reason, never thrown.
import { FACT_LOG_FORMAT, FACT_LOG_VERSION, type FactLogHeader as WorldLogHeader } from '../../sim/fact-log';
import { toFact } from '../../sim/fact-schema';
import type { Fact } from '../../sim/facts';
import { type BadLine, jsonLines } from './json-lines';

export { FACT_LOG_FORMAT };

/** A header as read back: sim/fact-log.ts writes every field, a hand-made log may leave some out. */
export type FactLogHeader = Pick<WorldLogHeader, 'format' | 'version'> &
  Partial<Omit<WorldLogHeader, 'format' | 'version'>>;

export interface FactLog {
  readonly header: FactLogHeader | null;
  readonly facts: Fact[];
}

/** A fact, or the reason a parsed line is not one (a wrong-typed value included). */
export function asFact(value: unknown): Fact | string {
  return toFact(value);
}

function asHeader(value: unknown): FactLogHeader | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  if ('seq' in v) return null;
  return { ...(v as object), format: FACT_LOG_FORMAT, version: FACT_LOG_VERSION } as FactLogHeader;
}

/** Parses a fact log; facts come back sorted by seq (a log is ordered, a stray line is not trusted). */
export function parseFactLog(text: string, onBadLine?: BadLine): FactLog {
  let header: FactLogHeader | null = null;
  const facts: Fact[] = [];
  for (const { value, lineNumber } of jsonLines(text, onBadLine)) {
    if (facts.length === 0 && header === null) {
      const maybeHeader = asHeader(value);
      if (maybeHeader) {
        header = maybeHeader;
        continue;
      }
    }
    const fact = asFact(value);
    if (typeof fact === 'string') onBadLine?.(lineNumber, fact);
    else facts.push(fact);
  }
  let sorted = true;
  for (let i = 1; i < facts.length && sorted; i++) sorted = facts[i - 1]!.seq < facts[i]!.seq;
  if (!sorted) facts.sort((a, b) => a.seq - b.seq);
  return { header, facts };
}
