// A list feed's league row (ZA…ZAF) as the benchmarks build their day lists.
import type { FeedRow } from '../src/protocol/codec';

/** League `index`: a Kazakh league, every tenth a top one. */
export function leagueRow(index: number): FeedRow {
  return [
    ['ZA', `KAZAKHSTAN: League ${index}`],
    ['ZEE', `t${index}`],
    ['ZB', '112'],
    ['ZY', 'Kazakhstan'],
    ['ZC', `st${index}`],
    ['ZD', index % 10 === 0 ? 't' : 'p'],
    ['ZE', `s${index}`],
    ['ZH', `112_t${index}`],
    ['ZJ', '2'],
    ['ZL', '/football/kazakhstan/league/'],
    ['ZX', `00Kazakhstan  0${String(index).padStart(5, '0')}`],
    ['ZAF', 'Kazakhstan'],
  ];
}
