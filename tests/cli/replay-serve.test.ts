// `scores replay <day> --serve`: the site's feed server over a replayed fact log, moved by its control API. The
// feeds served must show the world folded up to the replay clock (compared with a fold of the same facts done
// here), and a move back must hand clients signals they take for newer (a higher A2 and higher ordinals).
import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { SimulatedClock } from 'xstate';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadReplayInput } from '../../cli/replay/input';
import { type ReplayServe, startReplayServe } from '../../cli/replay/serve';
import { REPLAY_TICK_MS } from '../../machines/replay-timeline';
import { buildServer, type ExtraPlugin } from '../../server/app';
import { createReplayWorld } from '../../server/replay/replay-world';
import type { Fact } from '../../sim/facts';
import { foldFacts } from '../../sim/fold';
import { EDITION } from '../../src/domain/edition';
import { feedNameFor } from '../../src/net/feed-names';
import { parseListFeed } from '../../src/protocol/list-feed';
import type { ListFeed } from '../../src/protocol/list-feed-types';
import { signatureOrdinal } from '../../src/scoreboard/feed-ordinal';

const BIN = resolve(__dirname, '../../cli/bin.mjs');
// A generated day (seed 7): cricket (13) and snooker (15), 2,026 facts.
const DAY = resolve(__dirname, '../../fixtures/days/day-seed7-2026-09-02-cricket-snooker.jsonl.gz');

let facts: readonly Fact[];
/** A match whose score changes at two distinct moments, and those moments. */
let scored: { matchId: string; sport: number; first: number; second: number };

beforeAll(async () => {
  const input = await loadReplayInput(DAY);
  if (typeof input === 'string' || input.kind !== 'facts') throw new Error(`cannot read the day: ${input}`);
  facts = input.facts;
  const sportOf = new Map<string, number>();
  const scoreTimes = new Map<string, number[]>();
  for (const fact of facts) {
    if (fact.type === 'MatchScheduled') sportOf.set(fact.match.id, fact.match.sportId);
    if (fact.type !== 'ScoreChanged' || fact.score.homeScore === undefined) continue;
    const times = scoreTimes.get(fact.matchId) ?? [];
    if (times[times.length - 1] !== fact.time) times.push(fact.time);
    scoreTimes.set(fact.matchId, times);
  }
  for (const [matchId, times] of scoreTimes) {
    if (times.length < 2) continue;
    const first = times[0]!;
    const second = times[times.length - 1]!;
    if (homeScoreAt(matchId, first) === homeScoreAt(matchId, second)) continue;
    scored = { matchId, sport: sportOf.get(matchId)!, first, second };
    break;
  }
  if (!scored) throw new Error('the day has no match whose score changes');
});

/** The world's truth: the match's home score with every fact up to `time` folded. */
function homeScoreAt(matchId: string, time: number): string | number | undefined {
  return foldFacts(facts.filter((fact) => fact.time <= time)).matches.get(matchId)?.fields.homeScore;
}

async function dayList(url: string, sport: number): Promise<ListFeed> {
  const response = await fetch(`${url}/${EDITION.projectId}/x/feed/${feedNameFor({ kind: 'full', sport, day: 0 })}`, {
    headers: { 'x-fsign': EDITION.feedSignature },
  });
  expect(response.status).toBe(200);
  return parseListFeed(await response.text());
}

async function update(url: string, sport: number, signature: string): Promise<ListFeed> {
  const response = await fetch(
    `${url}/${EDITION.projectId}/x/feed/${feedNameFor({ kind: 'update', sport, signature })}`,
    {
      headers: { 'x-fsign': EDITION.feedSignature, 'x-signature': signature },
    },
  );
  expect(response.status).toBe(200);
  return parseListFeed(await response.text());
}

async function servedHomeScore(url: string): Promise<string | number | undefined> {
  const list = await dayList(url, scored.sport);
  const row = list.events.find((event) => event.id === scored.matchId);
  expect(row).toBeDefined();
  return row?.homeScore;
}

async function control(url: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${url}/replay/control`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe('replay --serve: the control API over a replayed day', () => {
  let clock: SimulatedClock;
  let serve: ReplayServe;

  beforeAll(async () => {
    clock = new SimulatedClock();
    // A route that sets its own cookie, as the account API's login does.
    const cookieRoute: ExtraPlugin = async (app) => {
      app.get('/own-cookie', async (_request, reply) =>
        reply.header('set-cookie', 'session=abc; Path=/').type('text/html').send('<p>ok</p>'),
      );
    };
    serve = await startReplayServe(facts, { port: 0, staticDir: null, clock, extraPlugins: [cookieRoute] });
  });
  afterAll(async () => {
    await serve?.stop();
  });

  it('starts paused at the first fact; play moves the clock tick × speed per tick, pause holds it', async () => {
    const state = (await (await fetch(`${serve.url}/replay/state`)).json()) as Record<string, unknown>;
    expect(state).toMatchObject({ replay: true, playing: false, position: facts[0]!.time, speed: 1 });
    expect(state.end).toBe(facts[facts.length - 1]!.time);

    expect((await control(serve.url, { action: 'speed', speed: 600 })).json.speed).toBe(600);
    expect((await control(serve.url, { action: 'play' })).json.playing).toBe(true);
    clock.increment(REPLAY_TICK_MS);
    clock.increment(REPLAY_TICK_MS);
    expect(serve.state().position).toBe(facts[0]!.time + 2 * REPLAY_TICK_MS * 600);
    expect((await control(serve.url, { action: 'pause' })).json.playing).toBe(false);
    clock.increment(REPLAY_TICK_MS * 10);
    expect(serve.state().position).toBe(facts[0]!.time + 2 * REPLAY_TICK_MS * 600);
    // The server's clock is the replay clock: the sys feed and the Date header follow it.
    const sys = await fetch(`${serve.url}/${EDITION.projectId}/x/feed/sys_${EDITION.projectType}`, {
      headers: { 'x-fsign': EDITION.feedSignature },
    });
    expect(Date.parse(sys.headers.get('date') ?? '')).toBe(Math.floor(serve.state().position / 1000) * 1000);
  });

  it('seek: the day list shows the score of the moment sought, forward and back', async () => {
    await control(serve.url, { action: 'seek', time: scored.first });
    expect(await servedHomeScore(serve.url)).toBe(homeScoreAt(scored.matchId, scored.first));
    await control(serve.url, { action: 'seek', time: scored.second });
    expect(await servedHomeScore(serve.url)).toBe(homeScoreAt(scored.matchId, scored.second));
    await control(serve.url, { action: 'seek', time: scored.first });
    expect(await servedHomeScore(serve.url)).toBe(homeScoreAt(scored.matchId, scored.first));
    expect(homeScoreAt(scored.matchId, scored.first)).not.toBe(homeScoreAt(scored.matchId, scored.second));
  });

  it('a move back hands a client of the later moment a newer A2 and newer ordinals, and pushes the reload', async () => {
    await control(serve.url, { action: 'seek', time: scored.second });
    const later = await dayList(serve.url, scored.sport);
    const pushed: string[] = [];
    const stop = serve.app.pushBroker.subscribe(`u_${scored.sport}_${EDITION.projectType}`, (body: string) => {
      pushed.push(body);
    });
    const back = await control(serve.url, { action: 'seek', time: scored.first });
    stop();
    expect(back.json.generation).toBeGreaterThan(1);
    // The client's next update (its signature is of the old generation) says reload: A2 above what it loaded.
    const answer = await update(serve.url, scored.sport, later.signature ?? '');
    expect(answer.refreshUtime).toBeGreaterThan(later.refreshUtime ?? Number.POSITIVE_INFINITY);
    // The push channel said so at once.
    expect(
      pushed.map((body) => parseListFeed(body).refreshUtime ?? 0).some((a2) => a2 > (later.refreshUtime ?? 0)),
    ).toBe(true);
    // The reloaded list is of the earlier moment, with ordinals above the later list's.
    const reloaded = await dayList(serve.url, scored.sport);
    expect(signatureOrdinal(reloaded.signature)).toBeGreaterThan(signatureOrdinal(later.signature) ?? 0);
    expect(reloaded.events.find((event) => event.id === scored.matchId)?.homeScore).toBe(
      homeScoreAt(scored.matchId, scored.first),
    );
  });

  it('step goes to the next fact; nextEvent to the next event of a match; both pause', async () => {
    await control(serve.url, { action: 'seek', time: scored.first });
    await control(serve.url, { action: 'play' });
    const stepped = await control(serve.url, { action: 'step' });
    expect(stepped.json.playing).toBe(false);
    expect(stepped.json.position).toBe(facts.find((fact) => fact.time > scored.first)!.time);

    await control(serve.url, { action: 'seek', time: scored.first });
    const next = await control(serve.url, { action: 'nextEvent', matchId: scored.matchId });
    const expected = facts.find(
      (fact) =>
        fact.time > scored.first &&
        'matchId' in fact &&
        fact.matchId === scored.matchId &&
        !['GameTimeChanged', 'OddsMoved', 'StatsChanged', 'LineupsAnnounced'].includes(fact.type),
    );
    expect(next.json.position).toBe(expected?.time);
  });

  it('pages carry the replay cookie the client shows its bar by, beside their own cookies; feeds do not', async () => {
    const page = await fetch(`${serve.url}/kz/`);
    expect(page.headers.getSetCookie()).toEqual([expect.stringMatching(/^scores_replay=1;/)]);
    const own = await fetch(`${serve.url}/own-cookie`);
    expect(own.headers.getSetCookie().sort()).toEqual([
      expect.stringMatching(/^scores_replay=1;/),
      'session=abc; Path=/',
    ]);
    const sys = await fetch(`${serve.url}/${EDITION.projectId}/x/feed/sys_${EDITION.projectType}`, {
      headers: { 'x-fsign': EDITION.feedSignature },
    });
    expect(sys.headers.getSetCookie()).toEqual([]);
  });

  it('bad input: unknown actions and malformed values are 400, an unknown match 404, past the end 409', async () => {
    expect((await control(serve.url, { action: 'rewind' })).status).toBe(400);
    expect((await control(serve.url, [])).status).toBe(400);
    expect((await control(serve.url, { action: 'speed', speed: 601 })).status).toBe(400);
    expect((await control(serve.url, { action: 'speed', speed: 0.5 })).status).toBe(400);
    expect((await control(serve.url, { action: 'speed', speed: '10' })).status).toBe(400);
    expect((await control(serve.url, { action: 'seek', time: 'noon' })).status).toBe(400);
    expect((await control(serve.url, { action: 'nextEvent', matchId: '../x' })).status).toBe(400);
    expect((await control(serve.url, { action: 'nextEvent', matchId: 'NoSuchMatch1' })).status).toBe(404);
    const text = await fetch(`${serve.url}/replay/control`, { method: 'POST', body: 'action=play' });
    expect(text.status).toBeGreaterThanOrEqual(400);
    // Out-of-range moments are clamped to the day.
    expect((await control(serve.url, { action: 'seek', time: 0 })).json.position).toBe(facts[0]!.time);
    const end = facts[facts.length - 1]!.time;
    expect((await control(serve.url, { action: 'seek', time: end + 86_400_000 })).json.position).toBe(end);
    expect((await control(serve.url, { action: 'step' })).status).toBe(409);
    // Playing at the end stays paused.
    expect((await control(serve.url, { action: 'play' })).json.playing).toBe(false);
  });
});

describe('the control API is replay-only', () => {
  it('a server over the live world answers /replay/state and /replay/control with 404 and sets no replay cookie', async () => {
    const world = createReplayWorld(facts);
    const app = await buildServer({ feedSource: world.source, staticDir: null });
    try {
      const state = await app.inject({ method: 'GET', url: '/replay/state' });
      expect(state.statusCode).toBe(404);
      expect(state.headers['set-cookie']).toBeUndefined();
      const posted = await app.inject({ method: 'POST', url: '/replay/control', payload: { action: 'play' } });
      expect(posted.statusCode).toBe(404);
    } finally {
      await app.close();
      world.close();
    }
  });
});

describe('scores replay <day> --serve as a user starts it', () => {
  let child: ChildProcess | null = null;
  afterEach(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child?.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  });

  it('listens on loopback, pauses, seeks and serves the moment', async () => {
    const started = spawn(process.execPath, [BIN, 'replay', DAY, '--serve', '--port', '0', '--no-build'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    let text = '';
    const url = await new Promise<string>((resolvePromise, reject) => {
      const onData = (chunk: Buffer) => {
        text += chunk.toString();
        const match = /scores replay: (http:\/\/[^/\s]+)\//.exec(text);
        if (match?.[1]) resolvePromise(match[1]);
      };
      started.stdout?.on('data', onData);
      started.stderr?.on('data', onData);
      started.on('exit', (code) => reject(new Error(`replay --serve exited ${code}: ${text}`)));
    });
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    // Playing runs on the process's own timers.
    expect((await control(url, { action: 'play' })).json.playing).toBe(true);
    expect((await control(url, { action: 'pause' })).json.playing).toBe(false);
    await control(url, { action: 'seek', time: scored.second });
    expect(await servedHomeScore(url)).toBe(homeScoreAt(scored.matchId, scored.second));
  }, 60_000);

  it('a capture or an unreadable file is refused with exit 2', async () => {
    const run = spawn(
      process.execPath,
      [BIN, 'replay', resolve(__dirname, '../../fixtures/captures/real-football-today.jsonl'), '--serve', '--no-build'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    run.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const code = await new Promise((r) => run.once('exit', r));
    expect(code).toBe(2);
    expect(stderr).toMatch(/--serve replays a fact log/);
  }, 60_000);
});
