// My Games load (issue #15): a full My Games (500 entries across sports, S9-2 maximum_count) loading from
// its stored copy with its day recalculation (S4-27, S4-28) and taking the feed rows of those events, against
// applying the same events' full list feed to a fresh scoreboard (parse + apply) — what the page does anyway
// when it loads that list. Both sides run back to back in each iteration, warmed alike; medians.
//
// (a) subject: the myGames machine started as a guest from the stored fsdc_my_* keys (written a day earlier,
//     so every entry's m_day moves and is written back), then `feed.events` with every followed event's row
//     (entries rebuilt from the rows, tournaments confirmed), then stopped. The rows are what the list gives
//     the machine; reading them off the scoreboard is the page's, not counted.
// (b) baseline: parseListFeed of the day list holding the same events, applied by createScoreboard().applyFull.
import { createActor, SimulatedClock } from 'xstate';
import { type FollowRow, provideMyGames } from '../machines/my-games';
import { encodeLocal, type LocalRaw } from '../src/follow/local-codec';
import { memoryStorage } from '../src/follow/local-storage';
import { EMPTY_FOLLOW, type FollowState, followOptions } from '../src/follow/state';
import { addGames, addTournament } from '../src/follow/update';
import { MY_GAMES_MAX_COUNT } from '../src/domain/limits';
import { countTowardsLimit, gameKey } from '../src/domain/my-games-rules';
import { STAGE_TYPE } from '../src/domain/stages';
import { type FeedRow, serializeRows } from '../src/protocol/codec';
import { leagueRow } from './list-rows';
import { parseListFeed } from '../src/protocol/list-feed';
import type { EventRecord, ListFeed } from '../src/protocol/list-feed-types';
import { createScoreboard } from '../src/scoreboard/store';

const TIME_ZONE = 'Asia/Almaty';
/** 06:00 local (UTC+5) on 1 September 2026: every event of the list starts later that local day. */
const NOW = Date.UTC(2026, 8, 1, 1, 0);
/** The stored copy was written a day earlier: each entry's day offset moves from 1 to 0 at load. */
const STORED_AT = NOW - 24 * 3600 * 1000;
const DUEL_SPORTS = [1, 2, 3, 4, 12, 25] as const;
const DUEL_GAMES = 480;
const GAMES_PER_LEAGUE = 12;
/** S3-57: whole tournaments of no-duel sports, two events each in the list. */
const NO_DUEL_SPORTS = [31, 34] as const;
const TOURNAMENTS = 20;
const TOURNAMENT_EVENTS = 2;
const WARM_UP = 30;
const ITERATIONS = 201;

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 0x100000000;
  };
}

const eventId = (i: number) => `e${i.toString(36).padStart(7, '0')}`;
const signature = (version: number) => version.toString(16).padStart(12, '0') + 'a'.repeat(20);

interface ListEvent {
  readonly sportId: number;
  readonly league: number;
  readonly id: string;
  readonly start: number;
  readonly stageType: number;
}

function eventRow(e: ListEvent, n: number): FeedRow {
  const live = e.stageType === STAGE_TYPE.LIVE;
  const row: [string, string][] = [
    ['AA', e.id],
    ['AD', String(e.start)],
    ['ADE', String(e.start)],
    ['AB', String(e.stageType)],
    ['CR', String(e.stageType)],
    ['AC', live ? '12' : '1'],
    ['AE', `Home ${n}`],
    ['AF', `Away ${n}`],
    ['CX', `Home ${n}`],
    ['WU', `home-${n}`],
    ['WV', `away-${n}`],
    ['PX', `p${n}h`],
    ['PY', `p${n}a`],
    ['AN', 'y'],
    ['ER', `Round ${1 + (n % 30)}`],
    ['XA', '1.85'],
    ['XB', '3.40'],
    ['XC', '4.10'],
  ];
  if (live) row.push(['AG', String(n % 3)], ['AH', String(n % 2)], ['AI', 'y'], ['AO', String(e.start + 60)]);
  return row;
}

/** Today's events: 480 duel games in 40 leagues over six sports, 20 no-duel tournaments of two events each. */
function listEvents(): ListEvent[] {
  const next = random(15);
  const startOfDay = Math.floor(NOW / 1000) - 6 * 3600; // local midnight
  const events: ListEvent[] = [];
  const at = () => Math.floor(NOW / 1000) + 600 + Math.floor(next() * 17 * 3600); // later today
  for (let i = 0; i < DUEL_GAMES; i++) {
    const league = Math.floor(i / GAMES_PER_LEAGUE);
    const sportId = DUEL_SPORTS[league % DUEL_SPORTS.length];
    events.push({ sportId, league, id: eventId(i), start: at(), stageType: STAGE_TYPE.SCHEDULED });
  }
  const firstTournament = DUEL_GAMES / GAMES_PER_LEAGUE;
  for (let t = 0; t < TOURNAMENTS; t++) {
    const sportId = NO_DUEL_SPORTS[t % NO_DUEL_SPORTS.length];
    for (let k = 0; k < TOURNAMENT_EVENTS; k++) {
      const i = DUEL_GAMES + t * TOURNAMENT_EVENTS + k;
      events.push({
        sportId,
        league: firstTournament + t,
        id: eventId(i),
        start: at(),
        stageType: STAGE_TYPE.SCHEDULED,
      });
    }
  }
  if (events.some((e) => e.start < startOfDay + 6 * 3600)) throw new Error('an event starts before now');
  return events;
}

/** The day list of those events, sport by sport (SA), league by league, as the server writes it. */
function listBody(events: readonly ListEvent[]): string {
  const rows: FeedRow[] = [];
  let sport = -1;
  let league = -1;
  const bySport = [...events].sort((a, b) => a.sportId - b.sportId || a.league - b.league);
  bySport.forEach((e, n) => {
    if (e.sportId !== sport) {
      sport = e.sportId;
      league = -1;
      rows.push([['SA', String(sport)]]);
    }
    if (e.league !== league) {
      league = e.league;
      rows.push(leagueRow(league));
    }
    rows.push(eventRow(e, n));
  });
  return `${serializeRows(rows)}~${serializeRows([[['A2', '100']], [['A1', signature(1)]]])}`;
}

/** The stored copy: every duel game and every tournament followed a day earlier, as the guest's tab wrote it. */
function storedCopy(feed: ListFeed): { readonly local: LocalRaw; readonly state: FollowState } {
  const options = followOptions(TIME_ZONE);
  const games = feed.events.filter((e) => !NO_DUEL_SPORTS.includes(e.sportId as 31 | 34));
  const added = addGames(
    EMPTY_FOLLOW,
    games.map((e) => ({
      sportId: e.sportId ?? 0,
      eventId: e.id,
      leagueId: e.leagueId ?? '',
      AD: e.startTime ?? 0,
      AB: e.stageType ?? STAGE_TYPE.SCHEDULED,
    })),
    STORED_AT,
    options,
  );
  let state = added.state;
  const tournaments = new Map(feed.events.filter((e) => !games.includes(e)).map((e) => [e.leagueId ?? '', e]));
  for (const [leagueId, e] of tournaments) {
    const sportId = e.sportId ?? 0;
    const input = { sportId, leagueId, AD: e.startTime ?? 0, AB: STAGE_TYPE.SCHEDULED, hasMatches: false };
    state = addTournament(state, input, STORED_AT, options).state;
  }
  const count = countTowardsLimit(state.games);
  if (count !== MY_GAMES_MAX_COUNT) throw new Error(`the stored copy counts ${count} entries, not 500`);
  return { local: encodeLocal(state, `${STORED_AT}.1`) as LocalRaw, state };
}

/** What the list hands the machine for each followed event (feed.events). */
function followRows(events: readonly EventRecord[]): FollowRow[] {
  return events.map((e) => ({
    sportId: e.sportId ?? 0,
    eventId: e.id,
    leagueId: e.leagueId,
    AD: e.startTime ?? 0,
    AP: e.endTime ?? undefined,
    AB: e.stageType ?? STAGE_TYPE.SCHEDULED,
  }));
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function time(run: () => void): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

const round3 = (n: number) => Number(n.toFixed(3));

export async function myGamesLoadFigures(): Promise<Record<string, unknown>> {
  const events = listEvents();
  const body = listBody(events);
  const parsed = parseListFeed(body);
  if (parsed.events.length !== events.length) throw new Error('the list lost events');
  const { local } = storedCopy(parsed);
  const rows = followRows(parsed.events);
  // The stored copy is given at start (as the page reads it); the day recalculation writes back here.
  const logic = provideMyGames({ storage: memoryStorage(), storeServer: async () => {} });

  const loadMyGames = () => {
    // The machine's initial state (the stored copy adopted, days recalculated) is worked out in createActor.
    const started = performance.now();
    const actor = createActor(logic, {
      input: { now: () => NOW, timeZone: TIME_ZONE, tabId: '2', local },
      clock: new SimulatedClock(), // the 500 ms cross-tab check is scheduled, never run
    });
    actor.start();
    const startMs = performance.now() - started;
    actor.send({ type: 'feed.events', rows });
    const { follow, loadError } = actor.getSnapshot().context;
    actor.stop();
    return { follow, loadError, startMs };
  };
  const loadFullFeed = () => {
    const board = createScoreboard({ now: () => NOW });
    board.applyFull(parseListFeed(body));
    return board;
  };

  // Check once that each side did its whole job.
  const loaded = loadMyGames();
  if (loaded.loadError) throw new Error(`the stored copy did not load: ${loaded.loadError.message}`);
  if (countTowardsLimit(loaded.follow.games) !== MY_GAMES_MAX_COUNT) throw new Error('My Games lost entries');
  const sample = loaded.follow.games[gameKey(rows[0].sportId, rows[0].eventId)];
  if (sample?.m_day !== 0) throw new Error('the day was not recalculated');
  if (Object.values(loaded.follow.games).some((entry) => entry.noDuel && entry.m_ok !== 1))
    throw new Error('a tournament was not confirmed by its rows');
  const board = loadFullFeed();
  if (board.snapshot().events.size !== events.length) throw new Error('the scoreboard lost events');

  const subject: number[] = [];
  const startPart: number[] = [];
  const baseline: number[] = [];
  for (let n = 0; n < WARM_UP + ITERATIONS; n++) {
    // Alternate which side runs first, so neither always inherits the other's garbage.
    const first = n % 2 === 0;
    const b1 = first ? 0 : time(loadFullFeed);
    let startMs = 0;
    const s = time(() => {
      startMs = loadMyGames().startMs;
    });
    const b = first ? time(loadFullFeed) : b1;
    if (n >= WARM_UP) {
      subject.push(s);
      startPart.push(startMs);
      baseline.push(b);
    }
  }
  const ratio = median(subject.map((s, i) => s / baseline[i]));
  return {
    description:
      'myGames machine: start from the stored copy of 500 entries (day recalculation, write-back) + feed.events of their rows; ratio = that / (parse + apply of the same events’ full list feed to a fresh scoreboard)',
    entries: MY_GAMES_MAX_COUNT,
    feedEvents: events.length,
    sports: [...DUEL_SPORTS, ...NO_DUEL_SPORTS],
    iterations: ITERATIONS,
    warmUp: WARM_UP,
    myGamesLoadMedianMs: round3(median(subject)),
    // Of which: creating and starting the actor from the stored copy (decode, day recalculation, write-back, selection).
    myGamesStartMedianMs: round3(median(startPart)),
    // Of which: feed.events (entries rebuilt from their rows, tournaments confirmed, write-back, selection).
    myGamesFeedEventsMedianMs: round3(median(subject.map((s, i) => s - startPart[i]))),
    fullFeedMedianMs: round3(median(baseline)),
    myGamesLoadVsFullFeed: Number(ratio.toFixed(2)),
    target: '<= 1.2',
  };
}
