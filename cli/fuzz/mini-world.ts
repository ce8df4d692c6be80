// The small world a fuzz run starts from: a few matches of football and hockey around a fixed
// day, some yesterday and tomorrow, published as facts the way the day generator publishes them.
import type { Fact, FactBody } from '../../sim/facts';
import type { LeagueState } from '../../sim/world/state';
import type { EventFields } from '../../src/protocol/keys';

/** 2026-09-02 10:00 UTC = 15:00 in Almaty (+5): well inside the local day. */
export const FUZZ_START = Date.UTC(2026, 8, 2, 10, 0, 0);

export interface FuzzSport {
  readonly id: number;
  /** Stages of play in order (S3-36): halves or periods. */
  readonly periods: readonly number[];
  /** The break between periods. */
  readonly pause: number;
}

export const FUZZ_SPORTS: readonly FuzzSport[] = [
  { id: 1, periods: [12, 13], pause: 38 }, // football: 1st half, 2nd half, half time
  { id: 4, periods: [14, 15, 16], pause: 46 }, // hockey: periods 1–3, pause
];

export interface FuzzMatch {
  readonly id: string;
  readonly sport: FuzzSport;
  /** Day offset from the start day. */
  readonly day: number;
  /** Participant ids of the two teams (PX, PY): what a team follow names. */
  readonly home: string;
  readonly away: string;
}

/** Kick-off offsets (hours from the start) of each sport's matches: today, yesterday and tomorrow. */
const KICKOFFS = [-1, -0.5, 0.5, 2, -24, 24] as const;

/** The id of a sport's one league in the mini world. */
export function fuzzLeagueId(sport: number): string {
  return `${sport}_fz${sport}stg1`;
}

function league(sport: number): LeagueState {
  const stageId = `fz${sport}stg1`;
  return {
    id: fuzzLeagueId(sport),
    sportId: sport,
    top: true,
    name: `ҚАЗАҚСТАН: Фазз лигасы ${sport}`,
    stageId,
    templateId: `fzt${sport}`,
    countryId: 108,
    countryName: 'Қазақстан',
    type: 't',
    tournamentId: `fztr${sport}`,
    sortKey: `0fuzz${sport}`,
  };
}

function fields(index: number, startS: number): EventFields {
  const home = `Үй ${index}`;
  const away = `Қонақ ${index}`;
  return {
    startTime: startS,
    eventStartTime: startS,
    stageType: 1,
    stageTypeFromStage: 1,
    stage: 1,
    home,
    away,
    sortParticipant: home,
    homeParticipantId: `fzh${index}`,
    awayParticipantId: `fza${index}`,
    gameTime: -1,
  };
}

export interface MiniWorld {
  readonly facts: readonly Fact[];
  readonly matches: readonly FuzzMatch[];
}

export function miniWorld(sports: readonly FuzzSport[] = FUZZ_SPORTS): MiniWorld {
  const bodies: FactBody[] = [];
  const matches: FuzzMatch[] = [];
  let index = 0;
  for (const sport of sports) {
    const l = league(sport.id);
    bodies.push({ type: 'LeagueCreated', league: l });
    for (const hours of KICKOFFS) {
      index++;
      const id = `Fz${sport.id}m${String(index).padStart(4, '0')}`.slice(0, 8); // 8 characters, as S3-59 wants
      const startS = Math.floor(FUZZ_START / 1000 + hours * 3600);
      const row = fields(index, startS);
      bodies.push({ type: 'MatchScheduled', match: { id, sportId: sport.id, leagueId: l.id, fields: row } });
      const day = Math.abs(hours) >= 24 ? Math.sign(hours) : 0;
      matches.push({ id, sport, day, home: String(row.homeParticipantId), away: String(row.awayParticipantId) });
    }
  }
  const time = FUZZ_START - 3_600_000;
  return { facts: bodies.map((body, i) => ({ ...body, seq: i + 1, time }) as Fact), matches };
}
