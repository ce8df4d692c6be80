// The replay's world FeedSource keeps sport versions and members from the facts it is told about
// instead of scanning the world per sport; what it serves must equal what a full scan gives, also
// across moves, a match changing sport and archives.
import { describe, expect, it } from 'vitest';
import { createLogWorld } from '../../cli/replay/log-world';
import { decodeSignature, encodeSignature } from '../../server/provider/signature';
import { matchesOfSport, SportIndex, sportVersion } from '../../server/provider/sport-version';
import { renderUpdate } from '../../server/provider/update-feed';
import { createWorldFeedSource } from '../../server/world-feed-source';
import type { Fact } from '../../sim/facts';
import { generateDay } from '../../sim/generate-day';
import { DEFAULT_FEED_PAGE, feedNameFor } from '../../src/net/feed-names';
import type { FeedRequest, FeedResponse, FeedSource } from '../../src/protocol/feed-source';
import { parseListFeed } from '../../src/protocol/list-feed';

const SPORTS = [1, 3, 4];
const parsed = parseListFeed;

/** The world FeedSource answers synchronously. */
function fetchNow(source: FeedSource, request: FeedRequest): FeedResponse {
  return source.fetch(request) as FeedResponse;
}
const STEP_MS = 600_000;

function day(): Fact[] {
  return generateDay({ seed: 11, date: '2026-05-04', sports: SPORTS });
}

describe('sport index', () => {
  it('S7-19 versions and members follow the facts exactly as a full scan of the world', () => {
    const facts = day();
    const world = createLogWorld(facts);
    const index = new SportIndex();
    world.onFacts((batch) => {
      const touched = batch.flatMap((f) =>
        'matchId' in f ? [f.matchId] : f.type === 'MatchScheduled' ? [f.match.id] : [],
      );
      index.advance(
        world.state,
        touched,
        batch.some((f) => f.type === 'MatchesArchived'),
      );
    });
    let checks = 0;
    for (let time = world.firstTime; time <= world.lastTime + STEP_MS; time += STEP_MS) {
      world.advanceTo(time);
      for (const sport of SPORTS) {
        expect(index.version(world.state, sport)).toBe(sportVersion(world.state, sport));
        const ids = (m: { id: string }[]) => m.map((x) => x.id).sort();
        expect(ids(index.matches(world.state, sport))).toEqual(ids(matchesOfSport(world.state, sport)));
        for (const since of [0, world.state.version - 500, world.state.version - 20]) {
          const scanned = matchesOfSport(world.state, sport).filter((m) => m.version > since);
          expect(ids(index.changedSince(world.state, sport, since))).toEqual(ids(scanned));
        }
        checks++;
      }
    }
    expect(checks).toBeGreaterThan(100);
    // A move, a match rescheduled into another sport, and an archive of a sport's newest match.
    const football = matchesOfSport(world.state, 1);
    const [moved, switched, archived] = football.slice(-3);
    if (!moved || !switched || !archived) throw new Error('too few matches');
    world.append([{ type: 'StartTimeMoved', matchId: moved.id, startTime: 1_900_000_000 }], world.lastTime);
    expect(index.version(world.state, 1)).toBe(sportVersion(world.state, 1));
    world.append(
      [{ type: 'MatchScheduled', match: { id: switched.id, sportId: 3, leagueId: switched.leagueId, fields: {} } }],
      world.lastTime,
    );
    world.append([{ type: 'MatchesArchived', matchIds: [moved.id], leagueIds: [] }], world.lastTime);
    for (const sport of SPORTS) {
      expect(index.version(world.state, sport)).toBe(sportVersion(world.state, sport));
      expect(index.matches(world.state, sport).length).toBe(matchesOfSport(world.state, sport).length);
    }
    for (const sport of SPORTS) {
      const since = world.state.version - 3;
      const scanned = matchesOfSport(world.state, sport).filter((m) => m.version > since);
      expect(index.changedSince(world.state, sport, since).length).toBe(scanned.length);
    }
    expect(index.matches(world.state, 3).some((m) => m.id === switched.id)).toBe(true);
    expect(index.matches(world.state, 1).some((m) => m.id === moved.id)).toBe(false);
  }, 90_000); // a whole day of full scans: slow on a loaded machine

  it('S7-4 S7-19 the FeedSource serves the same u_ feeds as a full scan while the world moves', () => {
    const facts = day();
    const world = createLogWorld(facts);
    world.advanceTo(world.firstTime);
    const source = createWorldFeedSource(world, { epoch: 'e', unsignedWindowMs: 3_600_000 });
    const pushes: string[] = [];
    source.onPush((message) => pushes.push(message.subject));
    let served = 0;
    let changed = 0;
    for (let time = world.firstTime; time <= world.lastTime; time += STEP_MS) {
      world.advanceTo(time);
      for (const sport of SPORTS) {
        const feed = feedNameFor({ kind: 'update', sport, signature: null }, DEFAULT_FEED_PAGE);
        const response = fetchNow(source, { feed, headers: {} });
        expect(response.status).toBe(200);
        const signature = parsed(response.body).signature;
        const version = decodeSignature(signature, `e:${sport}`);
        expect(version).toBe(sportVersion(world.state, sport));
        // Unchanged since that signature: 304.
        expect(fetchNow(source, { feed, headers: { 'x-signature': signature ?? '' } }).status).toBe(304);
        // From an older version: the same rows as rendered from a full scan of the world.
        const since = Math.max(0, (version ?? 0) - 200);
        const older = fetchNow(source, { feed, headers: { 'x-signature': encodeSignature(since, `e:${sport}`) } });
        const scanned = renderUpdate(world.state, {
          sportId: sport,
          sinceVersion: since,
          refreshUtime: 0,
          signature: '',
        });
        const rows = (body: string) => {
          const parsed = parseListFeed(body);
          return { events: parsed.events, moved: parsed.moved };
        };
        expect(rows(older.body)).toEqual(rows(scanned));
        changed += parsed(older.body).events.length;
        served++;
      }
    }
    expect(served).toBeGreaterThan(50);
    expect(changed).toBeGreaterThan(50);
    expect(pushes.some((s) => s.startsWith('u_'))).toBe(true);
    source.close();
  }, 90_000);
});
