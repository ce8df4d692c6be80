import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clockText,
  clockTextForEvent,
  currentLegOrFrame,
  liveMinute,
  penaltyUpdateApplies,
  playsOnSets,
  reverseTime,
  showsBlink,
} from '../../src/domain/clock';
import { SPORTS } from '../../src/domain/sports';
import { STAGE } from '../../src/domain/stages';
import { stagesForSport } from '../../src/domain/status-labels';

const AO = 1_760_000_000; // a period start, epoch seconds
const at = (minutesIn: number, secondsIn = 0): number => (AO + minutesIn * 60 + secondsIn) * 1000;

describe('live minute and clock text', () => {
  it('S4-19 soccer first half counts from AO, shows 45+ past 45', () => {
    const base = { sportId: 1, stage: STAGE.FIRST_HALF, periodStartTime: AO, stageType: 2 };
    expect(clockText({ ...base, serverNow: at(0, 5) })).toBe("1'");
    expect(clockText({ ...base, serverNow: at(22, 30) })).toBe("23'");
    expect(clockText({ ...base, serverNow: at(44, 59) })).toBe("45'");
    expect(clockText({ ...base, serverNow: at(45, 0) })).toBe('45+');
    expect(clockText({ ...base, serverNow: at(51) })).toBe('45+');
  });

  it('S4-19 soccer second half starts at 45, caps at 90+; extra time at 90, caps 120+', () => {
    const second = { sportId: 1, stage: STAGE.SECOND_HALF, periodStartTime: AO, stageType: 2 };
    expect(clockText({ ...second, serverNow: at(0, 1) })).toBe("46'");
    expect(clockText({ ...second, serverNow: at(21, 10) })).toBe("67'");
    expect(clockText({ ...second, serverNow: at(46) })).toBe('90+');
    const et = { sportId: 1, stage: STAGE.EXTRA_TIME, periodStartTime: AO, stageType: 2 };
    expect(clockText({ ...et, serverNow: at(3) })).toBe("94'");
    expect(clockText({ ...et, serverNow: at(31) })).toBe('120+');
    expect(clockText({ sportId: 10, stage: STAGE.SECOND_HALF, periodStartTime: AO, serverNow: at(50) })).toBe('90+');
  });

  it('S4-19 without AO the minute counts from kick-off minus the 15 and 30 minute breaks', () => {
    // Second half: kick-off + 45 min of play + 15 min break = minute 46.
    const kickoff = AO;
    const m = liveMinute({ sportId: 1, stage: STAGE.SECOND_HALF, startTime: kickoff, serverNow: at(60, 10) });
    expect(m?.minute).toBe(46);
    const et = liveMinute({ sportId: 1, stage: STAGE.EXTRA_TIME, startTime: kickoff, serverNow: at(120, 10) });
    expect(et?.minute).toBe(91);
  });

  it('S4-20 rugby halves of 40 (caps 40, 80) and sevens halves of 7 (caps 7, 14)', () => {
    const r = { sportId: 8, periodStartTime: AO, stageType: 2 };
    expect(clockText({ ...r, stage: 12, serverNow: at(10) })).toBe("11'");
    expect(clockText({ ...r, stage: 12, serverNow: at(43) })).toBe("40'");
    expect(clockText({ ...r, stage: 13, serverNow: at(0, 30) })).toBe("41'");
    expect(clockText({ ...r, stage: 13, serverNow: at(44) })).toBe("80'");
    expect(clockText({ ...r, sportId: 19, stage: 13, serverNow: at(44) })).toBe("80'");
    expect(clockText({ ...r, stage: 12, sevens: true, serverNow: at(9) })).toBe("7'");
    expect(clockText({ ...r, stage: 13, sevens: true, serverNow: at(1) })).toBe("9'");
    expect(clockText({ ...r, stage: 13, sevens: true, serverNow: at(12) })).toBe("14'");
    // Without AO, the second half counts from kick-off minus the 10 (or 2) minute break.
    expect(liveMinute({ sportId: 8, stage: 13, startTime: AO, serverNow: at(50, 5) })?.minute).toBe(41);
    expect(liveMinute({ sportId: 8, stage: 13, sevens: true, startTime: AO, serverNow: at(9, 5) })?.minute).toBe(8);
  });

  it('S4-21 Aussie rules quarters show the quarter and minute, capped at 20+', () => {
    const a = { sportId: 18, periodStartTime: AO, stageType: 2 };
    expect(clockText({ ...a, stage: 24, serverNow: at(7, 30) })).toBe("3-ширек 8'");
    expect(clockText({ ...a, stage: 22, serverNow: at(26) })).toBe('1-ширек 20+');
    // Without AO: quarter 2 starts after 20 min of play and a 15 min break.
    expect(liveMinute({ sportId: 18, stage: 23, startTime: AO, serverNow: at(35, 5) })?.minute).toBe(1);
  });

  it('S4-18 clock sports show the stage with the BX game time; no game time shows the stage', () => {
    expect(clockText({ sportId: 3, stage: 24, gameTime: 8, serverNow: at(0), stageType: 2 })).toBe("3-ширек 8'");
    expect(clockText({ sportId: 3, stage: 24, gameTime: 8, serverNow: at(0), short: true })).toBe("3Ш 8'");
    expect(clockText({ sportId: 4, stage: 15, gameTime: -1, serverNow: at(0), stageType: 2 })).toBe('2-кезең');
    expect(clockText({ sportId: 1, stage: 38, periodStartTime: AO, serverNow: at(5), stageType: 2 })).toBe('Үзіліс');
    expect(clockText({ sportId: 1, stage: 3, serverNow: at(5), stageType: 3 })).toBe('Аяқталды');
    expect(clockText({ sportId: 2, stage: 19, serverNow: at(5), stageType: 2 })).toBe('3-сет');
  });

  it('S4-22 darts not on sets shows the leg (home + away + 1); snooker the frame', () => {
    expect(currentLegOrFrame(3, 2)).toBe(6);
    expect(clockText({ sportId: 14, stage: 17, homeScore: 3, awayScore: 2, serverNow: at(0), stageType: 2 })).toBe(
      '6-лег',
    );
    expect(clockText({ sportId: 14, stage: 2, homeScore: 0, awayScore: 0, serverNow: at(0), stageType: 2 })).toBe(
      '1-лег',
    );
    expect(
      clockText({
        sportId: 14,
        stage: 17,
        playingOnSets: true,
        homeScore: 1,
        awayScore: 0,
        serverNow: 0,
        stageType: 2,
      }),
    ).toBe('1-сет');
    expect(clockText({ sportId: 15, stage: 2, homeScore: 4, awayScore: 5, serverNow: at(0), stageType: 2 })).toBe(
      '10-фрейм',
    );
  });

  it('S4-18 blink shows for running-clock stages with a positive game time, or always for the five sports', () => {
    expect(showsBlink({ sportId: 3, stage: 22, gameTime: 5 })).toBe(true);
    expect(showsBlink({ sportId: 3, stage: 22, gameTime: 0 })).toBe(false);
    expect(showsBlink({ sportId: 3, stage: 22 })).toBe(false);
    for (const sportId of [1, 10, 19, 8, 18]) expect(showsBlink({ sportId, stage: 13 })).toBe(true);
    expect(showsBlink({ sportId: 1, stage: 38 })).toBe(false);
    expect(showsBlink({ sportId: 4, stage: 6, gameTime: 2 })).toBe(true);
    expect(showsBlink({ sportId: 2, stage: 17, gameTime: 5 })).toBe(false);
    expect(showsBlink({ sportId: 1, stage: 13, stageType: 3 })).toBe(false);
  });

  it('S4-19 S4-20 S4-21 generated live matches never show a negative or impossible minute', () => {
    const sportIds = SPORTS.map((s) => s.id);
    fc.assert(
      fc.property(
        fc.constantFrom(...sportIds),
        fc.nat({ max: 400 }),
        fc.integer({ min: -600, max: 6 * 3600 }),
        fc.option(fc.integer({ min: -5, max: 70 }), { nil: undefined }),
        fc.boolean(),
        fc.boolean(),
        fc.nat({ max: 20 }),
        fc.nat({ max: 20 }),
        (sportId, stageIndex, secondsIn, gameTime, sevens, useAo, home, away) => {
          const stages = stagesForSport(sportId);
          const stage = stages[stageIndex % stages.length];
          const input = {
            sportId,
            stage,
            stageType: 2,
            periodStartTime: useAo ? AO : undefined,
            startTime: AO,
            serverNow: (AO + secondsIn) * 1000,
            gameTime,
            sevens,
            homeScore: home,
            awayScore: away,
          };
          const text = clockText(input);
          expect(text).not.toMatch(/-\d/);
          expect(text).not.toMatch(/NaN|undefined|Infinity/);
          expect(text.trim()).not.toBe('');
          const m = liveMinute(input);
          if (m) {
            expect(m.minute).toBeGreaterThanOrEqual(1);
            const shown = Number(/(\d+)['+]$/.exec(text)?.[1]);
            expect(shown).toBeLessThanOrEqual(m.cap);
            expect(shown).toBeGreaterThanOrEqual(1);
          }
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('reverse time and penalty window', () => {
  it('S4-23 reverse time is stage time minus elapsed minus 1 when elapsed is not 0', () => {
    expect(reverseTime('20:5', 0)).toBe(20);
    expect(reverseTime('20:5', 1)).toBe(18);
    expect(reverseTime('20:5', 12)).toBe(7);
    expect(reverseTime('12:5', 3, true)).toBe(1);
    expect(reverseTime('20:5', 19)).toBe(0);
    expect(reverseTime('20:5', 25)).toBe(0);
    expect(reverseTime('garbage', 3)).toBe(0);
  });

  it('S5-8 reverse time is never below 0', () => {
    fc.assert(
      fc.property(fc.string(), fc.double(), fc.boolean(), (stageTime, elapsed, extra) => {
        expect(reverseTime(stageTime, elapsed, extra)).toBeGreaterThanOrEqual(0);
      }),
    );
    fc.assert(
      fc.property(fc.nat(200), fc.nat(200), fc.nat(400), (normal, extra, elapsed) => {
        const value = reverseTime(`${normal}:${extra}`, elapsed);
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBe(Math.max(0, elapsed === 0 ? normal : normal - elapsed - 1));
      }),
    );
  });

  it('S4-24 S9-4 a penalty update applies only for the same stage within 5 minutes', () => {
    expect(penaltyUpdateApplies(13, 13, 3000, 3000 + 300)).toBe(true);
    expect(penaltyUpdateApplies(13, 13, 3000, 3000 + 301)).toBe(false);
    expect(penaltyUpdateApplies(13, 13, 3000, 3000 - 120)).toBe(true);
    expect(penaltyUpdateApplies(13, 12, 3000, 3000)).toBe(false);
    expect(penaltyUpdateApplies(13, 13, Number.NaN, 3000)).toBe(false);
  });
});

describe('clock text from feed rows', () => {
  it('S4-19 S4-22 an event row as the feed carries it (AB, AC, AO, BX, AG/AH, WL)', () => {
    const row = { stageType: 2, stage: 13, periodStartTime: AO, homeScore: 1, awayScore: 1 };
    expect(clockTextForEvent(row, 1, at(21, 10))).toBe("67'");
    expect(clockTextForEvent({ stageType: 2, stage: 17, homeScore: 2, awayScore: 1, playingOnSets: '' }, 14, 0)).toBe(
      '4-лег',
    );
    expect(clockTextForEvent({ stageType: 2, stage: 17, homeScore: 2, awayScore: 1, playingOnSets: '1' }, 14, 0)).toBe(
      '1-сет',
    );
    expect(playsOnSets('0')).toBe(false);
    expect(clockTextForEvent({ stageType: 3, stage: 10 }, 1, 0, { short: true })).toBe('ҚУ к.');
  });
});
