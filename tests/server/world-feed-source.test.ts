// The FeedSource over the world: update signatures and 304 (S7-19), refresh on unknown signatures,
// pushes on S7-23 subjects when facts change the world; and the recorded FeedSource.
import { describe, expect, it } from 'vitest';
import type { PushMessage } from '../../src/protocol/feed-source';
import { parseListFeed } from '../../src/protocol/list-feed';
import type { Fact } from '../../sim/facts';
import type { WorldState } from '../../sim/world/state';
import { createRecordedFeedSource, parseCaptures } from '../../server/recorded-feed-source';
import { createWorldFeedSource } from '../../server/world-feed-source';
import { changeMatch, FakeSimulation, soccerWorld, T0, T0_S } from './world-fixture';

function goalWorld(base: WorldState, version: number, homeScore: number): WorldState {
  const live = base.matches.get('LiveKz01');
  if (!live) throw new Error('fixture');
  const next = changeMatch(live, { homeScore }, version);
  return { ...base, version, matches: new Map(base.matches).set(next.id, next) };
}

const scoreFact = (seq: number, homeScore: number): Fact => ({
  seq,
  time: T0,
  type: 'ScoreChanged',
  matchId: 'LiveKz01',
  score: { homeScore },
});

describe('world feed source', () => {
  it('S7-19 the full feed signature gets 304 on u_ while nothing changed, then exactly the change', async () => {
    const sim = new FakeSimulation(soccerWorld());
    const source = createWorldFeedSource(sim, { now: () => T0 });
    const full = parseListFeed((await source.fetch({ feed: 'f_1_0_5_kk_1', headers: {} })).body);
    const signature = full.signature ?? '';
    expect(signature).toMatch(/^[0-9a-f]{32}$/);
    const unchanged = await source.fetch({ feed: 'u_1_1', headers: { 'x-signature': signature } });
    expect(unchanged.status).toBe(304);
    expect(unchanged.body).toBe('');

    sim.apply(goalWorld(sim.state, 10, 3), [scoreFact(10, 3)]);
    const update = await source.fetch({ feed: 'u_1_1', headers: { 'x-signature': signature } });
    expect(update.status).toBe(200);
    const parsed = parseListFeed(update.body);
    expect(parsed.events).toEqual([{ id: 'LiveKz01', sportId: 1, leagueId: null, homeScore: 3 }]);
    expect(parsed.signature).not.toBe(signature);
    // The new signature is current: 304 again.
    const again = await source.fetch({ feed: 'u_1_1', headers: { 'x-signature': parsed.signature ?? '' } });
    expect(again.status).toBe(304);
    // A change in another sport does not stale a football signature.
    const tennis = sim.state.matches.get('TennisA1');
    if (!tennis) throw new Error('fixture');
    const next = changeMatch(tennis, { homeScore: 1 }, 11);
    sim.apply({ ...sim.state, version: 11, matches: new Map(sim.state.matches).set(next.id, next) }, []);
    expect((await source.fetch({ feed: 'u_1_1', headers: { 'x-signature': parsed.signature ?? '' } })).status).toBe(
      304,
    );
    source.close();
  });

  it('S7-19 an unknown signature raises A2 so the client reloads the full feed', async () => {
    const sim = new FakeSimulation(soccerWorld());
    const source = createWorldFeedSource(sim, { now: () => T0, epoch: 'one' });
    const normal = parseListFeed((await source.fetch({ feed: 'u_1_1', headers: {} })).body);
    const other = createWorldFeedSource(sim, { now: () => T0, epoch: 'two' });
    const foreign = parseListFeed((await other.fetch({ feed: 'f_1_0_5_kk_1', headers: {} })).body).signature ?? '';
    for (const signature of [foreign, 'garbage', 'ffffffffffff0000000000000000000000']) {
      const refresh = parseListFeed(
        (await source.fetch({ feed: 'u_1_1', headers: { 'x-signature': signature } })).body,
      );
      expect(refresh.events).toEqual([]);
      expect(refresh.refreshUtime).toBeGreaterThanOrEqual(T0_S);
      expect(refresh.refreshUtime).toBeGreaterThanOrEqual(normal.refreshUtime ?? Number.POSITIVE_INFINITY);
    }
    source.close();
    other.close();
  });

  it('S7-23 pushes u_<sport>_<pt> with the update body and games_<lang>_<id> with the hashes when facts change a match', () => {
    const sim = new FakeSimulation(soccerWorld());
    const source = createWorldFeedSource(sim, { now: () => T0 });
    const messages: PushMessage[] = [];
    const stop = source.onPush((m) => messages.push(m));
    sim.apply(goalWorld(sim.state, 10, 3), [scoreFact(10, 3)]);
    const subjects = messages.map((m) => m.subject);
    // A listener without an interest gets every language's hashes, each of its own detail feeds.
    expect(subjects).toEqual(['u_1_1', 'games_kk_LiveKz01', 'games_en_LiveKz01', 'games_ru_LiveKz01']);
    expect(messages[2]?.body).not.toBe(messages[1]?.body);
    expect(parseListFeed(messages[0]?.body ?? '').events).toEqual([
      { id: 'LiveKz01', sportId: 1, leagueId: null, homeScore: 3 },
    ]);
    expect(messages[1]?.body).toMatch(/^CA÷[0-9a-f]{32}¬CD÷/);
    // The next push carries only what changed after the previous one.
    messages.length = 0;
    sim.apply(goalWorld(sim.state, 11, 4), [scoreFact(11, 4)]);
    expect(parseListFeed(messages[0]?.body ?? '').events).toEqual([
      { id: 'LiveKz01', sportId: 1, leagueId: null, homeScore: 4 },
    ]);
    stop();
    messages.length = 0;
    sim.apply(goalWorld(sim.state, 12, 5), [scoreFact(12, 5)]);
    expect(messages).toEqual([]);
    source.close();
  });

  it('S7-23 subjects no listener wants are not rendered; a listener that wants them gets them', () => {
    const sim = new FakeSimulation(soccerWorld());
    const source = createWorldFeedSource(sim, { now: () => T0 });
    const lists: string[] = [];
    const details: string[] = [];
    source.onPush((m) => lists.push(m.subject), { wants: (subject) => subject === 'u_1_1' });
    sim.apply(goalWorld(sim.state, 10, 3), [scoreFact(10, 3)]);
    expect(lists).toEqual(['u_1_1']); // no detail page open: the hashes were never pushed
    const stop = source.onPush((m) => details.push(m.subject), {
      wants: (subject) => subject === 'games_kk_LiveKz01',
    });
    sim.apply(goalWorld(sim.state, 11, 4), [scoreFact(11, 4)]);
    expect(details).toEqual(['u_1_1', 'games_kk_LiveKz01']);
    stop();
    lists.length = 0;
    sim.apply(goalWorld(sim.state, 12, 5), [scoreFact(12, 5)]);
    expect(lists).toEqual(['u_1_1']);
    source.close();
  });

  it('S8-1 unknown feeds and unknown events answer 404 with body 0', async () => {
    const source = createWorldFeedSource(new FakeSimulation(soccerWorld()), { now: () => T0 });
    for (const feed of ['f_99_0_5_kk_1', 'dc_1_Unknown1', 'f_1_0_5_kk', 'nonsense']) {
      const response = await source.fetch({ feed, headers: {} });
      expect([response.status, response.body]).toEqual([404, '0']);
    }
    source.close();
  });
});

describe('recorded feed source', () => {
  const lines = [
    JSON.stringify({ time: 1000, feed: 'f_1_0_5_kk_1', status: 200, headers: {}, body: 'SA÷1¬~A1÷a¬~' }),
    'not json at all',
    JSON.stringify({ time: 2000, feed: 'u_1_1', status: 200, headers: { 'X-Test': 'y' }, body: 'SA÷1¬~A1÷b¬~' }),
    JSON.stringify({ time: 3000, feed: 'f_1_0_5_kk_1', status: 200, headers: {}, body: 'SA÷1¬~A1÷c¬~' }),
    JSON.stringify({ time: 3500, feed: 'u_1_1', status: 200, headers: {}, body: 'SA÷1¬~A1÷d¬~' }),
  ].join('\n');

  it('answers the latest capture at or before its time and pushes u_ captures it passes (S7-23)', async () => {
    const bad: number[] = [];
    const source = createRecordedFeedSource(parseCaptures(lines, (n) => bad.push(n)));
    expect(bad).toEqual([2]);
    expect(source.now()).toBe(1000);
    expect((await source.fetch({ feed: 'f_1_0_5_kk_1', headers: {} })).body).toBe('SA÷1¬~A1÷a¬~');
    expect((await source.fetch({ feed: 'u_1_1', headers: {} })).status).toBe(404);
    const pushed: string[] = [];
    source.onPush((m) => pushed.push(`${m.subject}:${m.body}`));
    source.advanceTo(3000);
    expect(pushed).toEqual(['u_1_1:SA÷1¬~A1÷b¬~']);
    expect((await source.fetch({ feed: 'f_1_0_5_kk_1', headers: {} })).body).toBe('SA÷1¬~A1÷c¬~');
    const u = await source.fetch({ feed: 'u_1_1', headers: {} });
    expect(u.headers).toEqual({ 'x-test': 'y' });
    source.advanceTo(2000); // never back
    expect(source.now()).toBe(3000);
    source.advanceTo(4000);
    expect(pushed).toEqual(['u_1_1:SA÷1¬~A1÷b¬~', 'u_1_1:SA÷1¬~A1÷d¬~']);
  });
});
