// A match's script: the timed facts an engine writes for one fixture, in order. The simulation
// merges every script of a day into one log (DESIGN.md: same seed, same day).
import type { FactBody, OddsQuote, ScorePatch, TimedFact } from '../facts';
import type { DuelFixture } from '../plan/types';
import type { Rng } from '../random';
import type { Incident } from '../world/state';
import { quoteOdds } from './odds';

/** Thrown by a script that reached its time limit: the engine stops, the prefix so far is kept. */
export class ScriptLimitReached extends Error {
  constructor() {
    super('script time limit reached');
  }
}

export class Script {
  readonly facts: TimedFact[] = [];
  private last = 0;
  private incidentCount = 0;

  /**
   * `limitMs`: the script stops (ScriptLimitReached) at its first fact after this time. Times never
   * go backwards, so the facts kept are exactly the full script's facts up to the limit.
   */
  constructor(
    readonly matchId: string,
    readonly rng: Rng,
    readonly limitMs = Number.POSITIVE_INFINITY,
  ) {}

  /** Appends a fact at `timeSec` (epoch seconds); times never go backwards inside one script. */
  at(timeSec: number, body: FactBody): void {
    const time = Math.max(Math.round(timeSec) * 1000, this.last);
    if (time > this.limitMs) throw new ScriptLimitReached();
    this.last = time;
    this.facts.push({ time, body });
  }

  score(timeSec: number, score: ScorePatch, correction = false): void {
    this.at(
      timeSec,
      correction
        ? { type: 'ScoreChanged', matchId: this.matchId, score, correction: true }
        : { type: 'ScoreChanged', matchId: this.matchId, score },
    );
  }

  stage(timeSec: number, stage: number, periodStartTime?: number, gameTime?: number): void {
    const body: { type: 'StageChanged'; matchId: string; stage: number; periodStartTime?: number; gameTime?: number } =
      { type: 'StageChanged', matchId: this.matchId, stage };
    if (periodStartTime !== undefined) body.periodStartTime = periodStartTime;
    if (gameTime !== undefined) body.gameTime = gameTime;
    this.at(timeSec, body);
  }

  clock(timeSec: number, gameTime: number): void {
    this.at(timeSec, { type: 'GameTimeChanged', matchId: this.matchId, gameTime });
  }

  service(timeSec: number, service: 0 | 1 | 2): void {
    this.at(timeSec, { type: 'ServiceChanged', matchId: this.matchId, service });
  }

  /** Adds an incident and returns its id (for a later cancellation). */
  incident(timeSec: number, incident: Omit<Incident, 'id'>): string {
    this.incidentCount++;
    const id = `${this.matchId}-${this.incidentCount}`;
    this.at(timeSec, { type: 'IncidentAdded', matchId: this.matchId, incident: { id, ...incident } });
    return id;
  }

  odds(timeSec: number, probabilities: readonly (number | null)[], active = true): void {
    const odds: OddsQuote[] = quoteOdds(probabilities, this.rng, active);
    this.at(timeSec, { type: 'OddsMoved', matchId: this.matchId, odds });
  }

  finish(
    timeSec: number,
    stage: number,
    result: { winner?: 0 | 1 | 2; fullTimeWinner?: 0 | 1 | 2; advanced?: 1 | 2; infoNotice?: string },
  ): void {
    const body: {
      type: 'MatchFinished';
      matchId: string;
      stage: number;
      endTime: number;
      winner?: 0 | 1 | 2;
      fullTimeWinner?: 0 | 1 | 2;
      advanced?: 1 | 2;
      infoNotice?: string;
    } = { type: 'MatchFinished', matchId: this.matchId, stage, endTime: Math.round(timeSec) };
    if (result.winner !== undefined) body.winner = result.winner;
    if (result.fullTimeWinner !== undefined) body.fullTimeWinner = result.fullTimeWinner;
    if (result.advanced !== undefined) body.advanced = result.advanced;
    if (result.infoNotice !== undefined) body.infoNotice = result.infoNotice;
    this.at(timeSec, body);
  }
}

/** What every duel engine is given: the fixture, a script to write and the real kick-off (epoch s). */
export interface DuelContext {
  readonly fixture: DuelFixture;
  readonly script: Script;
  readonly rng: Rng;
  /** Actual kick-off, epoch seconds. */
  readonly start: number;
  /** Pre-match win probabilities [home, draw|null, away]; engines refine them live. */
  readonly threeWay: boolean;
}

export type DuelEngine = (ctx: DuelContext) => void;

export function winnerOf(home: number, away: number): 0 | 1 | 2 {
  return home > away ? 1 : home < away ? 2 : 0;
}

/**
 * A penalty (or shootout) series: `rounds` kicks each, stopping once one side cannot be caught,
 * then sudden death by rounds. Returns the running score after every kick.
 */
export function shootoutKicks(rng: Rng, rounds: number, p: number): { home: number; away: number }[] {
  const seq: { home: number; away: number }[] = [];
  let home = 0;
  let away = 0;
  let homeKicks = 0;
  let awayKicks = 0;
  const settled = () => home > away + Math.max(0, rounds - awayKicks) || away > home + Math.max(0, rounds - homeKicks);
  for (;;) {
    if (rng.chance(p)) home++;
    homeKicks++;
    seq.push({ home, away });
    if (homeKicks <= rounds && settled()) break;
    if (rng.chance(p)) away++;
    awayKicks++;
    seq.push({ home, away });
    if (awayKicks <= rounds ? settled() : home !== away) break;
    if (awayKicks >= 60) {
      home++;
      seq.push({ home, away });
      break;
    }
  }
  return seq;
}
