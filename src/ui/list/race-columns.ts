// Which result columns a race or meeting row shows, per no-duel sport (S3-33, S4-25).
import type { ScoreboardEvent } from '../../scoreboard/types';
import { kk } from '../../i18n/kk';

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

/** S4-25: a positive gap shows '+' unless the rank is 1. */
export function gapText(gap: string | undefined, rank: number | undefined): string {
  if (gap === undefined || gap === '') return '';
  if (rank === 1) return '';
  const trimmed = gap.trim();
  if (trimmed.startsWith('+') || trimmed.startsWith('-')) return trimmed;
  const numeric = Number.parseFloat(trimmed.replace(':', '.'));
  return Number.isFinite(numeric) && numeric > 0 ? `+${trimmed}` : trimmed;
}

/** S4-25: golf ranks of tied players read 'T3'. */
export function rankText(sportId: number, rank: number | undefined, tied: boolean): string {
  if (rank === undefined || rank <= 0) return '';
  return sportId === 23 && tied ? `T${rank}` : `${rank}.`;
}

export function parText(par: number | undefined): string {
  if (par === undefined) return '';
  if (par === 0) return 'E';
  return par > 0 ? `+${par}` : String(par);
}

/**
 * S4-25: winter-sport distance is shown in km for the live leader only.
 * The feed's distance is in metres (ours, docs/protocol.md).
 */
export function distanceText(event: ScoreboardEvent, live: boolean): string {
  if (!live || event.rank !== 1 || event.distance === undefined) return '';
  return `${(event.distance / 1000).toFixed(1)} км`;
}

export function columnText(column: RaceColumn, event: ScoreboardEvent, live: boolean): string {
  switch (column) {
    case 'time':
      return event.resultTime ?? '';
    case 'gap':
      return gapText(event.gap, event.rank);
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
      return distanceText(event, live);
  }
}
