// What a batch of facts touched: the sports and matches whose feeds change, the sports whose lists
// change shape (their A2 is raised so loaded lists reload), and the matches archived.
import type { Fact } from '../../sim/facts';
import type { WorldState } from '../../sim/world/state';

/** A new fixture this close to now (s) reaches lists already loaded: they reload. */
const NEAR_FIXTURE_S = 2 * 86_400;

export interface FactScan {
  readonly sports: Set<number>;
  /** Matches changed by the facts (still in the world). */
  readonly matches: Set<string>;
  /** Matches the facts added. */
  readonly scheduled: string[];
  /** Sports whose lists reload: their refresh utime goes up to now. */
  readonly reshaped: Set<number>;
  /** Matches that left the world; `archived` says some did. */
  readonly archivedIds: string[];
  readonly archived: boolean;
}

/** `state`: the world after the facts; `nowSeconds`: the server's time. */
export function scanFacts(facts: readonly Fact[], state: WorldState, nowSeconds: number): FactScan {
  const scan = {
    sports: new Set<number>(),
    matches: new Set<string>(),
    scheduled: [] as string[],
    reshaped: new Set<number>(),
    archivedIds: [] as string[],
    archived: false,
  };
  const touchMatch = (id: string) => {
    const match = state.matches.get(id);
    if (!match) return;
    scan.sports.add(match.sportId);
    scan.matches.add(id);
  };
  for (const fact of facts) {
    switch (fact.type) {
      case 'LeagueCreated':
        scan.reshaped.add(fact.league.sportId);
        scan.sports.add(fact.league.sportId);
        break;
      case 'MatchScheduled': {
        const start = fact.match.fields.startTime ?? nowSeconds;
        if (Math.abs(start - nowSeconds) <= NEAR_FIXTURE_S) scan.reshaped.add(fact.match.sportId);
        scan.sports.add(fact.match.sportId);
        scan.scheduled.push(fact.match.id);
        break;
      }
      case 'MatchesArchived':
        // The archived matches are gone from the world: every sport's lists reload.
        for (const sport of new Set([...state.leagues.values()].map((l) => l.sportId))) {
          scan.reshaped.add(sport);
          scan.sports.add(sport);
        }
        scan.archivedIds.push(...fact.matchIds);
        scan.archived = true;
        break;
      case 'RaceStageChanged':
        for (const id of fact.matchIds) touchMatch(id);
        break;
      case 'RaceStandingsChanged':
        for (const row of fact.rows) touchMatch(row.matchId);
        break;
      default:
        touchMatch(fact.matchId);
    }
  }
  return scan;
}
