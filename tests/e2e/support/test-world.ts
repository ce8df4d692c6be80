// A small deterministic world for browser tests: every one of the 40 sports has a top league and a
// second league with a finished, a live and a scheduled match (races and meetings for no-duel
// sports), all on today's local day. Tests append facts to change scores live.
import type { Fact, FactBody } from '../../../sim/facts';
import { foldFacts } from '../../../sim/fold';
import type { LeagueState, WorldState } from '../../../sim/world/state';
import type { WorldSimulation } from '../../../server/world-feed-source';
import { EDITION } from '../../../src/domain/edition';
import { SPORTS } from '../../../src/domain/sports';

const DAY_S = 86_400;

export interface TestMatch {
  readonly id: string;
  readonly sportId: number;
  readonly leagueId: string;
  readonly home: string;
  readonly away: string;
  readonly kind: 'finished' | 'live' | 'scheduled' | 'race';
}

export interface TestWorld {
  readonly simulation: WorldSimulation;
  readonly matches: readonly TestMatch[];
  /** Appends facts at the current wall-clock time and tells the feed source. */
  append(bodies: readonly FactBody[]): void;
  liveMatch(sportId: number): TestMatch;
}

function eventId(sportId: number, n: number): string {
  const base = `${String(sportId).padStart(2, '0')}${String(n).padStart(2, '0')}`;
  return `Ev${base}Zz`.slice(0, 8);
}

const COUNTRIES = [
  { id: 198, name: 'Англия', slug: 'england' },
  { id: 119, name: 'Қазақстан', slug: 'kazakhstan' },
];
const TEAMS = ['Астана', 'Қайрат', 'Ордабасы', 'Тобыл', 'Ақтөбе', 'Елімай', 'Жетісу', 'Атырау'];
const RACERS = ['Нұрлан Ә.', 'Ерлан С.', 'Дина Қ.', 'Самат Ж.', 'Айгерім Б.', 'Бауыржан Т.'];

export function createTestWorld(nowMs: number = Date.now()): TestWorld {
  const nowS = Math.floor(nowMs / 1000);
  const tz = EDITION.timezoneHour * 3600;
  const dayStart = Math.floor((nowS + tz) / DAY_S) * DAY_S - tz;
  const dayEnd = dayStart + DAY_S;
  const finishedStart = dayStart + 60;
  const liveStart = Math.max(dayStart + 120, nowS - 20 * 60);
  const scheduledStart = Math.min(dayEnd - 120, nowS + 3 * 3600);
  const bodies: FactBody[] = [];
  const matches: TestMatch[] = [];

  for (const sport of SPORTS) {
    COUNTRIES.forEach((country, ci) => {
      const stageId = `St${String(sport.id).padStart(2, '0')}${ci}abc`.slice(0, 8);
      const leagueId = `${sport.id}_${stageId}`;
      const name = `${country.name.toUpperCase()}: ${ci === 0 ? 'Премьер-лига' : 'Бірінші лига'}`;
      const league: LeagueState = {
        id: leagueId,
        sportId: sport.id,
        top: ci === 0,
        name,
        countryId: country.id,
        countryName: country.name,
        stageId,
        type: ci === 0 ? 't' : 'p',
        tournamentId: `Tr${sport.id}${ci}`,
        templateId: `Tp${sport.id}${ci}`,
        templateKey: `${country.id}_Tp${sport.id}${ci}`,
        url: `/${sport.slug}/${country.slug}/liga-${ci}/`,
        ...(sport.noDuel
          ? {
              raceStageTypes: ci === 0 ? '2' : '1',
              raceStages: ci === 0 ? '2' : '1',
              raceStartTimes: String(ci === 0 ? liveStart : scheduledStart),
            }
          : {}),
      };
      bodies.push({ type: 'LeagueCreated', league });
      if (sport.noDuel) {
        RACERS.forEach((racer, ri) => {
          const id = eventId(sport.id, ci * 10 + ri);
          const live = ci === 0;
          bodies.push({
            type: 'MatchScheduled',
            match: {
              id,
              sportId: sport.id,
              leagueId,
              fields: {
                startTime: live ? liveStart : scheduledStart,
                stageType: 1,
                stage: 1,
                home: racer,
                homeParticipantId: `Pr${sport.id}${ri}`,
                ...(live
                  ? {
                      rank: ri + 1,
                      resultTime: `1:0${ri}.${ri}0`,
                      gap: ri === 0 ? '' : `${ri}.${ri}0`,
                      laps: 10 - ri,
                      parScore: ri - 2,
                      holesPlayed: 9 + ri,
                      points: 120 - ri * 4,
                      jump1: `${120 - ri}.5`,
                      missedShots: ri % 3,
                      distance: 7500,
                    }
                  : {}),
              },
            },
          });
          matches.push({ id, sportId: sport.id, leagueId, home: racer, away: '', kind: 'race' });
        });
        if (ci === 0) {
          bodies.push({
            type: 'RaceStageChanged',
            leagueId,
            stageType: 2,
            stage: 2,
            matchIds: RACERS.map((_, ri) => eventId(sport.id, ri)),
            periodStartTime: liveStart,
          });
        }
        return;
      }
      const kinds = ['finished', 'live', 'scheduled'] as const;
      kinds.forEach((kind, ki) => {
        const id = eventId(sport.id, ci * 10 + ki);
        const home = TEAMS[(ci * 3 + ki) % TEAMS.length];
        const away = TEAMS[(ci * 3 + ki + 4) % TEAMS.length];
        const start = kind === 'finished' ? finishedStart : kind === 'live' ? liveStart : scheduledStart;
        bodies.push({
          type: 'MatchScheduled',
          match: {
            id,
            sportId: sport.id,
            leagueId,
            fields: {
              startTime: start,
              eventStartTime: start,
              stageType: 1,
              stage: 1,
              home,
              away,
              homeParticipantId: `Pa${sport.id}${ci}${ki}`,
              awayParticipantId: `Pb${sport.id}${ci}${ki}`,
              odds1: 1.85,
              oddsX: sport.oddsType === '1x2' ? 3.4 : undefined,
              odds2: 2.1,
            },
          },
        });
        matches.push({ id, sportId: sport.id, leagueId, home, away, kind });
        if (kind === 'scheduled') return;
        const firstStage = firstLiveStage(sport.id);
        bodies.push({
          type: 'MatchStarted',
          matchId: id,
          stage: firstStage,
          periodStartTime: start,
          gameTime: -1,
          score: { homeScore: 0, awayScore: 0, ...(sport.parts >= 2 ? { homePart1: 0, awayPart1: 0 } : {}) },
        });
        bodies.push({
          type: 'ScoreChanged',
          matchId: id,
          score: { homeScore: 1, awayScore: 0, ...(sport.parts >= 2 ? { homePart1: 1, awayPart1: 0 } : {}) },
        });
        bodies.push({
          type: 'IncidentAdded',
          matchId: id,
          incident: {
            id: `In${id}`.slice(0, 8),
            side: 1,
            type: 3,
            minute: "12'",
            period: 1,
            player: 'Исламханов Н.',
            homeScore: 1,
            awayScore: 0,
          },
        });
        bodies.push({
          type: 'StatsChanged',
          matchId: id,
          stats: [
            {
              period: 0,
              lines: [
                { id: 12, home: '55%', away: '45%' },
                { id: 34, home: '9', away: '4' },
              ],
            },
          ],
        });
        if (kind === 'finished') {
          bodies.push({
            type: 'MatchFinished',
            matchId: id,
            stage: 3,
            endTime: start + 6000,
            winner: 1,
            fullTimeWinner: 1,
          });
        }
      });
    });
  }

  return worldFrom(bodies, matches, nowMs);
}

function worldFrom(bodies: readonly FactBody[], matches: readonly TestMatch[], nowMs: number): TestWorld {
  let seq = 0;
  let time = nowMs;
  const toFacts = (list: readonly FactBody[]): Fact[] =>
    list.map((body) => {
      seq += 1;
      time = Math.max(time, Date.now());
      return { ...body, seq, time } as Fact;
    });
  let state: WorldState = foldFacts(toFacts(bodies));
  const listeners = new Set<(facts: readonly Fact[]) => void>();
  const simulation: WorldSimulation = {
    get state() {
      return state;
    },
    onFacts(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    simulation,
    matches,
    append(list) {
      const facts = toFacts(list);
      state = foldFacts(facts, state);
      for (const l of [...listeners]) l(facts);
    },
    liveMatch(sportId) {
      const found = matches.find((m) => m.sportId === sportId && m.kind === 'live');
      if (!found) throw new Error(`no live match for sport ${sportId}`);
      return found;
    },
  };
}

/** A plausible first live stage per sport (S3-36). */
function firstLiveStage(sportId: number): number {
  if ([1, 7, 8, 10, 11, 19, 26].includes(sportId)) return 12; // first half
  if ([4, 9].includes(sportId)) return 14; // first period
  if ([3, 5, 18, 22, 24, 29].includes(sportId)) return 22; // first quarter
  if ([6, 30].includes(sportId)) return 26; // first inning
  if ([2, 12, 14, 17, 21, 25].includes(sportId)) return 17; // first set
  return 2; // live
}

/**
 * A large day for load measurements: `count` live football matches in leagues of 20, on today's
 * local day, all 0-0 at the start.
 */
export function createBulkWorld(count: number, nowMs: number = Date.now()): TestWorld {
  const nowS = Math.floor(nowMs / 1000);
  const tz = EDITION.timezoneHour * 3600;
  const dayStart = Math.floor((nowS + tz) / DAY_S) * DAY_S - tz;
  const start = Math.max(dayStart + 120, nowS - 30 * 60);
  const bodies: FactBody[] = [];
  const matches: TestMatch[] = [];
  const perLeague = 20;
  for (let l = 0; l * perLeague < count; l++) {
    const stageId = `Bk${String(l).padStart(4, '0')}xy`;
    const leagueId = `1_${stageId}`;
    bodies.push({
      type: 'LeagueCreated',
      league: {
        id: leagueId,
        sportId: 1,
        top: l < 3,
        name: `ЕЛ ${l}: Лига ${l}`,
        countryId: 1000 + l,
        countryName: `Ел ${l}`,
        stageId,
        type: l < 3 ? 't' : 'p',
        url: `/football/el-${l}/liga/`,
      },
    });
    for (let i = 0; i < perLeague && l * perLeague + i < count; i++) {
      const n = l * perLeague + i;
      const id = `B${String(n).padStart(5, '0')}xy`;
      const home = `${TEAMS[n % TEAMS.length]} ${n}`;
      const away = `${TEAMS[(n + 3) % TEAMS.length]} ${n + 1}`;
      bodies.push({
        type: 'MatchScheduled',
        match: { id, sportId: 1, leagueId, fields: { startTime: start + i * 60, stageType: 1, stage: 1, home, away } },
      });
      bodies.push({
        type: 'MatchStarted',
        matchId: id,
        stage: 12,
        periodStartTime: start + i * 60,
        gameTime: -1,
        score: { homeScore: 0, awayScore: 0 },
      });
      matches.push({ id, sportId: 1, leagueId, home, away, kind: 'live' });
    }
  }
  return worldFrom(bodies, matches, nowMs);
}
