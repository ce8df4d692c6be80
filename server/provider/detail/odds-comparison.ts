// Odds comparison df_od_<sport>_<id> (protocol.md §4.6): the market row (OA/OAU), the scope row
// (OB/OBU), then one row per bookmaker (OE id, OD name, XA/XB/XC, OG active). Each odd is
// `open[u|d]current` when it moved, or just the value when it did not. Two-way markets put the
// two outcomes in XB/XC, as the real parser reads them.
import { type FeedPair, type FeedRow, serializeRows } from '../../../src/protocol/codec';
import type { BookmakerOdds, MatchState } from '../../../sim/world/state';
import { isThreeWay, LABELS } from '../kk-labels';

export function formatOdd(open: number | undefined, current: number | undefined): string {
  if (current === undefined) return '';
  if (open === undefined || open === current) return String(current);
  return `${open}[${current > open ? 'u' : 'd'}]${current}`;
}

function bookmakerRow(odds: BookmakerOdds, threeWay: boolean): FeedRow {
  const row: FeedPair[] = [
    ['OE', String(odds.bookmakerId)],
    ['OD', odds.bookmakerName],
  ];
  const cell = (i: number) => formatOdd(odds.opening[i], odds.current[i]);
  if (threeWay) row.push(['XA', cell(0)], ['XB', cell(1)], ['XC', cell(2)]);
  else row.push(['XB', cell(0)], ['XC', cell(2)]);
  row.push(['OG', odds.active ? '1' : '0']);
  return row;
}

/** `betType` is the optional name suffix (protocol.md §4.6); only the main market (none) has data. */
export function renderOddsComparison(match: MatchState, betType: number | null): string {
  const rows: FeedRow[] = [];
  const threeWay = isThreeWay(match.sportId);
  if (betType === null && match.odds.length > 0) {
    rows.push([
      ['OA', threeWay ? LABELS.market1x2 : LABELS.marketHomeAway],
      ['OAU', threeWay ? '1x2' : 'home-away'],
    ]);
    rows.push([
      ['OB', LABELS.fullTime],
      ['OBU', 'full-time'],
    ]);
    for (const odds of match.odds) rows.push(bookmakerRow(odds, threeWay));
  }
  rows.push([['A1', '']]);
  return serializeRows(rows);
}
