// The JSONL log (docs/stream-format.md): header first, one fact per line; reading skips bad lines.
import { describe, expect, it } from 'vitest';
import { factLogHeader, parseFactLog, serializeFactLog } from '../../sim/fact-log';
import { foldFacts } from '../../sim/fold';
import { generateDay } from '../../sim/generate-day';
import { snapshot } from './support';

describe('fact log file', () => {
  const facts = generateDay({ seed: 21, date: '2026-03-20', sports: [14, 35] });
  const header = factLogHeader({ seed: 21, date: '2026-03-20', sports: [14, 35] });

  it('writes a header line with seed, date, timezone and version, then one fact per line', () => {
    const text = serializeFactLog(header, facts);
    const lines = text.trimEnd().split('\n');
    expect(lines).toHaveLength(facts.length + 1);
    expect(JSON.parse(lines[0]!)).toEqual({
      format: 'kz-scores-facts',
      version: 1,
      seed: 21,
      date: '2026-03-20',
      timezoneHour: 5,
      sports: [14, 35],
    });
    const parsed = parseFactLog(text);
    expect(parsed.skipped).toBe(0);
    expect(parsed.header).toEqual(header);
    expect(JSON.stringify(snapshot(foldFacts(parsed.facts)))).toBe(JSON.stringify(snapshot(foldFacts(facts))));
  });

  it('skips lines that are not facts or break the order, and never throws', () => {
    const good = serializeFactLog(header, facts.slice(0, 50)).trimEnd().split('\n');
    const bad = [
      good[0]!,
      good[1]!,
      '{not json',
      JSON.stringify({ seq: 99, time: 1, type: 'Nonsense' }),
      good[3]!,
      good[2]!, // out of order
      '0',
      ...good.slice(4),
    ].join('\n');
    const parsed = parseFactLog(bad);
    expect(parsed.skipped).toBe(4);
    expect(parsed.facts.map((f) => f.seq)).toEqual([1, ...facts.slice(2, 50).map((f) => f.seq)]);
    expect(parseFactLog('').facts).toEqual([]);
    expect(parseFactLog('garbage\n\u0000').skipped).toBe(2);
  });
});
