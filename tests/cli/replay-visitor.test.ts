// `scores replay` with visitor events: stars, a second tab, a login, pins and an account server that refuses,
// beside the feed. The visitor's two tabs are site roots on one SimulatedClock over one Map storage and a fake
// account server; their machines' changes make the site trace, and the visitor's checks run after every step.
import { describe, expect, it } from 'vitest';
import { FUZZ_START, miniWorld } from '../../cli/fuzz/mini-world';
import { loadReplayInput, parseReplayInput, type ReplayInput } from '../../cli/replay/input';
import { runReplay } from '../../cli/replay/run';
import { type Scenario, SCENARIO_FORMAT, type ScenarioOp, serializeScenario } from '../../cli/replay/scenario';
import { formatSiteTrace } from '../../cli/replay/site-trace';
import type { InjectableBug } from '../../cli/replay/bugs';
import { factLogHeader, serializeFactLog } from '../../sim/fact-log';

const LIMITS = { maxGames: 2, maxTeams: 1 };

function scenario(ops: readonly ScenarioOp[], injectedBug?: InjectableBug, visitorLimits = LIMITS): ReplayInput {
  const world = miniWorld();
  const file: Scenario = {
    header: {
      format: SCENARIO_FORMAT,
      version: 1,
      seed: 1,
      start: FUZZ_START,
      sports: [1, 4],
      timezoneHour: 5,
      stepMs: 1000,
      visitorLimits,
      ...(injectedBug ? { injectedBug } : {}),
    },
    facts: world.facts,
    ops,
  };
  const input = parseReplayInput(serializeScenario(file));
  if (typeof input === 'string') throw new Error(input);
  return input;
}

/** Two tabs star, log in, pin; then the server refuses a pin (S4-33…S4-35). */
const VISIT: readonly ScenarioOp[] = [
  { op: 'star', tab: 1, sport: 1, eventId: 'Fz1m0001' },
  { op: 'secondTab', open: true },
  { op: 'star', tab: 2, sport: 4, eventId: 'Fz4m0008' },
  { op: 'advance', ms: 2000 },
  { op: 'login' },
  { op: 'advance', ms: 2000 },
  { op: 'pin', tab: 1, labelKey: '1_fzo1' },
  { op: 'advance', ms: 2000 },
  { op: 'account', fail: true },
  { op: 'pin', tab: 1, labelKey: '1_fzt1' },
  { op: 'unpin', tab: 2, labelKey: '4_fzt4' },
  { op: 'advance', ms: 2000 },
];

const EXPECTED_TRACE = `site (times UTC):
  10:00:00      visitor      tab 1 opened  local storage
  10:00:00      myGames      tab 1  guest (0 game(s), 0 team(s))
  10:00:00      pinToggle    tab 1  pinned 1_fzt1, 4_fzt4
  10:00:00      visitor      tab 1: star  g_1_Fz1m0001
  10:00:00      myGames      tab 1  +g_1_Fz1m0001 (1 game(s), 0 team(s))
  10:00:00      visitor      tab 2 opened  local storage
  10:00:00      myGames      tab 2  guest +g_1_Fz1m0001 (1 game(s), 0 team(s))
  10:00:00      pinToggle    tab 2  pinned 1_fzt1, 4_fzt4
  10:00:00      visitor      tab 2: star  g_4_Fz4m0008
  10:00:00      myGames      tab 1  +g_4_Fz4m0008 (2 game(s), 0 team(s))
  10:00:00      myGames      tab 2  +g_4_Fz4m0008 (2 game(s), 0 team(s))
  10:00:02      visitor      login  every open tab learns of it (A4-8)
  10:00:02      myGames      tab 1  guest → member (2 game(s), 0 team(s))
  10:00:02      myGames      tab 2  guest → member (2 game(s), 0 team(s))
  10:00:02.200  account      took store of tab 1  mygames.data.g_1_Fz1m0001 mygames.data.g_4_Fz4m0008
  10:00:02.200  account      took store of tab 2  mygames.data.g_1_Fz1m0001 mygames.data.g_4_Fz4m0008
  10:00:04      visitor      tab 1: pin  1_fzo1
  10:00:04      pinToggle    tab 1  pinned 1_fzo1, 1_fzt1, 4_fzt4; waiting 1_fzo1 (seeds 1)
  10:00:04.200  account      took pin save of tab 1  myLeagues.1
  10:00:04.200  pinToggle    tab 1  pinned 1_fzo1, 1_fzt1, 4_fzt4
  10:00:04.200  pinToggle    tab 2  pinned 1_fzo1, 1_fzt1, 4_fzt4
  10:00:06      account      refuses stores  answers after 200 ms
  10:00:06      visitor      tab 1: pin  1_fzt1 is already pinned
  10:00:06      visitor      tab 2: unpin  4_fzt4
  10:00:06      pinToggle    tab 2  pinned 1_fzo1, 1_fzt1; waiting 4_fzt4 (seeds 4)
  10:00:06.200  account      refused pin save of tab 2  myLeagues.4
  10:00:06.200  pinToggle    tab 2  pinned 1_fzo1, 1_fzt1, 4_fzt4; technical error on 4_fzt4`;

const kickOff = (matchId: string) =>
  ({
    op: 'facts',
    facts: [
      {
        type: 'MatchStarted',
        matchId,
        stage: 12,
        periodStartTime: FUZZ_START / 1000,
        gameTime: -1,
        score: { homeScore: 0, awayScore: 0 },
        seq: 0,
        time: 0,
      },
    ],
  }) as ScenarioOp;
const goal = (matchId: string, score: { homeScore?: number; awayScore?: number }) =>
  ({ op: 'facts', facts: [{ type: 'ScoreChanged', matchId, score, seq: 0, time: 0 }] }) as ScenarioOp;

/** Two games kick off, one followed; each scores; then the page is hidden with permission granted (S2-45). */
const GOALS: readonly ScenarioOp[] = [
  { op: 'star', tab: 1, sport: 1, eventId: 'Fz1m0001' },
  kickOff('Fz1m0001'),
  kickOff('Fz1m0002'),
  { op: 'advance', ms: 20_000 },
  goal('Fz1m0001', { homeScore: 1 }),
  goal('Fz1m0002', { homeScore: 1 }),
  { op: 'advance', ms: 20_000 },
  { op: 'notificationPermission', permission: 'granted' },
  { op: 'visible', sport: 1, visible: false },
  goal('Fz1m0001', { awayScore: 1 }),
  { op: 'advance', ms: 20_000 },
];

describe('scores replay with visitor events', () => {
  it('S4-31 S4-32 S4-33 S4-34 S4-35 A3-11 A4-8: two tabs star, log in and pin; the trace shows each machine step and every check holds', async () => {
    const first = await runReplay(scenario(VISIT));
    expect(formatSiteTrace(first.siteTrace)).toBe(EXPECTED_TRACE);
    expect(first.visitorEvents).toBe(8);
    expect(first.report.invariantViolations).toEqual([]);
    expect(first.report.converged).toBe(true);
    // The same input gives the same run.
    const again = await runReplay(scenario(VISIT));
    expect(again.siteTrace).toEqual(first.siteTrace);
  });

  it('S4-9 S5-1: a sport page on My Games shows the followed games of its sport on every day My Games covers', async () => {
    const { report, eventsShown } = await runReplay(
      scenario(
        [
          { op: 'tab', sport: 1, tab: 'myGames' },
          { op: 'tab', sport: 4, tab: 'myGames' },
          { op: 'star', tab: 1, sport: 1, eventId: 'Fz1m0001' }, // today
          { op: 'star', tab: 1, sport: 4, eventId: 'Fz4m0012' }, // tomorrow
          { op: 'advance', ms: 5000 },
          { op: 'star', tab: 1, sport: 1, eventId: 'Fz1m0005' }, // yesterday
          { op: 'star', tab: 1, sport: 4, eventId: 'Fz4m0011' }, // yesterday
          { op: 'unstar', tab: 1, sport: 4, eventId: 'Fz4m0012' },
          { op: 'advance', ms: 5000 },
        ],
        undefined,
        { maxGames: 10, maxTeams: 10 },
      ),
    );
    expect(report.invariantViolations).toEqual([]);
    expect(report.converged).toBe(true);
    expect(eventsShown).toEqual({ 1: 2, 4: 1 });
  });

  it('S4-31: a fact log carries visitor events at their times; the second tab learns of a star through local storage', async () => {
    const world = miniWorld();
    const header = factLogHeader({ seed: 1, date: '2026-09-02', timezoneHour: 5, sports: [1, 4] });
    const lines = serializeFactLog(header, world.facts).trimEnd();
    const at = (seconds: number) => FUZZ_START - 3_600_000 + seconds * 1000;
    const visitor = [
      { time: at(10), op: 'secondTab', open: true },
      { time: at(20), op: 'star', tab: 2, sport: 1, eventId: 'Fz1m0002', group: 'a' },
      { time: at(30), op: 'followTeam', sport: 4, participantId: 'fzh7', name: 'Үй 7' },
    ];
    const text = `${lines}\n${visitor.map((v) => JSON.stringify(v)).join('\n')}\n`;
    const input = parseReplayInput(text);
    if (typeof input === 'string') throw new Error(input);
    expect(input.kind).toBe('facts');
    const result = await runReplay(input);
    const trace = formatSiteTrace(result.siteTrace);
    expect(trace).toContain('09:00:20      visitor      tab 2: star  g_1_Fz1m0002');
    expect(trace).toContain('09:00:20      myGames      tab 1  +g_1_Fz1m0002 (1 game(s), 0 team(s))');
    expect(trace).toContain('09:00:30      myGames      tab 2  +team 4_fzh7 (1 game(s), 1 team(s))');
    expect(result.report.invariantViolations).toEqual([]);
  });

  it('S2-45 S4-40 S5-6: a goal of a followed game shows a box, of another game none; hidden with permission, a browser notification', async () => {
    const { siteTrace, report } = await runReplay(scenario(GOALS));
    const notifications = siteTrace.filter((entry) => entry.actor === 'notifications' || entry.actor === 'visitor');
    expect(formatSiteTrace(notifications).split('\n').slice(3)).toEqual([
      '  10:00:20      notifications  tab 1  box: goal Fz1m0001 1-0',
      '  10:00:40      visitor      notification permission  granted',
      '  10:00:40      notifications  tab 1  browser notification: goal Fz1m0001 1-1',
    ]);
    expect(report.invariantViolations).toEqual([]);
  });

  const planted: [InjectableBug, string, string, readonly ScenarioOp[]][] = [
    [
      'follow-limit-off',
      'S5-2 S9-2',
      'follow-limit',
      [
        { op: 'star', tab: 1, sport: 1, eventId: 'Fz1m0001' },
        { op: 'star', tab: 1, sport: 1, eventId: 'Fz1m0002' },
        { op: 'star', tab: 1, sport: 1, eventId: 'Fz1m0003' },
      ],
    ],
    ['local-write-lost', 'S4-31', 'follow-copies-agree', VISIT],
    ['pin-never-confirms', 'S4-34', 'pin-confirmed', VISIT],
    ['pin-no-revert', 'S4-35', 'pin-reverted', VISIT],
    ['notify-unfollowed', 'S4-40', 'notification-followed', GOALS],
  ];

  for (const [bug, ids, check, ops] of planted) {
    it(`${ids}: a planted ${bug} breaks ${check}; the site's machines keep it`, async () => {
      const broken = await runReplay(scenario(ops, bug));
      expect(broken.report.invariantViolations.map((v) => v.check)).toContain(check);
      const fixed = await runReplay(scenario(ops, bug), { injectBug: null });
      expect(fixed.report.invariantViolations).toEqual([]);
    });
  }

  // Found by `scores fuzz --seed 31` (fixtures/regressions/my-games-emptied-keeps-rows.jsonl): a guest stars a game
  // with My Games shown, logs in, and the server refuses the merge; the account's data then holds nothing, so My
  // Games becomes empty. The feed cycle's plan for an empty My Games had no feed to load and the mygames scope kept
  // its rows (unstarring the last game or logging out did the same); it now empties the scope.
  it('S4-9 S4-32: a page on My Games whose games are all gone shows no rows (regression)', async () => {
    const input = await loadReplayInput('fixtures/regressions/my-games-emptied-keeps-rows.jsonl');
    if (typeof input === 'string') throw new Error(input);
    const { report } = await runReplay(input);
    expect(report.invariantViolations).toEqual([]);
  });
});
