// Which result columns a race or meeting row shows, per no-duel sport (S3-33, S4-25).
import { formatGap, golfRankText, winterDistanceText } from '../../../src/domain/display';
import type { ScoreboardEvent } from '../../../src/scoreboard/types';
import { kk } from '../../../src/i18n/kk';

export type RaceColumn = 'time' | 'gap' | 'laps' | 'points' | 'par' | 'holes' | 'jumps' | 'shots' | 'distance';

const COLUMNS: ReadonlyMap<number, readonly RaceColumn[]> = new Map([
  [23, ['par', 'holes']], // golf: to par and holes played
  [31, ['time', 'gap', 'laps']],
  [32, ['time', 'gap', 'laps']],
  [33, ['time', 'gap', 'laps']],
  [34, ['time', 'gap']], // cycling
  [35, ['time', 'gap']], // horse racing
  [37, ['time', 'gap']],
  [38, ['points', 'jumps']], // ski jumping
  [39, ['time', 'gap']],
  [40, ['time', 'gap', 'distance']],
  [41, ['time', 'gap', 'shots']], // biathlon: missed shots
]);

export function raceColumns(sportId: number): readonly RaceColumn[] {
  return COLUMNS.get(sportId) ?? ['time', 'gap'];
}

export const RACE_COLUMN_LABEL: Readonly<Record<RaceColumn, string>> = {
  time: kk.list.time,
  gap: kk.list.gap,
  laps: kk.list.laps,
  points: kk.list.points,
  par: kk.list.par,
  holes: kk.list.holes,
  jumps: kk.list.jumps,
  shots: kk.list.shooting,
  distance: kk.list.distance,
};

/** S4-25: golf ranks of tied players read 'T3'; other sports '3.'. */
export function rankText(sportId: number, rank: number | undefined, tied: boolean): string {
  if (sportId === 23) return golfRankText(rank, tied);
  return rank === undefined || rank <= 0 ? '' : `${rank}.`;
}

export function parText(par: number | undefined): string {
  if (par === undefined) return '';
  if (par === 0) return 'E';
  return par > 0 ? `+${par}` : String(par);
}

export function columnText(column: RaceColumn, event: ScoreboardEvent, live: boolean): string {
  switch (column) {
    case 'time':
      return event.resultTime ?? '';
    case 'gap':
      return formatGap(event.gap, event.rank);
    case 'laps':
      return event.laps === undefined ? '' : String(event.laps);
    case 'points':
      return event.points === undefined ? '' : String(event.points);
    case 'par':
      return parText(event.parScore);
    case 'holes':
      return event.holesPlayed === undefined ? '' : event.holesPlayed >= 18 ? 'F' : String(event.holesPlayed);
    case 'jumps':
      return [event.jump1, event.jump2].filter(Boolean).join(' / ');
    case 'shots':
      return event.missedShots === undefined ? '' : String(event.missedShots);
    case 'distance':
      return winterDistanceText(event.distance, event.rank, live);
  }
}
