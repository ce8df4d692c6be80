// One day of the world: which competitions play, who meets whom, and when. A pure function of
// (seed, day), so the simulation and `scores generate` agree on every fixture (S2-29, S9-3).
import { upper } from '../catalog/countries';
import { competitionsForSport } from '../catalog/competitions';
import { participantsOf } from '../catalog/participants';
import { slugify } from '../catalog/slug';
import { idFor, Rng } from '../random';
import type { LeagueState } from '../world/state';
import { sportById, SPORTS } from '../../src/domain/sports';
import type { Competition, DayPlan, DuelFixture, Fixture, RaceFixture } from './types';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** Days since the epoch of the local day holding `timeMs` (timezone hour `tz`, S7-1). */
export function localDayIndex(timeMs: number, tz: number): number {
  return Math.floor((timeMs + tz * HOUR_MS) / DAY_MS);
}

/** Epoch ms of local midnight starting day `dayIndex`. */
export function localDayStart(dayIndex: number, tz: number): number {
  return dayIndex * DAY_MS - tz * HOUR_MS;
}

/** `YYYY-MM-DD` of a local day. */
export function dayIndexOfDate(date: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new Error(`Bad date '${date}', expected YYYY-MM-DD`);
  return Math.floor(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS);
}

/** Sports that hold events of their own (the group parents 31 and 37 only gather children, S3-2). */
export const EVENT_SPORTS: readonly number[] = SPORTS.filter((s) => !s.isGroup).map((s) => s.id);

/** ZJ sport stage type (protocol.md §3.2: 2 league, 5 tennis …). */
function sportStageType(sportId: number): number {
  if (sportId === 2) return 5;
  return sportById(sportId)?.noDuel ? 11 : 2;
}

const ROUND_NAMES = ['1/16 финал', '1/8 финал', 'Ширек финал', 'Жартылай финал', 'Финал'];
const TOUR_ROUNDS = ['1-айналым', '2-айналым', '1/8 финал', 'Ширек финал', 'Жартылай финал', 'Финал'];

function leagueTitle(c: Competition): string {
  if (c.kind !== 'league' && c.kind !== 'cup' && c.name.includes(':')) return c.name;
  return `${upper(c.country.name)}: ${c.name}`;
}

function leagueFor(
  seed: number,
  c: Competition,
  stageId: string,
  title: string,
  extra: Partial<LeagueState>,
): LeagueState {
  const sport = sportById(c.sportId)!;
  const templateId = idFor(seed, `template/${c.key}`);
  const typeOrder = { t: 0, p: 1, s: 2, c: 3 }[c.type];
  return {
    id: `${c.sportId}_${stageId}`,
    sportId: c.sportId,
    top: c.top,
    name: title,
    templateId,
    countryId: c.country.id,
    countryName: c.country.name,
    stageId,
    type: c.type,
    tournamentId: idFor(seed, `season/${c.key}`),
    sourceType: 0,
    hasLiveTable: c.kind === 'league' ? 1 : 0,
    standingsType: c.kind === 'cup' ? 2 : 1,
    templateKey: `${c.country.id}_${templateId}`,
    sportStageType: sportStageType(c.sportId),
    url: `/${sport.slug}/${c.country.slug}/${slugify(c.name) || templateId.toLowerCase()}/`,
    image: `${idFor(seed, `limg/${c.key}`)}-${idFor(seed, `limgh/${c.key}`)}.png`,
    sortKey: `${c.top ? 0 : 1}${typeOrder}${c.country.name.padEnd(24, ' ')}${title}`,
    categoryName: c.kind === 'tour' && c.name.includes(':') ? c.name.split(':')[0]! : c.country.name,
    ...extra,
  };
}

/** Local kick-off hour → epoch ms within the Kazakh day `dayIndex`. */
function kickoffTime(dayStart: number, localMinutes: number, c: Competition, tz: number): number {
  const utcMinutes = localMinutes - c.country.utc * 60 + tz * 60;
  const wrapped = ((utcMinutes % 1440) + 1440) % 1440;
  return dayStart + wrapped * 60_000;
}

function planDuels(seed: number, dayIndex: number, tz: number, c: Competition, rng: Rng, out: Fixture[]): LeagueState {
  const stageId = idFor(seed, `stage/${c.key}`);
  const league = leagueFor(seed, c, stageId, leagueTitle(c), {});
  const field = participantsOf(seed, c);
  const shuffled = rng.shuffle(field);
  const pairs = Math.min(c.perDay ?? Math.floor(field.length / 2), Math.floor(field.length / 2));
  const dayStart = localDayStart(dayIndex, tz);
  const [from, to] = c.kickoff;
  const spanMinutes = Math.max(60, (to - from) * 60);
  const tourLike = c.kind === 'tour';
  // Leagues kick off in a few slots; tours spread matches through the day's window.
  const slots = Array.from(
    { length: rng.int(1, 4) },
    () => from * 60 + Math.floor((rng.next() * (spanMinutes - 60)) / 15) * 15,
  );
  const round =
    c.kind === 'cup'
      ? ROUND_NAMES[dayIndex % ROUND_NAMES.length]!
      : tourLike
        ? TOUR_ROUNDS[dayIndex % TOUR_ROUNDS.length]!
        : `${1 + (Math.floor(dayIndex / 3) % Math.max(1, 2 * (field.length - 1)))}-тур`;
  for (let i = 0; i < pairs; i++) {
    const home = shuffled[2 * i]!;
    const away = shuffled[2 * i + 1]!;
    const localMinutes = tourLike ? from * 60 + Math.floor((rng.next() * spanMinutes) / 5) * 5 : rng.pick(slots);
    const startTime = kickoffTime(dayStart, localMinutes, c, tz);
    const id = idFor(seed, `match/${c.key}/${dayIndex}/${i}`);
    const fate = rng.next();
    const fixture: DuelFixture = {
      kind: 'duel',
      id,
      sportId: c.sportId,
      competition: c,
      league,
      home,
      away,
      startTime,
      knockout: c.kind === 'cup' || (tourLike && c.sportId !== 36 && c.sportId !== 14),
      round,
      seed: idSeed(seed, id),
      ...(fate < 0.004 ? { calledOff: 4 as const } : fate < 0.006 ? { calledOff: 5 as const } : {}),
      ...(fate > 0.985 ? { movedStartTime: startTime + rng.pick([15, 30, 45, 60, 90]) * 60_000 } : {}),
    };
    out.push(fixture);
  }
  return league;
}

const RACE_NAMES: Readonly<Record<string, readonly string[]>> = {
  laps: ['Гран-при', 'Спринт', 'Жарыс'],
  stages: ['Арнайы кезең'],
  heats: ['Гран-при'],
  stage: ['кезең'],
  flat: ['Жарыс'],
  hill: ['Үлкен трамплин HS134', 'Қалыпты трамплин HS106'],
  slalom: ['Слалом', 'Алып слалом', 'Супер-G', 'Құлама'],
  distance: ['10 км классика', '15 км еркін стиль', 'Спринт классика', 'Скиатлон 20 км'],
  sprint: ['Спринт 10 км', 'Қуғын 12.5 км', 'Жеке жарыс 20 км', 'Масс-старт 15 км'],
  golf: ['раунд'],
};

function planRaces(
  seed: number,
  dayIndex: number,
  tz: number,
  c: Competition,
  rng: Rng,
  out: Fixture[],
): LeagueState[] {
  const leagues: LeagueState[] = [];
  const field = participantsOf(seed, c);
  const dayStart = localDayStart(dayIndex, tz);
  const races = c.perDay ?? 1;
  const [from, to] = c.kickoff;
  const first = from * 60 + Math.floor((rng.next() * Math.max(0, (to - from) * 60 - races * 30)) / 15) * 15;
  for (let r = 0; r < races; r++) {
    const stageId = idFor(seed, `race/${c.key}/${dayIndex}/${r}`);
    const startTime = kickoffTime(dayStart, first + r * 35, c, tz);
    const names = RACE_NAMES[c.format] ?? ['Жарыс'];
    let raceName: string;
    let round = 1;
    if (c.format === 'golf') {
      round = (dayIndex % 4) + 1;
      raceName = `${round}-раунд`;
    } else if (c.format === 'stage') {
      round = (dayIndex % 21) + 1;
      raceName = `${round}-кезең`;
    } else if (c.format === 'stages') {
      round = (dayIndex % 12) + 1;
      raceName = `${names[0]} ${round}`;
    } else if (c.format === 'flat') {
      const local = new Date(startTime + tz * HOUR_MS);
      raceName = `${r + 1}-жарыс (${String(local.getUTCHours()).padStart(2, '0')}:${String(local.getUTCMinutes()).padStart(2, '0')})`;
    } else if (c.format === 'laps' || c.format === 'heats') {
      raceName = `${names[0]} ${rng.pick(['Бахрейн', 'Италия', 'Жапония', 'Бразилия', 'Испания', 'Австрия', 'Катар', 'Малайзия', 'Мексика', 'Канада'])}`;
    } else {
      raceName = names[dayIndex % names.length]!;
    }
    const size = Math.min(field.length, c.sportId === 35 ? rng.int(6, c.size + 4) : c.size);
    const runners = c.sportId === 35 ? rng.shuffle(field).slice(0, size) : field.slice(0, size);
    const title = `${leagueTitle(c)} - ${raceName}`;
    const league = leagueFor(seed, c, stageId, title, {
      raceStageTypes: '1',
      raceStages: '1',
      raceStartTimes: String(Math.floor(startTime / 1000)),
    });
    leagues.push(league);
    const fixture: RaceFixture = {
      kind: 'race',
      id: stageId,
      sportId: c.sportId,
      competition: c,
      league,
      entries: runners.map((participant) => ({
        matchId: idFor(seed, `entry/${stageId}/${participant.id}`),
        participant,
      })),
      startTime,
      round,
      seed: idSeed(seed, stageId),
    };
    out.push(fixture);
  }
  return leagues;
}

function idSeed(seed: number, id: string): number {
  let h = seed >>> 0;
  for (let i = 0; i < id.length; i++) h = (Math.imul(h, 31) + id.charCodeAt(i)) >>> 0;
  return h;
}

const planCache = new Map<string, DayPlan>();

/** The fixtures of one local day for the given sports (default: all 40). */
export function planDay(seed: number, dayIndex: number, tz: number, sports?: readonly number[]): DayPlan {
  const wanted = sports && sports.length > 0 ? new Set(sports) : null;
  const key = `${seed}/${dayIndex}/${tz}/${wanted ? [...wanted].sort((a, b) => a - b).join(',') : '*'}`;
  const cached = planCache.get(key);
  if (cached) return cached;
  const leagues: LeagueState[] = [];
  const fixtures: Fixture[] = [];
  for (const sportId of EVENT_SPORTS) {
    if (wanted && !wanted.has(sportId) && !(sportById(sportId)?.parentId && wanted.has(sportById(sportId)!.parentId!)))
      continue;
    for (const c of competitionsForSport(sportId)) {
      const rng = Rng.derive(seed, 'day', c.key, dayIndex);
      if (!rng.chance(c.playProbability)) continue;
      if (c.kind === 'race') leagues.push(...planRaces(seed, dayIndex, tz, c, rng, fixtures));
      else leagues.push(planDuels(seed, dayIndex, tz, c, rng, fixtures));
    }
  }
  const plan: DayPlan = { dayIndex, leagues, fixtures };
  if (planCache.size > 32) planCache.clear();
  planCache.set(key, plan);
  return plan;
}
