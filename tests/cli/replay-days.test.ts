// Every generated day under fixtures/days replays through the world FeedSource and one site client
// per sport, under every kind of fault, and ends equal to the world's truth with no invariant broken.
// Steps of 5 s keep the suite quick (timers fire at step boundaries; live marks get that slack).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFaultSpec } from '../../cli/replay/faults';
import { loadReplayInput } from '../../cli/replay/input';
import { runReplay } from '../../cli/replay/run';

const DAYS = 'fixtures/days';
const FAULTS = parseFaultSpec('drop=0.1,error=0.05,dup=0.05,delay=0.1,reorder=0.05,pushloss=0.1,restart=0.01');

describe('replaying generated days', () => {
  const files = readdirSync(DAYS).filter((f) => f.endsWith('.jsonl.gz') || f.endsWith('.jsonl'));

  it('S9-3 at least three days of different seeds and dates are committed', async () => {
    expect(files.length).toBeGreaterThanOrEqual(3);
    const keys = new Set<string>();
    for (const file of files) {
      const input = await loadReplayInput(join(DAYS, file));
      if (typeof input === 'string' || input.kind !== 'facts') throw new Error(`${file}: not a fact log`);
      keys.add(`${input.header?.seed}|${input.header?.date}`);
    }
    expect(keys.size).toBe(files.length);
  });

  for (const file of files) {
    it(`S4-2 S4-3 S8-1 S9-1 ${file} converges to the world after faults, no invariant broken`, {
      timeout: 600_000,
    }, async () => {
      const input = await loadReplayInput(join(DAYS, file));
      if (typeof input === 'string') throw new Error(input);
      if (typeof FAULTS === 'string') throw new Error(FAULTS);
      const { report, eventsShown, sports } = await runReplay(input, { faults: FAULTS, seed: 7, stepMs: 5_000 });
      expect(report.invariantViolations).toEqual([]);
      expect(report.mismatches).toEqual([]);
      expect(report.converged).toBe(true);
      expect(report.faultsInjected).toBeGreaterThan(100);
      // Every sport's client ends on the replayed day, holding its events.
      for (const sport of sports) expect(eventsShown[sport]).toBeGreaterThan(0);
      expect(report.simulatedSeconds).toBeGreaterThan(80_000);
    });
  }
});
