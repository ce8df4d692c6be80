// World benchmark: generate and fold one full day of all 40 sports (5,000+ events) against the
// 10 s target, and the fold rate against a plain loop that only JSON-parses the same facts.
import { foldFacts } from '../sim/fold';
import { generateDay } from '../sim/generate-day';

const TARGET_SECONDS = 10; // requirement: generating + folding a full day well under 10 s

export default async function worldBench(): Promise<Record<string, unknown>> {
  const date = '2026-03-14';
  const t0 = performance.now();
  const facts = generateDay({ seed: 20260314, date });
  const t1 = performance.now();
  const state = foldFacts(facts);
  const t2 = performance.now();
  const generateSeconds = (t1 - t0) / 1000;
  const foldSeconds = (t2 - t1) / 1000;
  const totalSeconds = generateSeconds + foldSeconds;

  // Baseline: the cheapest possible pass over the same facts, parsing each JSON line.
  const lines = facts.map((f) => JSON.stringify(f));
  const p0 = performance.now();
  let touched = 0;
  for (const line of lines) touched += (JSON.parse(line) as { seq: number }).seq > 0 ? 1 : 0;
  const p1 = performance.now();
  // Fold again, warm, for a fair rate against the warm parse loop.
  const f0 = performance.now();
  foldFacts(facts);
  const f1 = performance.now();
  const parseRate = touched / ((p1 - p0) / 1000);
  const foldRate = facts.length / ((f1 - f0) / 1000);

  return {
    events: state.matches.size,
    leagues: state.leagues.size,
    facts: facts.length,
    generateSeconds: Number(generateSeconds.toFixed(3)),
    foldSeconds: Number(foldSeconds.toFixed(3)),
    totalSeconds: Number(totalSeconds.toFixed(3)),
    targetSeconds: TARGET_SECONDS,
    /** Below 1 means faster than the target. */
    totalVsTargetRatio: Number((totalSeconds / TARGET_SECONDS).toFixed(3)),
    foldFactsPerSecond: Math.round(foldRate),
    jsonParseFactsPerSecond: Math.round(parseRate),
    /** Fold rate ÷ plain JSON.parse loop rate (above 1: folding is cheaper than parsing the log). */
    foldVsJsonParseRatio: Number((foldRate / parseRate).toFixed(3)),
  };
}
