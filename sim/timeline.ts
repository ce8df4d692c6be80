// From day plans to an ordered stream: publication facts for a day's leagues and fixtures, and
// the merged scripts of all its fixtures. Ties keep plan order, so the order is deterministic.
import { scheduleFacts, scriptFixture } from './engines/index';
import type { FactBody, TimedFact } from './facts';
import type { DayPlan } from './plan/types';

/** LeagueCreated for every league, then MatchScheduled for every row of the day. */
export function publicationFacts(plan: DayPlan, knownLeagues?: Set<string>): FactBody[] {
  const out: FactBody[] = [];
  for (const league of plan.leagues) {
    if (knownLeagues?.has(league.id)) continue;
    knownLeagues?.add(league.id);
    out.push({ type: 'LeagueCreated', league });
  }
  for (const fixture of plan.fixtures) out.push(...scheduleFacts(fixture));
  return out;
}

/** Every fixture's script, merged by time and clamped to start no earlier than `floorMs`. */
export function dayScript(plan: DayPlan, floorMs: number): TimedFact[] {
  const all: TimedFact[] = [];
  for (const fixture of plan.fixtures) {
    for (const fact of scriptFixture(fixture)) {
      all.push(fact.time < floorMs ? { time: floorMs, body: fact.body } : fact);
    }
  }
  // Array.prototype.sort is stable: equal times keep fixture and script order.
  return all.sort((a, b) => a.time - b.time);
}

/** Match and league ids a day plan created (for archiving it later). */
export function planRowIds(plan: DayPlan): { matchIds: string[]; raceLeagueIds: string[] } {
  const matchIds: string[] = [];
  const raceLeagueIds: string[] = [];
  for (const f of plan.fixtures) {
    if (f.kind === 'race') {
      raceLeagueIds.push(f.league.id);
      for (const e of f.entries) matchIds.push(e.matchId);
    } else {
      matchIds.push(f.id);
    }
  }
  return { matchIds, raceLeagueIds };
}
