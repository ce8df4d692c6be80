// Helpers for the world tests: plain snapshots of world state and final scores from a fact log.
import type { Fact } from '../../sim/facts';
import type { WorldState } from '../../sim/world/state';

/** World state as plain sorted data, for deep equality. */
export function snapshot(state: WorldState): unknown {
  const byKey = <T>(m: ReadonlyMap<string, T>) => [...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    version: state.version,
    time: state.time,
    leagues: byKey(state.leagues),
    matches: byKey(state.matches),
    moved: byKey(state.moved),
  };
}

export interface FinalRow {
  readonly sportId: number;
  readonly leagueId: string;
  readonly fields: Record<string, string | number>;
  readonly finished: boolean;
  readonly finalStage?: number;
  readonly winner?: number;
}

/** Replays score-bearing facts into plain rows (independent of sim/fold, to cross-check it). */
export function finalRows(facts: readonly Fact[]): Map<string, FinalRow> {
  const rows = new Map<
    string,
    {
      sportId: number;
      leagueId: string;
      fields: Record<string, string | number>;
      finished: boolean;
      finalStage?: number;
      winner?: number;
    }
  >();
  for (const f of facts) {
    if (f.type === 'MatchScheduled') {
      rows.set(f.match.id, {
        sportId: f.match.sportId,
        leagueId: f.match.leagueId,
        fields: { ...f.match.fields } as Record<string, string | number>,
        finished: false,
      });
    } else if (f.type === 'MatchStarted' || f.type === 'ScoreChanged') {
      const row = rows.get(f.matchId);
      if (row) Object.assign(row.fields, f.score);
    } else if (f.type === 'MatchFinished') {
      const row = rows.get(f.matchId);
      if (row) {
        row.finished = true;
        row.finalStage = f.stage;
        if (f.winner !== undefined) row.winner = f.winner;
      }
    }
  }
  return rows;
}

export const num = (row: FinalRow, key: string): number => Number(row.fields[key] ?? 0);
