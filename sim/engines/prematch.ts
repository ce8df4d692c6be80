// The part of every duel before kick-off: opening prices a day ahead, a few drifts, line-ups an
// hour before (S3-30 odds and previous odds; AX has lineups).
import type { LineupPlayer } from '../world/state';
import type { DuelContext } from './script';

const HOUR = 3600;

/** Starters per sport for line-ups (others have none). */
const STARTERS: Readonly<Record<number, number>> = {
  1: 11,
  3: 5,
  4: 6,
  7: 7,
  8: 15,
  9: 6,
  10: 11,
  11: 5,
  12: 6,
  19: 13,
  22: 7,
  24: 11,
  26: 5,
};

export function starterCount(sportId: number): number {
  return STARTERS[sportId] ?? 0;
}

export interface Lineups {
  readonly home: readonly LineupPlayer[];
  readonly away: readonly LineupPlayer[];
}

/** Opening odds 20 h before, drifts at 8 h and 1 h, line-ups 60 min before kick-off (returned, or null). */
export function prematch(ctx: DuelContext, probabilities: readonly (number | null)[]): Lineups | null {
  const { script, start, fixture, rng } = ctx;
  script.odds(start - 20 * HOUR, probabilities);
  const drift = (p: readonly (number | null)[]) => {
    const shift = rng.normal(0, 0.02);
    const home = p[0] === null ? null : Math.min(0.97, Math.max(0.02, p[0]! + shift));
    const away = p[2] === null ? null : Math.min(0.97, Math.max(0.02, p[2]! - shift));
    const draw = p[1] === null ? null : Math.max(0.01, 1 - (home ?? 0) - (away ?? 0));
    return [home, draw, away];
  };
  script.odds(start - 8 * HOUR, drift(probabilities));
  const starters = starterCount(fixture.sportId);
  let lineups: Lineups | null = null;
  if (starters > 0 && fixture.competition.type !== 'c' && fixture.home.squad.length > 0) {
    lineups = {
      home: pickLineup(fixture.home.squad, starters, rng),
      away: pickLineup(fixture.away.squad, starters, rng),
    };
    script.at(start - HOUR, { type: 'LineupsAnnounced', matchId: fixture.id, ...lineups });
  }
  script.odds(start - HOUR / 2, drift(probabilities));
  return lineups;
}

/** Starters and bench from a squad: the goalkeeper first when the sport has one. */
function pickLineup(squad: readonly LineupPlayer[], starters: number, rng: DuelContext['rng']): LineupPlayer[] {
  const keepers = squad.filter((p) => p.position === 'GK');
  const outfield = rng.shuffle(squad.filter((p) => p.position !== 'GK'));
  const order = [...keepers.slice(0, 1), ...outfield, ...keepers.slice(1)];
  const bench = Math.min(order.length - starters, Math.max(5, Math.round(starters * 0.7)));
  return order.slice(0, starters + bench).map((p, i) => ({ ...p, starter: i < starters }));
}
