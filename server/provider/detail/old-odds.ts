// The older odds feed df_dos_<pt>_<id>_ (protocol.md §4.6, the 2016 form), from the same bookmaker odds as
// df_od_: one record with `MI` the current and `MJ` the opening odds as `1|X|2` (`1|2` in two-way sports),
// `MK` whether each outcome is on offer (1/0), `ML` how each moved since opening (`up`, `down`, or empty
// when unchanged) and `MM` the outcome ids (`o_1|o_0|o_2`). The odds are the first active bookmaker's, the
// featured one of the match page; a match without odds answers the empty body.
import { type FeedPair, serializeRows } from '../../../src/protocol/codec';
import type { MatchState } from '../../../sim/world/state';
import { isThreeWay } from '../kk-labels';

const OUTCOMES_3 = [0, 1, 2] as const;
const OUTCOMES_2 = [0, 2] as const;
const OUTCOME_IDS = ['o_1', 'o_0', 'o_2'] as const;

export function renderOldOdds(match: MatchState): string {
  const odds = match.odds.find((o) => o.active) ?? match.odds[0];
  if (!odds) return 'A1÷¬~';
  const outcomes = isThreeWay(match.sportId) ? OUTCOMES_3 : OUTCOMES_2;
  const list = (value: (i: number) => string) => outcomes.map(value).join('|');
  const move = (i: number) => {
    const open = odds.opening[i];
    const current = odds.current[i];
    if (open === undefined || current === undefined || open === current) return '';
    return current > open ? 'up' : 'down';
  };
  const row: FeedPair[] = [
    ['MI', list((i) => String(odds.current[i] ?? ''))],
    ['MJ', list((i) => String(odds.opening[i] ?? odds.current[i] ?? ''))],
    ['MK', list((i) => (odds.active && odds.current[i] !== undefined ? '1' : '0'))],
    ['ML', list(move)],
    ['MM', list((i) => OUTCOME_IDS[i] ?? '')],
  ];
  return serializeRows([row, [['A1', '']]]);
}
