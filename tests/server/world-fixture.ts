// Hand-built world states for provider and server tests, written against sim/world/state.ts only.
import type { EventFieldName, EventFields } from '../../src/protocol/keys';
import type { Fact } from '../../sim/facts';
import type { LeagueState, MatchState, WorldState } from '../../sim/world/state';

export const T0 = Date.UTC(2026, 8, 2, 12, 0, 0); // 2026-09-02 12:00 UTC = 17:00 in Almaty (+5)
export const T0_S = T0 / 1000;

export function league(id: string, sportId: number, name: string, top = false, extra: Partial<LeagueState> = {}) {
  const stageId = id.split('_')[1] ?? id;
  return {
    id,
    sportId,
    top,
    name,
    stageId,
    templateId: `tpl${stageId}`,
    countryId: 108,
    countryName: 'Қазақстан',
    type: 'p',
    tournamentId: `tr${stageId}`,
    sortKey: `${top ? '0' : '1'}${name}`,
    ...extra,
  } satisfies LeagueState;
}

export function match(
  id: string,
  leagueId: string,
  sportId: number,
  fields: EventFields,
  version = 1,
  extra: Partial<MatchState> = {},
): MatchState {
  const fieldVersions: Partial<Record<EventFieldName, number>> = {};
  for (const name of Object.keys(fields) as EventFieldName[]) fieldVersions[name] = version;
  return {
    id,
    sportId,
    leagueId,
    fields,
    fieldVersions,
    version,
    incidents: [],
    stats: [],
    lineups: { home: [], away: [] },
    odds: [],
    detailVersion: 0,
    ...extra,
  };
}

/** Applies a change to a match as the fold would: new values, their fields stamped with `version`. */
export function changeMatch(m: MatchState, fields: EventFields, version: number): MatchState {
  const fieldVersions = { ...m.fieldVersions };
  for (const name of Object.keys(fields) as EventFieldName[]) fieldVersions[name] = version;
  return { ...m, fields: { ...m.fields, ...fields }, fieldVersions, version };
}

export function world(
  leagues: readonly LeagueState[],
  matches: readonly MatchState[],
  time = T0,
  moved: ReadonlyMap<string, number> = new Map(),
): WorldState {
  const version = Math.max(0, ...matches.map((m) => m.version), ...moved.values());
  return {
    version,
    time,
    leagues: new Map(leagues.map((l) => [l.id, l])),
    matches: new Map(matches.map((m) => [m.id, m])),
    moved,
  };
}

/** A stand-in for sim/simulation.ts: a settable state and a fact broadcast. */
export class FakeSimulation {
  state: WorldState;
  private readonly listeners = new Set<(facts: readonly Fact[]) => void>();
  constructor(state: WorldState) {
    this.state = state;
  }
  onFacts(listener: (facts: readonly Fact[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  /** Replaces the state and announces the facts that led to it. */
  apply(state: WorldState, facts: readonly Fact[]): void {
    this.state = state;
    for (const listener of this.listeners) listener(facts);
  }
}

const soccerFields = (home: string, away: string, start: number): EventFields => ({
  startTime: start,
  eventStartTime: start,
  stageType: 1,
  stageTypeFromStage: 1,
  stage: 1,
  home,
  away,
  sortParticipant: home,
  homeParticipantId: `p${home.slice(0, 7)}`,
  awayParticipantId: `p${away.slice(0, 7)}`,
  homeShort: home.slice(0, 3).toUpperCase(),
  awayShort: away.slice(0, 3).toUpperCase(),
});

/** A small football world around T0: one live match, one finished, one later today, one tomorrow (in +5). */
export function soccerWorld(): WorldState {
  const kz = league('1_kzPL0001', 1, 'ҚАЗАҚСТАН: Премьер-лига', true, { countryName: 'Қазақстан' });
  const eng = league('1_engPL001', 1, 'АНГЛИЯ: Премьер-лига', false, { countryId: 198, countryName: 'Англия' });
  const live = match(
    'LiveKz01',
    kz.id,
    1,
    {
      ...soccerFields('Қайрат', 'Астана', T0_S - 3600),
      stageType: 2,
      stageTypeFromStage: 2,
      stage: 13,
      homeScore: 2,
      awayScore: 1,
      live: 'y',
      periodStartTime: T0_S - 600,
      gameTime: -1,
      odds1: 1.5,
      oddsX: 4.2,
      odds2: 6,
    },
    3,
  );
  const done = match(
    'DoneKz01',
    kz.id,
    1,
    {
      ...soccerFields('Тобыл', 'Ордабасы', T0_S - 5 * 3600),
      stageType: 3,
      stageTypeFromStage: 3,
      stage: 3,
      homeScore: 0,
      awayScore: 0,
      homeFullTime: 0,
      awayFullTime: 0,
      winner: 0,
      fullTimeWinner: 0,
      endTime: T0_S - 3 * 3600,
    },
    2,
  );
  const later = match('LaterEn1', eng.id, 1, soccerFields('Arsenal', 'Chelsea', T0_S + 3 * 3600), 1);
  // 23:30 UTC = 04:30 next day in Almaty: tomorrow at +5, today at UTC.
  const tomorrow = match('NightEn1', eng.id, 1, soccerFields('Everton', 'Fulham', T0_S + 11.5 * 3600), 1);
  const tennis = match('TennisA1', '2_atp00001', 2, soccerFields('Nadal R.', 'Federer R.', T0_S), 1);
  return world([kz, eng, league('2_atp00001', 2, 'ATP: US Open')], [live, done, later, tomorrow, tennis]);
}
