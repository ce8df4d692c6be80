// The schema of a logged fact (sim/facts.ts, docs/stream-format.md), shared by the writer (sim/fact-log.ts,
// `scores generate`) and the readers (`scores replay`, scenarios): a fact whose type is unknown or whose values
// have the wrong type is refused with the path of the first bad value.
import * as v from 'valibot';
import { EVENT_FIELDS, type EventFields, type FieldKind, LEAGUE_FIELDS, type LeagueFields } from '../src/protocol/keys';
import type { Fact, FactType, RaceFieldName, ScoreFieldName } from './facts';

const num = v.number();
const int = v.pipe(v.number(), v.safeInteger());
const str = v.string();
const bool = v.boolean();
const id = v.pipe(v.string(), v.nonEmpty());

/**
 * A sparse set of feed fields (a row carries only some): a record checked key by key against the key table, which
 * is many times faster than an object schema of every optional field.
 */
function fieldsSchema<T>(
  table: ReadonlyArray<readonly [string, string, FieldKind]>,
  keep: (name: string) => boolean = () => true,
  /** Keys checked by another schema beside this one. */
  skip: ReadonlySet<string> = new Set(),
): v.GenericSchema<T> {
  const kinds = new Map<string, 'number' | 'string'>();
  for (const [name, , kind] of table) if (keep(name)) kinds.set(name, kind === 'num' ? 'number' : 'string');
  return v.pipe(
    v.record(v.string(), v.unknown()),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      for (const key in dataset.value) {
        if (skip.has(key)) continue;
        const expected = kinds.get(key);
        const value = dataset.value[key];
        if (expected === undefined) addIssue({ message: `${key} is not a field here`, expected: 'a known field' });
        else if (typeof value !== expected)
          addIssue({ message: `${key} must be ${expected}, got ${describe(value)}`, expected });
        else continue;
        return;
      }
    }),
  ) as unknown as v.GenericSchema<T>;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (value === null || typeof value !== 'object') return String(value);
  return Array.isArray(value) ? 'an array' : 'an object';
}

const SCORE_FIELD =
  /^((home|away)(Score|FullTime|AfterExtraTime|Penalties|Part\d+|Tiebreak\d|GamePoints|Wickets|Overs|Legs)|outs)$/;
const RACE_FIELDS: ReadonlySet<string> = new Set<RaceFieldName>([
  'rank',
  'gap',
  'resultTime',
  'laps',
  'distance',
  'points',
  'holesPlayed',
  'parScore',
  'jump1',
  'jump2',
  'penaltyLaps',
  'missedShots',
  'participantStatus',
  'stopReason',
]);

const eventFields = fieldsSchema<EventFields>(EVENT_FIELDS);
const leagueFields = fieldsSchema<LeagueFields>(LEAGUE_FIELDS, undefined, new Set(['id', 'sportId', 'top']));
const scorePatch = fieldsSchema<Partial<Pick<EventFields, ScoreFieldName>>>(EVENT_FIELDS, (n) => SCORE_FIELD.test(n));
const raceFields = fieldsSchema<Partial<Pick<EventFields, RaceFieldName>>>(EVENT_FIELDS, (n) => RACE_FIELDS.has(n));

const side = v.picklist([1, 2]);
const outcome = v.picklist([0, 1, 2]);

const league = v.intersect([v.looseObject({ id, sportId: int, top: bool }), leagueFields]);
const lineupPlayer = v.object({ name: str, number: num, position: str, starter: bool });
const incident = v.object({
  id,
  side,
  type: int,
  minute: str,
  period: int,
  player: str,
  homeScore: v.optional(num),
  awayScore: v.optional(num),
  secondPlayer: v.optional(str),
  cancelled: v.optional(bool),
});
const statPeriod = v.object({
  period: int,
  lines: v.array(v.object({ id: int, home: str, away: str })),
});
const oddsQuote = v.object({
  bookmakerId: int,
  bookmakerName: str,
  current: v.array(v.nullable(num)),
  active: bool,
});

/** Every fact carries its place in the log. */
const placed = { seq: v.pipe(v.number(), v.safeInteger(), v.minValue(1)), time: v.pipe(v.number(), v.finite()) };

function fact<T extends FactType, E extends v.ObjectEntries>(type: T, entries: E) {
  return v.object({ ...placed, type: v.literal(type), ...entries });
}

// Options in the order of how often a day holds them: the variant tries them in turn.
export const FACT_SCHEMA = v.variant('type', [
  fact('ScoreChanged', { matchId: id, score: scorePatch, correction: v.optional(v.literal(true)) }),
  fact('OddsMoved', { matchId: id, odds: v.array(oddsQuote) }),
  fact('IncidentAdded', { matchId: id, incident }),
  fact('GameTimeChanged', { matchId: id, gameTime: num }),
  fact('ServiceChanged', { matchId: id, service: outcome }),
  fact('StageChanged', { matchId: id, stage: int, periodStartTime: v.optional(num), gameTime: v.optional(num) }),
  fact('StatsChanged', { matchId: id, stats: v.array(statPeriod) }),
  fact('MatchScheduled', { match: v.object({ id, sportId: int, leagueId: id, fields: eventFields }) }),
  fact('MatchStarted', { matchId: id, stage: int, periodStartTime: num, gameTime: num, score: scorePatch }),
  fact('MatchFinished', {
    matchId: id,
    stage: int,
    endTime: num,
    winner: v.optional(outcome),
    fullTimeWinner: v.optional(outcome),
    advanced: v.optional(side),
    infoNotice: v.optional(str),
  }),
  fact('LineupsAnnounced', { matchId: id, home: v.array(lineupPlayer), away: v.array(lineupPlayer) }),
  fact('GoalUnderReview', { matchId: id, side, underReview: bool }),
  fact('LeagueCreated', { league }),
  fact('RedCard', { matchId: id, home: int, away: int }),
  fact('RaceStandingsChanged', { leagueId: id, rows: v.array(v.object({ matchId: id, fields: raceFields })) }),
  fact('RaceStageChanged', {
    leagueId: id,
    stageType: v.picklist([1, 2, 3]),
    stage: int,
    matchIds: v.array(id),
    periodStartTime: v.optional(num),
  }),
  fact('IncidentCancelled', { matchId: id, incidentId: id }),
  fact('StartTimeMoved', { matchId: id, startTime: num }),
  fact('MatchCalledOff', { matchId: id, stage: int, infoNotice: v.optional(str) }),
  fact('MatchesArchived', { matchIds: v.array(id), leagueIds: v.array(id) }),
]);

// The schema and the Fact type must agree: a fact the schema accepts is a Fact.
const agrees: (value: v.InferOutput<typeof FACT_SCHEMA>) => Fact = (value) => value;
void agrees;

/** Why a parsed JSON value is not a fact, or null when it is one. */
export function factProblem(value: unknown): string | null {
  const result = v.safeParse(FACT_SCHEMA, value, { abortEarly: true });
  if (result.success) return null;
  const issue = result.issues[0];
  const path = v.getDotPath(issue);
  const type =
    typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string'
      ? (value as { type: string }).type
      : null;
  if (path === 'type' || (path === null && issue.kind === 'schema' && issue.type === 'variant')) {
    return type === null ? 'no fact type' : `unknown fact type ${JSON.stringify(type)}`;
  }
  if (path === null) return 'not an object';
  if (issue.type === 'raw_check') return `${type ?? 'fact'}.${path}.${issue.message}`;
  const expected = issue.expected ?? 'a valid value';
  return `${type ?? 'fact'}.${path} must be ${expected}, got ${describe(issue.input)}`;
}

/** The value as a Fact, or the reason it is none. */
export function toFact(value: unknown): Fact | string {
  const problem = factProblem(value);
  return problem === null ? (value as Fact) : problem;
}
