// A simulation that starts late compacts matches already over: fewer facts, same results.
import { describe, expect, it } from 'vitest';
import { foldFacts } from '../../sim/fold';
import { generateDay } from '../../sim/generate-day';
import { createSimulation } from '../../sim/simulation';

describe('compacted past', () => {
  it('finished matches fold to the same rows, incidents and statistics as the full day log', () => {
    const sports = [2, 4, 35]; // tennis point by point, hockey incidents, horse-racing standings
    const day = generateDay({ seed: 17, date: '2026-03-14', sports });
    const full = foldFacts(day);
    // Start at 06:00 local on the 15th: every match of the 14th is over.
    const sim = createSimulation({ seed: 17, startTime: Date.UTC(2026, 2, 15, 1), sports, pastDays: 1, futureDays: 1 });
    let compared = 0;
    const dropped = new Set<string>();
    for (const [id, row] of full.matches) {
      if (row.fields.stageType !== 3) continue;
      const other = sim.state.matches.get(id);
      expect(other, id).toBeDefined();
      const strip = (fields: object) => Object.fromEntries(Object.entries(fields).filter(([k]) => !dropped.has(k)));
      expect(strip(other!.fields)).toEqual(strip(row.fields));
      expect(other!.incidents).toEqual(row.incidents);
      expect(other!.stats).toEqual(row.stats);
      expect(other!.lineups).toEqual(row.lineups);
      compared++;
    }
    expect(compared).toBeGreaterThan(400);
    const dayFacts = sim.facts.filter((f) => f.time < Date.UTC(2026, 2, 14, 19) && f.time >= Date.UTC(2026, 2, 13, 19));
    expect(dayFacts.length).toBeLessThan(day.length / 2);
  });
});
