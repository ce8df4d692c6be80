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
  /**
   * Sports whose lists reload, each with the time (epoch s) of the last fact that reshaped them: their
   * refresh utime goes up to it. The facts' own times, so every server folding them raises A2 alike.
   */
  readonly reshaped: Map<number, number>;
  /** Matches that left the world; `archived` says some did. */
  readonly archivedIds: string[];
  readonly archived: boolean;
}

/** `state`: the world after the facts. */
export function scanFacts(facts: readonly Fact[], state: WorldState): FactScan {
  const scan = {
    sports: new Set<number>(),
    matches: new Set<string>(),
    scheduled: [] as string[],
    reshaped: new Map<number, number>(),
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
    const at = Math.floor(fact.time / 1000);
    const reshape = (sportId: number) => scan.reshaped.set(sportId, Math.max(scan.reshaped.get(sportId) ?? 0, at));
    switch (fact.type) {
      case 'LeagueCreated':
        reshape(fact.league.sportId);
        scan.sports.add(fact.league.sportId);
        break;
      case 'MatchScheduled': {
        const start = fact.match.fields.startTime ?? at;
        if (Math.abs(start - at) <= NEAR_FIXTURE_S) reshape(fact.match.sportId);
        scan.sports.add(fact.match.sportId);
        scan.scheduled.push(fact.match.id);
        break;
      }
      case 'MatchesArchived':
        // The archived matches are gone from the world: every sport's lists reload.
        for (const sport of new Set([...state.leagues.values()].map((l) => l.sportId))) {
          reshape(sport);
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
