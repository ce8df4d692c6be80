// Display order of events inside a league and of leagues on the page (S4-26).
// The full S4-26 sort key lives in src/domain/sort.ts; until that module offers a comparator
// for list rows, events sort by start time, then rank (no-duel rows), then sort participant,
// then id. The store takes its comparator as an option, so swapping in the domain's one is a
// one-line change in createScoreboard's caller.
import type { EventRecord } from '../protocol/list-feed-types';
import type { ScoreboardLeague } from './types';

/** Compares event rows (a ScoreboardEvent is one too). */
export type EventComparator = (a: EventRecord, b: EventRecord) => number;
export type LeagueComparator = (a: ScoreboardLeague, b: ScoreboardLeague) => number;

function num(value: number | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

function text(a: string | undefined, b: string | undefined): number {
  const x = a ?? '';
  const y = b ?? '';
  return x < y ? -1 : x > y ? 1 : 0;
}

export const compareEventsByStart: EventComparator = (a, b) =>
  num(a.startTime, Number.MAX_SAFE_INTEGER) - num(b.startTime, Number.MAX_SAFE_INTEGER) ||
  num(a.rank, 9999) - num(b.rank, 9999) ||
  text(a.sortParticipant ?? a.home, b.sortParticipant ?? b.home) ||
  text(a.id, b.id);

/** S4-26: top leagues first (ZD `t`), then the league's own sort key `ZX`, then name and id. */
export const compareLeagues: LeagueComparator = (a, b) =>
  (a.type === 't' ? 0 : 1) - (b.type === 't' ? 0 : 1) ||
  text(a.sortKey, b.sortKey) ||
  text(a.name, b.name) ||
  text(a.id, b.id);
