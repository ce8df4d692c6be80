// A world built in steps, and matches written in two parts (the pre-match prefix, then the rest two
// hours before kick-off), end exactly where a whole day's log does: same seed, same facts.
import { describe, expect, it } from 'vitest';
import { foldFacts } from '../../sim/fold';
import { generateDay } from '../../sim/generate-day';
import { buildSimulation, createSimulation } from '../../sim/simulation';
import { snapshot } from './support';

const HOUR = 3_600_000;

describe('lazy world build', () => {
  it('S9-2 S9-3 buildSimulation (in steps) gives the same world as createSimulation', async () => {
    const options = { seed: 21, startTime: Date.UTC(2026, 2, 14, 9), sports: [4, 12], keepLog: false, futureDays: 2 };
    const stepped = await buildSimulation(options);
    expect(snapshot(stepped.state)).toEqual(snapshot(createSimulation(options).state));
    expect(stepped.state.matches.size).toBeGreaterThan(100);
  }, 60_000);

  it('matches published before their script is written whole finish with the rows of the full day log', () => {
    const sports = [1, 4, 2];
    // Start at 00:30 local on the 15th: the whole day lies ahead, so its duels are written in two parts.
    const start = Date.UTC(2026, 2, 14, 19, 30);
    const sim = createSimulation({ seed: 9, startTime: start, sports, pastDays: 1, futureDays: 1, keepLog: false });
    const before = [...sim.state.matches.values()].filter((m) => m.fields.stageType === 1).length;
    expect(before).toBeGreaterThan(50);
    sim.advanceTo(start + 25 * HOUR);
    const day = foldFacts(generateDay({ seed: 9, date: '2026-03-15', sports }));
    let compared = 0;
    for (const [id, row] of day.matches) {
      if (row.fields.stageType !== 3) continue;
      const other = sim.state.matches.get(id);
      expect(other, id).toBeDefined();
      if (other!.fields.stageType !== 3) continue; // still playing past midnight
      expect(other!.fields.homeScore).toBe(row.fields.homeScore);
      expect(other!.fields.awayScore).toBe(row.fields.awayScore);
      expect(other!.fields.stage).toBe(row.fields.stage);
      expect(other!.incidents).toEqual(row.incidents);
      expect(other!.lineups).toEqual(row.lineups);
      expect(other!.odds).toEqual(row.odds);
      compared++;
    }
    expect(compared).toBeGreaterThan(50);
  }, 60_000);
});
