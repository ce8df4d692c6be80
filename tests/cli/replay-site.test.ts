// `scores replay --match <id> --push-drop <times>`: the replay also runs the site's root actor tree on a
// SimulatedClock (its clock, the open match's detail machine) and a push connection whose socket drops at
// chosen times, and writes their transitions into the site trace. One soccer match is replayed: kick-off, a
// goal, half time and the second half.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parsePushDrops } from '../../cli/replay/push-drops';
import { runReplay } from '../../cli/replay/run';
import type { SiteTraceEntry } from '../../cli/replay/site-trace';
import { STAGE } from '../../src/domain/stages';
import { statusLabel } from '../../src/domain/status-labels';
import { factLogHeader, serializeFactLog } from '../../sim/fact-log';
import type { Fact, FactBody } from '../../sim/facts';

const MIN = 60_000;
/** 2026-09-02 10:00 UTC: the log starts; kick-off a minute later. */
const T0 = Date.UTC(2026, 8, 2, 10, 0, 0);
const KICK_OFF = T0 + MIN;
const GOAL = T0 + 3 * MIN + 20_000;
const HALF_TIME = KICK_OFF + 47 * MIN;
const SECOND_HALF = HALF_TIME + 15 * MIN;
const LAST = SECOND_HALF + 3 * MIN;
const ID = 'Rp1m001';
const SOCCER = 1;

function liveMatchFacts(): Fact[] {
  const seconds = (ms: number) => Math.floor(ms / 1000);
  const bodies: [number, FactBody][] = [
    [
      T0,
      {
        type: 'LeagueCreated',
        league: {
          id: '1_rp1',
          sportId: SOCCER,
          top: true,
          name: 'ҚАЗАҚСТАН: Реплей лигасы',
          stageId: 'rp1',
          templateId: 'rpt1',
          countryId: 108,
          countryName: 'Қазақстан',
          type: 't',
          tournamentId: 'rptr1',
          sortKey: '0rp1',
        },
      } as FactBody,
    ],
    [
      T0,
      {
        type: 'MatchScheduled',
        match: {
          id: ID,
          sportId: SOCCER,
          leagueId: '1_rp1',
          fields: {
            startTime: seconds(KICK_OFF),
            stageType: 1,
            stage: 1,
            home: 'Үй',
            away: 'Қонақ',
            homeParticipantId: 'h1',
            awayParticipantId: 'a1',
            gameTime: -1,
          },
        },
      },
    ],
    [
      KICK_OFF,
      {
        type: 'MatchStarted',
        matchId: ID,
        stage: STAGE.FIRST_HALF,
        periodStartTime: seconds(KICK_OFF),
        gameTime: -1,
        score: { homeScore: 0, awayScore: 0 },
      },
    ],
    [GOAL, { type: 'ScoreChanged', matchId: ID, score: { homeScore: 1 } }],
    [HALF_TIME, { type: 'StageChanged', matchId: ID, stage: STAGE.HALF_TIME }],
    [
      SECOND_HALF,
      { type: 'StageChanged', matchId: ID, stage: STAGE.SECOND_HALF, periodStartTime: seconds(SECOND_HALF) },
    ],
    [LAST, { type: 'ScoreChanged', matchId: ID, score: { awayScore: 1 } }],
  ];
  return bodies.map(([time, body], i) => ({ ...body, seq: i + 1, time }) as Fact);
}

const pushDrops = parsePushDrops('5m,10m+70s');

let replayed: Promise<readonly SiteTraceEntry[]> | null = null;

/** The site trace of the match replayed with a drop at 5 min and another refused for 70 s at 10 min (run once). */
function replaySite(): Promise<readonly SiteTraceEntry[]> {
  replayed ??= (async () => {
    if (typeof pushDrops === 'string') throw new Error(pushDrops);
    const result = await runReplay(
      { kind: 'facts', facts: liveMatchFacts(), header: null },
      { match: ID, pushDrops, settleMs: MIN },
    );
    expect(result.report.converged).toBe(true);
    return result.siteTrace;
  })();
  return replayed;
}

const of = (trace: readonly SiteTraceEntry[], actor: SiteTraceEntry['actor'], transition?: string) =>
  trace.filter((e) => e.actor === actor && (transition === undefined || e.transition === transition));

describe('scores replay runs the site root actor tree', () => {
  it("S4-18 S4-19 S9-4 the trace shows a live match's clock text minute by minute, 45+ then the break, 46' after it", async () => {
    const trace = await replaySite();
    const ticks = of(trace, 'clock', 'tick');
    // First half: 1' at kick-off, one minute more at each minute's boundary, then the cap.
    const firstHalf = ticks.slice(0, 46);
    expect(firstHalf.map((t) => t.detail)).toEqual([...Array.from({ length: 45 }, (_, i) => `${i + 1}'`), '45+']);
    expect(firstHalf.map((t) => t.time - KICK_OFF)).toEqual(Array.from({ length: 46 }, (_, i) => i * MIN));
    // The break shows by the next 5 s tick after the stage changed (the page polls and pushes; S9-4).
    const rest = ticks.slice(46);
    const breakLabel = statusLabel(SOCCER, STAGE.HALF_TIME).name;
    expect(rest[0]?.detail).toBe(breakLabel);
    expect(rest[0]!.time - HALF_TIME).toBeGreaterThanOrEqual(0);
    expect(rest[0]!.time - HALF_TIME).toBeLessThanOrEqual(5_000);
    // Second half: counts on from 46, again one minute per minute.
    expect(rest[1]?.detail).toBe("46'");
    expect(rest[1]!.time - SECOND_HALF).toBeLessThanOrEqual(5_000);
    expect(rest.slice(2, 4).map((t) => [t.detail, t.time - SECOND_HALF])).toEqual([
      ["47'", MIN],
      ["48'", 2 * MIN],
    ]);
    // The clock starts ticking only once the match is live.
    expect(of(trace, 'clock', 'time: idle → ticking')[0]?.time).toBe(KICK_OFF);
  });

  it('S9-4 S7-23 the match detail polls its hashes every 5 s, and at once when its push subject speaks', async () => {
    const trace = await replaySite();
    const polls = of(trace, 'matchDetail')
      .filter((e) => e.transition.endsWith('→ polling'))
      .map((e) => e.time);
    expect(of(trace, 'matchDetail', 'sync: waiting → polling')[0]?.detail).toBe(`g_1_${ID}`);
    const pushes = new Set(of(trace, 'push', 'message').map((e) => e.time));
    expect(pushes.size).toBeGreaterThanOrEqual(5);
    let regular = 0;
    for (let i = 1; i < polls.length; i++) {
      const gap = polls[i]! - polls[i - 1]!;
      if (gap === 5_000) regular++;
      // Never later than 5 s; sooner only because a push came then.
      else expect({ at: polls[i], gap, push: pushes.has(polls[i]!) }).toEqual({ at: polls[i], gap, push: true });
    }
    expect(regular).toBeGreaterThan(((LAST - T0) / 5_000) * 0.9);
    // A push on games_kk_<id> polls at once: the goal's push and a poll at the same moment.
    const goalPush = [...pushes].find((t) => t >= GOAL)!;
    expect(goalPush - GOAL).toBeLessThanOrEqual(5_000);
    expect(polls).toContain(goalPush);
  });

  it("S8-3 a push drop reconnects with the browser's back-off: 1 s, doubling while refused, capped at 30 s", async () => {
    const trace = await replaySite();
    const push = of(trace, 'push');
    const drops = of(trace, 'push', 'drop').map((e) => e.time);
    expect(drops).toEqual([T0 + 5 * MIN, T0 + 10 * MIN]);
    /** The waits after a drop until the socket opened again: planned and as they happened. */
    const waitsAfter = (drop: number) => {
      const planned: number[] = [];
      const actual: number[] = [];
      let waitingSince = 0;
      for (const entry of push.filter((e) => e.time >= drop)) {
        if (entry.transition.endsWith('→ waitingToReconnect')) {
          planned.push(Number(/reconnect in (\d+) s/.exec(entry.detail)?.[1]) * 1000);
          waitingSince = entry.time;
        } else if (entry.transition === 'waitingToReconnect → connecting') actual.push(entry.time - waitingSince);
        else if (entry.transition === 'connecting → open') return { planned, actual, subscribed: entry.detail };
      }
      return { planned, actual, subscribed: '' };
    };
    const subscribed = `subscribed: games_kk_${ID}`;
    expect(waitsAfter(drops[0]!)).toEqual({ planned: [1_000], actual: [1_000], subscribed });
    const refused = [1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000];
    expect(waitsAfter(drops[1]!)).toEqual({ planned: refused, actual: refused, subscribed });
    // Reopened, the subject is heard again: the second half's push arrives.
    expect(of(trace, 'push', 'message').some((e) => e.time >= SECOND_HALF)).toBe(true);
  });

  it('--push-drop reads <at>[+<for>] durations and rejects anything else', () => {
    expect(parsePushDrops('10m, 90s+2m,1500ms,30')).toEqual([
      { atMs: 1_500, forMs: 0 },
      { atMs: 30_000, forMs: 0 },
      { atMs: 90_000, forMs: 120_000 },
      { atMs: 600_000, forMs: 0 },
    ]);
    for (const bad of ['', 'soon', '10m+', '1m+2m+3m', '-5s']) expect(typeof parsePushDrops(bad)).toBe('string');
  });

  it('scores replay --match --push-drop prints the site timeline; a bad drop exits 2', {
    timeout: 120_000,
  }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scores-site-'));
    const file = join(dir, 'match.jsonl');
    const header = factLogHeader({ seed: 1, date: '2026-09-02', sports: [SOCCER] });
    writeFileSync(file, serializeFactLog(header, liveMatchFacts()));
    const run = promisify(execFile);
    const cli = (...args: string[]) =>
      run('node', ['cli/bin.mjs', 'replay', file, ...args]).then(
        ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
        (e: { code: number; stdout: string; stderr: string }) => e,
      );
    const out = await cli('--match', ID, '--push-drop', '5m');
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('site (times UTC):');
    expect(out.stdout).toMatch(/10:02:00 +clock +tick +2'/);
    expect(out.stdout).toMatch(/10:05:00 +push +open → waitingToReconnect +reconnect in 1 s/);
    expect(out.stdout).toMatch(/10:00:05 +matchDetail +sync: waiting → polling +g_1_Rp1m001/);
    const bad = await cli('--push-drop', 'soon');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^scores replay: bad push drop 'soon'/);
  });
});
