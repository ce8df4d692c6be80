// What the clients talk to in a replay: the world (a fact log folded in virtual time behind the
// world FeedSource, restartable) or a feed capture. Each backend also knows the truth the
// clients must converge to.
import { type CapturedFeed, createRecordedFeedSource } from '../../server/recorded-feed-source';
import { dayMatchesByLeague } from '../../server/provider/full-feed';
import { decodeSignature } from '../../server/provider/signature';
import { createWorldFeedSource, type WorldFeedSource } from '../../server/world-feed-source';
import type { Fact } from '../../sim/facts';
import type { FeedPage } from '../../src/net/feed-names';
import { feedNameFor } from '../../src/net/feed-names';
import type { FeedResponse, FeedSource, PushMessage } from '../../src/protocol/feed-source';
import type { EventFields } from '../../src/protocol/keys';
import { parseListFeed } from '../../src/protocol/list-feed';
import type { ListFeed } from '../../src/protocol/list-feed-types';
import { signatureOrdinal } from '../../src/scoreboard/feed-ordinal';
import { createScoreboard } from '../../src/scoreboard/store';
import type { Capture } from './capture';
import { createLogWorld, type LogWorld } from './log-world';

/** What the truth check needs to know of a client. */
export interface ShownPage {
  readonly sport: number;
  readonly day: number;
  readonly myGames: readonly string[] | null;
  /** Virtual time of the client's last full feed: the "today" its day offset counts from. */
  readonly loadedAt: number;
}

export interface Backend {
  readonly kind: 'world' | 'capture';
  readonly page: FeedPage;
  readonly sports: readonly number[];
  readonly start: number;
  /** Last time something happens (last fact or capture line). */
  readonly end: number;
  server(): FeedSource;
  advanceTo(time: number): void;
  /** A new server process; false when this backend cannot restart. */
  restart(): boolean;
  renderVersion(sport: number, feed: ListFeed): number | null;
  corrected(matchId: string, version: number | null): boolean;
  truth(page: ShownPage): Map<string, EventFields>;
  /** Events whose start moved (QA rows): a list keeps or lacks them until it reloads (S4-8). */
  movable(id: string): boolean;
  /** True when the final sync must reload lists (a capture cannot answer deltas for a lost update). */
  readonly reloadToSettle: boolean;
  close(): void;
}

export interface WorldBackend extends Backend {
  readonly world: LogWorld;
}

/** Sport ids that have events in a fact log. */
export function sportsOfFacts(facts: readonly Fact[]): number[] {
  const sports = new Set<number>();
  for (const fact of facts) if (fact.type === 'MatchScheduled') sports.add(fact.match.sportId);
  return [...sports].sort((a, b) => a - b);
}

export interface WorldBackendOptions {
  readonly facts: readonly Fact[];
  readonly page: FeedPage;
  readonly sports: readonly number[];
  /** Virtual time, epoch ms (the harness moves it). */
  readonly now: () => number;
  readonly start?: number;
}

export function createWorldBackend(options: WorldBackendOptions): WorldBackend {
  const world = createLogWorld(options.facts);
  const corrections = new Map<string, number[]>();
  const stopIndex = world.onFacts((facts) => {
    for (const fact of facts) {
      if (fact.type !== 'ScoreChanged' || !fact.correction) continue;
      const list = corrections.get(fact.matchId) ?? [];
      list.push(fact.seq);
      corrections.set(fact.matchId, list);
    }
  });
  const epochs: string[] = [];
  let source: WorldFeedSource | null = null;
  const open = () => {
    const epoch = `replay${epochs.length}`;
    epochs.push(epoch);
    source = createWorldFeedSource(world, { now: options.now, epoch, projectType: options.page.projectType });
  };
  const start = options.start ?? world.firstTime;
  world.advanceTo(start);
  open();
  return {
    kind: 'world',
    world,
    page: options.page,
    sports: options.sports,
    start,
    get end() {
      return world.lastTime;
    },
    reloadToSettle: false,
    server: () => source!,
    advanceTo: (time) => {
      world.advanceTo(time);
    },
    restart() {
      const old = source;
      open();
      old?.close();
      return true;
    },
    renderVersion(sport, feed) {
      for (let i = epochs.length - 1; i >= 0; i--) {
        const version = decodeSignature(feed.signature, `${epochs[i]}:${sport}`);
        if (version !== null) return version;
      }
      return null;
    },
    corrected(matchId, version) {
      const seqs = corrections.get(matchId);
      if (!seqs) return false;
      return version === null || seqs.some((seq) => seq <= version);
    },
    truth(page) {
      const { leagues } = dayMatchesByLeague(world.state, {
        sportId: page.sport,
        dayOffset: page.day,
        timezoneHour: options.page.timezoneHour,
        now: page.loadedAt,
      });
      const ids = page.myGames ? new Set(page.myGames) : null;
      const out = new Map<string, EventFields>();
      for (const { matches } of leagues) {
        for (const match of matches) if (!ids || ids.has(match.id)) out.set(match.id, match.fields);
      }
      return out;
    },
    movable: (id) => world.state.moved.has(id),
    close() {
      stopIndex();
      source?.close();
    },
  };
}

const NO_DATA: FeedResponse = Object.freeze({
  status: 204,
  headers: Object.freeze({ 'content-type': 'text/plain; charset=utf-8' }),
  body: '',
});

/**
 * A capture as a server: each request gets the latest recorded response of that feed at or
 * before the current time; a feed never recorded answers 204 (no data, S4-6) rather than 404, so
 * a capture of the full feed alone loads. Recorded push lines are pushed as time passes them; a
 * capture without push lines pushes its update polls (as server/recorded-feed-source.ts does).
 */
export function createCaptureBackend(capture: Capture, now: () => number): Backend {
  const { header } = capture;
  const first = Math.min(capture.feeds[0]?.time ?? Infinity, capture.pushes[0]?.time ?? Infinity);
  const start = header.start ?? (Number.isFinite(first) ? first : 0);
  const last = Math.max(
    capture.feeds[capture.feeds.length - 1]?.time ?? start,
    capture.pushes[capture.pushes.length - 1]?.time ?? start,
    start,
  );
  const recorded = createRecordedFeedSource(capture.feeds, { startTime: start });
  const pushListeners = new Set<(message: PushMessage) => void>();
  const ownPushes = capture.pushes.length > 0;
  let pushCursor = 0;
  while (pushCursor < capture.pushes.length && capture.pushes[pushCursor]!.time <= start) pushCursor++;
  const server: FeedSource = {
    fetch(request) {
      const response = recorded.fetch(request) as FeedResponse;
      return response.status === 404 ? NO_DATA : response;
    },
    onPush(listener) {
      if (!ownPushes) return recorded.onPush(listener);
      pushListeners.add(listener);
      return () => {
        pushListeners.delete(listener);
      };
    },
    now,
  };
  return {
    kind: 'capture',
    page: header.page,
    sports: [header.sport],
    start,
    end: last,
    reloadToSettle: true,
    server: () => server,
    advanceTo(time) {
      recorded.advanceTo(time);
      for (; pushCursor < capture.pushes.length; pushCursor++) {
        const push = capture.pushes[pushCursor]!;
        if (push.time > time) break;
        for (const listener of [...pushListeners]) listener({ subject: push.subject, body: push.body });
      }
    },
    restart: () => false,
    renderVersion: (_sport, feed) => signatureOrdinal(feed.signature),
    // A capture does not say which score changes were corrections: decreases are not judged.
    corrected: () => true,
    truth(page) {
      return captureTruth(capture, page, now());
    },
    movable: () => false,
    close() {},
  };
}

/** Latest capture of a feed at or before a time. */
function latestCapture(feeds: readonly CapturedFeed[], feed: string, time: number): CapturedFeed | undefined {
  let found: CapturedFeed | undefined;
  for (const capture of feeds) {
    if (capture.time > time) break;
    if (capture.feed === feed && capture.status === 200) found = capture;
  }
  return found;
}

/**
 * What a fault-free client shows at `time`: the full feed of the day it loaded, its repair, then
 * every later update and push in time order, folded into a fresh scoreboard (DESIGN.md: incremental
 * state equals a from-scratch fold).
 */
export function captureTruth(capture: Capture, page: ShownPage, time: number): Map<string, EventFields> {
  const feedPage = capture.header.page;
  const fullName = feedNameFor({ kind: 'full', sport: page.sport, day: page.day }, feedPage);
  const full = latestCapture(capture.feeds, fullName, page.loadedAt);
  const board = createScoreboard({ now: () => time, serverNow: () => page.loadedAt });
  const out = new Map<string, EventFields>();
  if (!full) return out;
  board.applyFull(parseListFeed(full.body), { day: page.day, timezoneHour: feedPage.timezoneHour });
  const repair = latestCapture(capture.feeds, feedNameFor({ kind: 'repair', sport: page.sport }, feedPage), time);
  if (repair && repair.time >= full.time) board.applyRepair(parseListFeed(repair.body));
  const updateName = feedNameFor({ kind: 'update', sport: page.sport, signature: null }, feedPage);
  const later: { time: number; body: string }[] = [];
  if (capture.pushes.length > 0) {
    for (const push of capture.pushes) {
      if (push.subject === updateName && push.time > full.time && push.time <= time) later.push(push);
    }
  } else {
    for (const feed of capture.feeds) {
      if (feed.feed === updateName && feed.status === 200 && feed.time > full.time && feed.time <= time) {
        later.push(feed);
      }
    }
  }
  for (const update of later) board.applyUpdate(parseListFeed(update.body));
  const ids = page.myGames ? new Set(page.myGames) : null;
  for (const [id, event] of board.snapshot().events) if (!ids || ids.has(id)) out.set(id, event);
  return out;
}
