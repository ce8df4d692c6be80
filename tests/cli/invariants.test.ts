// The named checks and the input formats of replay, on hand-made values.
import { describe, expect, it } from 'vitest';
import { parseCapture } from '../../cli/replay/capture';
import { formatFaultSpec, parseFaultSpec, pickResponseFault } from '../../cli/replay/faults';
import { detectInputKind } from '../../cli/replay/input';
import { CheckTally, checkConvergence, checkLiveCount, INVARIANTS, insaneClockText } from '../../cli/replay/invariants';
import { parseScenario } from '../../cli/replay/scenario';
import type { EventFields } from '../../src/protocol/keys';

describe('invariants', () => {
  it('names one check per invariant', () => {
    expect(INVARIANTS).toEqual([
      'converges',
      'older-never-overwrites',
      'live-mark-expires',
      'scores-monotonic',
      'clock-text-sane',
      'live-count',
      'push-latency',
      'poll-latency',
      'stale-sync-repairs',
      'refresh-reloads',
      'highlight-ends',
    ]);
  });

  it('counts each check: every named one listed, a failure is an evaluation too', () => {
    const tally = new CheckTally();
    tally.evaluated('converges', 3);
    tally.failed('converges');
    tally.failed('pin-reverted');
    const rows = tally.rows(INVARIANTS);
    expect(rows.map((r) => r.check)).toEqual([...INVARIANTS, 'pin-reverted']);
    expect(rows[0]).toEqual({ check: 'converges', evaluated: 4, failed: 1 });
    expect(rows.find((r) => r.check === 'live-count')).toEqual({ check: 'live-count', evaluated: 0, failed: 0 });
    expect(tally.failures).toBe(2);
  });

  it('S4-18 S4-19 clock text is impossible when negative, NaN or beyond any match', () => {
    expect(insaneClockText("67'")).toBeNull();
    expect(insaneClockText('45+')).toBeNull();
    expect(insaneClockText('Үзіліс')).toBeNull();
    expect(insaneClockText("-3'")).toMatch(/negative/);
    expect(insaneClockText("NaN'")).not.toBeNull();
    expect(insaneClockText("999'")).toMatch(/impossible/);
    expect(insaneClockText('')).not.toBeNull();
  });

  it('S3-27 convergence compares scores, stage, stage type, parts and start time, and presence', () => {
    const world = new Map<string, EventFields>([
      ['a', { homeScore: 1, awayScore: 0, stage: 13, stageType: 2, startTime: 10, homePart1: 1 }],
      ['b', { stageType: 1, startTime: 20, home: 'X' }],
    ]);
    const same = new Map<string, EventFields>([
      ['a', { homeScore: 1, awayScore: 0, stage: 13, stageType: 2, startTime: 10, homePart1: 1, home: 'other' }],
      ['b', { stageType: 1, startTime: 20 }],
    ]);
    expect(checkConvergence(1, same, world)).toEqual([]);
    const wrong = new Map<string, EventFields>([
      ['a', { homeScore: 0, awayScore: 0, stage: 13, stageType: 2, startTime: 10 }],
      ['c', { stageType: 1, startTime: 5 }],
    ]);
    const found = checkConvergence(1, wrong, world);
    expect(found.map((m) => `${m.eventId}.${m.field}`).sort()).toEqual([
      'a.homePart1',
      'a.homeScore',
      'b.presence',
      'c.presence',
    ]);
    // An event moved across the day's edge may be held or not (S4-8 applies to the initial feed only).
    expect(checkConvergence(1, wrong, world, (id) => id !== 'a').map((m) => m.eventId)).toEqual(['a', 'a']);
  });

  it('S4-11 the live count is the live-marked events against the world live events', () => {
    const world = new Map<string, EventFields>([
      ['a', { stageType: 2 }],
      ['b', { stageType: 3 }],
    ]);
    expect(
      checkLiveCount(
        1,
        0,
        new Map([
          ['a', { liveMarked: true }],
          ['b', { liveMarked: false }],
        ]),
        world,
      ),
    ).toBeNull();
    expect(
      checkLiveCount(
        1,
        0,
        new Map([
          ['a', { liveMarked: true }],
          ['b', { liveMarked: true }],
        ]),
        world,
      )?.check,
    ).toBe('live-count');
  });
});

describe('fault specs', () => {
  it('S8-1 parses rates, refuses bad ones, and picks faults from one draw', () => {
    const rates = parseFaultSpec('drop=0.1,error=0.05,dup=0.05,delay=0.1,reorder=0.05,pushloss=0.1,restart=0.01');
    if (typeof rates === 'string') throw new Error(rates);
    expect(formatFaultSpec(rates)).toBe(
      'drop=0.1,error=0.05,dup=0.05,delay=0.1,reorder=0.05,pushloss=0.1,restart=0.01',
    );
    expect(pickResponseFault(rates, 0.05)).toBe('drop');
    expect(pickResponseFault(rates, 0.12)).toBe('error');
    expect(pickResponseFault(rates, 0.34)).toBe('reorder');
    expect(pickResponseFault(rates, 0.36)).toBeNull();
    expect(parseFaultSpec('drop')).toMatch(/name=rate/);
    expect(parseFaultSpec('drop=0.6,error=0.6')).toMatch(/exceed 1/);
    expect(parseFaultSpec('')).toEqual({});
  });
});

describe('replay inputs', () => {
  it('tells fact logs, captures and scenarios apart by the first line', () => {
    expect(detectInputKind('{"format":"kz-scores-facts","version":1}')).toBe('facts');
    expect(detectInputKind('{"seq":1,"time":5,"type":"ScoreChanged","matchId":"x","score":{}}')).toBe('facts');
    expect(detectInputKind('{"format":"scores-capture","version":1,"sport":1}')).toBe('capture');
    expect(detectInputKind('{"time":1,"feed":"f_1_0_5_kk_1","status":200,"body":""}')).toBe('capture');
    expect(detectInputKind('{"format":"scores-scenario","version":1}')).toBe('scenario');
    expect(detectInputKind('hello')).toBeNull();
    expect(detectInputKind('{"seq":1,"time":5,"type":"Meteor"}')).toBeNull();
  });

  it('S8-2 skips unreadable capture and scenario lines instead of failing', () => {
    const bad: number[] = [];
    const capture = parseCapture(
      '{"time":1,"feed":"f_3_0_3_en_2","status":200,"body":"SA÷3¬~"}\nnot json\n{"time":2,"kind":"push"}\n',
      (line) => bad.push(line),
    );
    expect(capture.feeds.length).toBe(1);
    expect(capture.header.sport).toBe(3);
    expect(capture.header.page.timezoneHour).toBe(3);
    expect(bad).toEqual([2, 3]);
    const scenario = parseScenario(
      '{"format":"scores-scenario","version":1,"seed":1,"start":5,"sports":[1]}\n{"op":"advance","ms":1000}\n{"op":"fly"}\n',
      (line) => bad.push(line),
    );
    if (typeof scenario === 'string') throw new Error(scenario);
    expect(scenario.ops).toEqual([{ op: 'advance', ms: 1000 }]);
    expect(bad).toEqual([2, 3, 3]);
    expect(parseScenario('{"seq":1}')).toMatch(/not a scenario header/);
    // A race, a clock jump and a collapse are operations too.
    const raced = parseScenario(
      [
        '{"format":"scores-scenario","version":1,"seed":1,"start":5,"sports":[1],"found":"scores fuzz --seed 1"}',
        '{"op":"together","ops":[{"op":"online","sport":1,"online":false},{"op":"day","sport":1,"day":-1}]}',
        '{"op":"jump","ms":120000}',
        '{"op":"collapse","sport":1,"leagueId":"1_x"}',
        '{"op":"together","ops":[{"op":"fly"}]}',
      ].join('\n'),
      (line) => bad.push(line),
    );
    if (typeof raced === 'string') throw new Error(raced);
    expect(raced.header.found).toBe('scores fuzz --seed 1');
    expect(raced.ops).toEqual([
      {
        op: 'together',
        ops: [
          { op: 'online', sport: 1, online: false },
          { op: 'day', sport: 1, day: -1 },
        ],
      },
      { op: 'jump', ms: 120000 },
      { op: 'collapse', sport: 1, leagueId: '1_x' },
    ]);
    expect(bad.at(-1)).toBe(5);
  });
});
