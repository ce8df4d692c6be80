// Update feeds from a ring of recent client versions (server/world-feed/body-cache.ts, list-feeds.ts): clients at
// one version share one render per world version (S7-19), a client further back takes the oldest slot, and a new
// world version empties the ring, so nobody is answered from an older world.
import { describe, expect, it } from 'vitest';
import { parseListFeed } from '../../src/protocol/list-feed';
import type { WorldState } from '../../sim/world/state';
import { BodyCache, UPDATE_RING_SIZE } from '../../server/world-feed/body-cache';
import { FeedVersions } from '../../server/world-feed/feed-versions';
import { answerDayList, answerUpdate, type ListFeedContext } from '../../server/world-feed/list-feeds';
import { changeMatch, soccerWorld, T0 } from './world-fixture';

describe('update ring', () => {
  it('S7-19: one render per client version and stamp; the oldest slot goes first; a new stamp empties it', () => {
    const cache = new BodyCache();
    let renders = 0;
    const render = (text: string) => () => {
      renders += 1;
      return text;
    };
    expect(cache.update('u|1|kk', 'v5', 3, render('from3'))).toBe('from3');
    expect(cache.update('u|1|kk', 'v5', 3, render('again'))).toBe('from3');
    expect(renders).toBe(1);
    for (let from = 4; from < 3 + UPDATE_RING_SIZE; from++) cache.update('u|1|kk', 'v5', from, render(`from${from}`));
    expect(renders).toBe(UPDATE_RING_SIZE);
    expect(cache.update('u|1|kk', 'v5', 3, render('x'))).toBe('from3'); // still held: the ring is full, not over
    cache.update('u|1|kk', 'v5', 100, render('from100')); // one more: takes the oldest slot (3's)
    expect(cache.update('u|1|kk', 'v5', 3, render('from3 again'))).toBe('from3 again');
    expect(cache.update('u|1|kk', 'v5', 100, render('x'))).toBe('from100');
    const before = renders;
    expect(cache.update('u|1|kk', 'v6', 100, render('v6 from100'))).toBe('v6 from100');
    expect(renders).toBe(before + 1);
    expect(cache.update('u|1|en', 'v6', 100, render('en'))).toBe('en'); // each feed its own ring
  });

  it('S7-19: clients at one signature share one render until the world moves; then they get the change', () => {
    let state: WorldState = soccerWorld();
    const cache = new BodyCache();
    const versions = new FeedVersions(() => state, T0, 'ring');
    const context: ListFeedContext = {
      world: () => state,
      now: () => T0,
      versions,
      cache,
      unsignedWindowMs: 60_000,
    };
    const list = parseListFeed(
      answerDayList(context, 'f_1_0_5_kk_1', { kind: 'full', sportId: 1, day: 0, timezoneHour: 5 }).body,
    );
    const signature = list.signature ?? '';
    // The world moves on: a goal in the live match.
    const live = state.matches.get('LiveKz01');
    if (!live) throw new Error('fixture');
    const version = state.version + 1;
    const next = changeMatch(live, { homeScore: 3 }, version);
    state = { ...state, version, matches: new Map(state.matches).set(next.id, next) };
    versions.advance(state, T0, [next.id], false);

    const rendered = cache.renderCount();
    const answers = Array.from({ length: 50 }, () => answerUpdate(context, 'u', 1, signature));
    expect(cache.renderCount()).toBe(rendered + 1);
    expect(answers.every((a) => a.status === 200 && a.body === answers[0].body)).toBe(true);
    const update = parseListFeed(answers[0].body);
    expect(update.events.map((e) => [e.id, e.homeScore])).toEqual([['LiveKz01', 3]]);
    // A client already at the new signature: 304, nothing rendered.
    expect(answerUpdate(context, 'u', 1, update.signature ?? undefined).status).toBe(304);
    expect(cache.renderCount()).toBe(rendered + 1);
  });
});
