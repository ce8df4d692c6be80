// Live sounds (S1-6, S4-37, S4-38): which sound a change of one match earns, and which of the sounds
// an update earns is played. Pure rules: no React, XState, Node or DOM here.
//
// Triggers (from the previous and the current values of one event, only while the match is live
// before or after the change):
//   finished           the stage type goes from live to finished;
//   correction         a side's total score goes down (a retracted goal);
//   score-incremented  a side's total score goes up and neither goes down;
//   tennis-game        tennis only: the games of the current set change (a game ended).
//
// S4-38, read literally and per match: once a match has played its finished sound, its later
// score-incremented triggers stay silent (a late final-score row must not chime again); a
// tennis-game trigger stays silent only once that match has played both a finished and a
// score-incremented sound. Corrections and finished are never blocked. "Played" means the sound
// the machine accepted for that match; a trigger that lost to a more important one was not played.
//
// One sound per update: when several triggers arrive together, the most important one plays,
// in this order: finished > correction > score-incremented > tennis-game. The end of a match
// outranks everything; a correction outranks a new goal because it says an earlier chime was wrong;
// a game in tennis is the least news (a set won in the same update already chimes as a score).
import type { EventFields } from '../protocol/keys';
import { sportById } from './sports';
import { isFinishedStage, isLiveStage, SET_STAGES, STAGE } from './stages';

export const SOUND_KINDS = ['finished', 'correction', 'score-incremented', 'tennis-game'] as const;
export type SoundKind = (typeof SOUND_KINDS)[number];

/** Most important first (see the module comment). */
export const SOUND_PRIORITY: readonly SoundKind[] = SOUND_KINDS;

const TENNIS = 2; // S4-37 tennis-game is tennis's own sound
const TENNIS_SETS = 5; // S3-10 tennis keeps games of sets 1–5 in parts 1–5
const DUEL_KINDS: readonly SoundKind[] = SOUND_KINDS.filter((kind) => kind !== 'tennis-game');
const NO_KINDS: readonly SoundKind[] = [];

/** The values a sound rule reads from an event; any event record or scoreboard event fits. */
export type SoundFields = Pick<
  EventFields,
  | 'stageType'
  | 'stage'
  | 'homeScore'
  | 'awayScore'
  | 'homePart1'
  | 'awayPart1'
  | 'homePart2'
  | 'awayPart2'
  | 'homePart3'
  | 'awayPart3'
  | 'homePart4'
  | 'awayPart4'
  | 'homePart5'
  | 'awayPart5'
>;

/** One match's triggers in one update. */
export interface SoundTrigger {
  readonly matchId: string;
  readonly sportId: number;
  readonly kinds: readonly SoundKind[];
}

/** The sound an update plays, and for which match. */
export interface ChosenSound {
  readonly matchId: string;
  readonly sportId: number;
  readonly kind: SoundKind;
}

/** S4-37: the sounds a sport has; none for motorsport, cycling, horse racing and winter sports. */
export function soundKindsForSport(sportId: number): readonly SoundKind[] {
  if (!sportById(sportId)?.sounds) return NO_KINDS;
  return sportId === TENNIS ? SOUND_KINDS : DUEL_KINDS;
}

export function sportHasSound(sportId: number, kind: SoundKind): boolean {
  return soundKindsForSport(sportId).includes(kind);
}

function score(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

type GamesKey = `${'home' | 'away'}Part${1 | 2 | 3 | 4 | 5}`;

function games(fields: SoundFields, side: 'home' | 'away', set: number): unknown {
  return fields[`${side}Part${set}` as GamesKey];
}

/** 1-based set a tennis stage names (sets 1–5 and their tie-breaks), or 0. */
function tennisSet(stage: unknown): number {
  if (typeof stage !== 'number') return 0;
  if (stage >= STAGE.FIRST_SET_TIEBREAK && stage <= STAGE.FIFTH_SET_TIEBREAK) {
    return stage - STAGE.FIRST_SET_TIEBREAK + 1;
  }
  const set = SET_STAGES.indexOf(stage) + 1;
  return set >= 1 && set <= TENNIS_SETS ? set : 0;
}

/** The games of the set in play changed; with no set named by either stage, any set's games. */
function tennisGameEnded(before: SoundFields, after: SoundFields): boolean {
  const named = new Set([tennisSet(before.stage), tennisSet(after.stage)]);
  named.delete(0);
  const sets = named.size > 0 ? [...named] : [1, 2, 3, 4, 5];
  for (const set of sets) {
    if (score(games(before, 'home', set)) !== score(games(after, 'home', set))) return true;
    if (score(games(before, 'away', set)) !== score(games(after, 'away', set))) return true;
  }
  return false;
}

/**
 * S4-37: the sounds one change of a match triggers, most important first. Nothing for a sport
 * without sounds, for a match not live before or after, or when either side is unknown.
 */
export function soundTriggers(
  sportId: number,
  before: SoundFields | null | undefined,
  after: SoundFields | null | undefined,
): SoundKind[] {
  if (!before || !after) return [];
  const allowed = soundKindsForSport(sportId);
  if (allowed.length === 0) return [];
  if (!isLiveStage(before.stageType) && !isLiveStage(after.stageType)) return [];
  const kinds = new Set<SoundKind>();
  if (isLiveStage(before.stageType) && isFinishedStage(after.stageType, after.stage)) kinds.add('finished');
  const homeBefore = score(before.homeScore);
  const awayBefore = score(before.awayScore);
  const homeAfter = score(after.homeScore);
  const awayAfter = score(after.awayScore);
  if (homeAfter < homeBefore || awayAfter < awayBefore) kinds.add('correction');
  else if (homeAfter > homeBefore || awayAfter > awayBefore) kinds.add('score-incremented');
  if (allowed.includes('tennis-game') && tennisGameEnded(before, after)) kinds.add('tennis-game');
  return SOUND_PRIORITY.filter((kind) => kinds.has(kind) && allowed.includes(kind));
}

/** S4-38: whether a match that already played `played` may not play `kind`. */
export function isSoundBlocked(kind: SoundKind, played: readonly SoundKind[]): boolean {
  if (kind === 'score-incremented') return played.includes('finished');
  if (kind === 'tennis-game') return played.includes('finished') && played.includes('score-incremented');
  return false;
}

/**
 * The one sound an update plays (S4-37, S4-38): the most important trigger, over all matches of
 * the update, that its sport has and its match's history does not block; null when none is left.
 * Among equally important triggers the first match in the update wins.
 */
export function chooseSound(
  triggers: readonly SoundTrigger[],
  playedFor: (matchId: string) => readonly SoundKind[],
): ChosenSound | null {
  let best: ChosenSound | null = null;
  let bestRank = SOUND_PRIORITY.length;
  for (const trigger of triggers) {
    const played = playedFor(trigger.matchId);
    for (const kind of trigger.kinds) {
      const rank = SOUND_PRIORITY.indexOf(kind);
      if (rank < 0 || rank >= bestRank) continue;
      if (!sportHasSound(trigger.sportId, kind) || isSoundBlocked(kind, played)) continue;
      best = { matchId: trigger.matchId, sportId: trigger.sportId, kind };
      bestRank = rank;
    }
  }
  return best;
}
