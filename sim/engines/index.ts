// Turns a fixture into its script of timed facts: the row as published, then the engine of its
// sport. Late kick-off moves and called-off matches are handled here for every sport.
import type { EventFields } from '../../src/protocol/keys';
import { sportById } from '../../src/domain/sports';
import type { FactBody, TimedFact } from '../facts';
import type { DuelFixture, Fixture, RaceFixture } from '../plan/types';
import { idFor, Rng } from '../random';
import { playCombat } from './combat';
import { playCricket } from './cricket';
import { playFrames } from './frames';
import { playInnings } from './innings';
import { PERIOD_SPORTS } from './period-configs';
import { playPeriods } from './periods';
import { playRace } from './races';
import { playRallySets } from './rally';
import { type DuelEngine, Script, ScriptLimitReached } from './script';
import { playSoccer } from './soccer';
import { STAGE } from './stages';
import { playTennis } from './tennis';

const ENGINES = new Map<number, DuelEngine>([
  [1, playSoccer],
  ...PERIOD_SPORTS.map((id) => [id, playPeriods] as const),
  [2, playTennis],
  [12, playRallySets],
  [17, playRallySets],
  [21, playRallySets],
  [25, playRallySets],
  [14, playFrames],
  [15, playFrames],
  [36, playFrames],
  [6, playInnings],
  [30, playInnings],
  [13, playCricket],
  [16, playCombat],
  [28, playCombat],
]);

/** The row of a duel as the list feed shows it before kick-off (protocol.md §3.3). */
export function duelFields(f: DuelFixture): EventFields {
  const sec = Math.floor(f.startTime / 1000);
  const individual = f.competition.individuals === true;
  const fields: EventFields = {
    startTime: sec,
    eventStartTime: sec,
    stageType: 1,
    stageTypeFromStage: 1,
    stage: STAGE.scheduled,
    home: f.home.name,
    away: f.away.name,
    sortParticipant: f.home.name,
    homeFirstName: f.home.name,
    awayFirstName: f.away.name,
    homeShort: f.home.short,
    awayShort: f.away.short,
    homeSlug: f.home.slug,
    awaySlug: f.away.slug,
    homeParticipantId: f.home.id,
    awayParticipantId: f.away.id,
    homeEventParticipantId: idFor(f.seed, `${f.id}/h`),
    awayEventParticipantId: idFor(f.seed, `${f.id}/a`),
    homeImage: f.home.image,
    awayImage: f.away.image,
    round: f.round,
    hasLiveCentre: f.competition.type === 'c' ? 0 : 1,
    hasLineups: 0,
    hasOdds: 1,
    sourceType: 0,
    gameTime: -1,
    homeGoalUnderReview: 0,
    awayGoalUnderReview: 0,
    hasLiveBetting: 'y',
  };
  // S4-22: darts played on sets says so in WL; its rows then show the legs of the set in play.
  if (f.sportId === 14 && f.competition.format === 'sets5') fields.playingOnSets = '1';
  if (individual) {
    fields.homeCountryId = f.home.countryId;
    fields.awayCountryId = f.away.countryId;
    fields.homeCountryName = f.home.countryName;
    fields.awayCountryName = f.away.countryName;
  }
  return fields;
}

/** One row per participant of a race or meeting (S3-33): home = participant, away empty. */
export function raceFields(f: RaceFixture, entry: RaceFixture['entries'][number]): EventFields {
  const sec = Math.floor(f.startTime / 1000);
  const p = entry.participant;
  return {
    startTime: sec,
    eventStartTime: sec,
    stageType: 1,
    stageTypeFromStage: 1,
    stage: STAGE.scheduled,
    home: p.name,
    away: '',
    sortParticipant: p.name,
    homeFirstName: p.name,
    homeShort: p.short,
    homeSlug: p.slug,
    homeParticipantId: p.id,
    homeEventParticipantId: idFor(f.seed, `${entry.matchId}/p`),
    homeImage: p.image,
    homeCountryId: p.countryId,
    homeCountryName: p.countryName,
    round: String(f.round),
    gameTime: -1,
    hasLiveCentre: 1,
    sourceType: 0,
  };
}

/** The publication facts of a fixture: its rows, as MatchScheduled. */
export function scheduleFacts(f: Fixture): FactBody[] {
  if (f.kind === 'race') {
    return f.entries.map((e) => ({
      type: 'MatchScheduled',
      match: { id: e.matchId, sportId: f.sportId, leagueId: f.league.id, fields: raceFields(f, e) },
    }));
  }
  return [
    { type: 'MatchScheduled', match: { id: f.id, sportId: f.sportId, leagueId: f.league.id, fields: duelFields(f) } },
  ];
}

/**
 * Everything that happens to a fixture after publication, in time order; with `untilMs`, only the
 * facts up to that time (the same facts the full script starts with: the fixture's own seed drives
 * it, so when or how often it is written never changes it). Duel engines stop at the limit.
 */
export function scriptFixture(f: Fixture, untilMs = Number.POSITIVE_INFINITY): TimedFact[] {
  const rng = new Rng(f.seed);
  if (f.kind === 'race') {
    const facts = playRace(f, rng);
    return untilMs === Number.POSITIVE_INFINITY ? facts : facts.filter((fact) => fact.time <= untilMs);
  }
  const script = new Script(f.id, rng, untilMs);
  try {
    writeDuel(f, script, rng);
  } catch (error) {
    if (!(error instanceof ScriptLimitReached)) throw error;
  }
  return script.facts;
}

function writeDuel(f: DuelFixture, script: Script, rng: Rng): void {
  const sport = sportById(f.sportId);
  const threeWay = sport?.oddsType === '1x2';
  let startMs = f.startTime;
  if (f.movedStartTime !== undefined) {
    // The move is announced a few hours before the original kick-off (QA rows).
    script.at((f.startTime - rng.int(2, 6) * 3_600_000) / 1000, {
      type: 'StartTimeMoved',
      matchId: f.id,
      startTime: Math.floor(f.movedStartTime / 1000),
    });
    startMs = f.movedStartTime;
  }
  if (f.calledOff !== undefined) {
    script.at(f.startTime / 1000 - rng.int(10, 240) * 60, {
      type: 'MatchCalledOff',
      matchId: f.id,
      stage: f.calledOff,
      infoNotice: f.calledOff === STAGE.postponed ? 'Ойын кейінге шегерілді.' : 'Ойын тоқтатылды.',
    });
    return;
  }
  const engine = ENGINES.get(f.sportId);
  if (!engine) return;
  engine({ fixture: f, script, rng, start: Math.floor(startMs / 1000), threeWay });
}
