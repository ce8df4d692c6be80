import { describe, expect, it } from 'vitest';
import {
  ALL_STAGES,
  INNING_STAGES,
  isFinishedStage,
  isFullyFinished,
  isKnownStage,
  isLiveStage,
  isPostponedOrCanceled,
  QUARTER_STAGES,
  runsClock,
  SET_STAGES,
  STAGE,
  STAGE_TYPE,
  setNumber,
} from '../../src/domain/stages';

describe('stage types and codes', () => {
  it('S3-35 stage types 1 scheduled, 2 live, 3 finished', () => {
    expect(STAGE_TYPE).toEqual({ SCHEDULED: 1, LIVE: 2, FINISHED: 3 });
  });

  it('S3-36 S3-39…S3-47 stage codes carry the spec numbers', () => {
    const expected: Array<[keyof typeof STAGE, number]> = [
      ['UNKNOWN', 0],
      ['LIVE', 2],
      ['FINISHED', 3],
      ['POSTPONED', 4],
      ['CANCELED', 5],
      ['EXTRA_TIME', 6],
      ['PENALTIES', 7],
      ['RETIRED', 8],
      ['WALKOVER', 9],
      ['AFTER_EXTRA_TIME', 10],
      ['AFTER_PENALTIES', 11],
      ['FIRST_HALF', 12],
      ['SECOND_HALF', 13],
      ['FIRST_PERIOD', 14],
      ['THIRD_PERIOD', 16],
      ['FIRST_SET', 17],
      ['FIFTH_SET', 21],
      ['FIRST_QUARTER', 22],
      ['FOURTH_QUARTER', 25],
      ['FIRST_INNING', 26],
      ['NINTH_INNING', 34],
      ['EXTRA_INNING', 35],
      ['INTERRUPTED', 36],
      ['ABANDONED', 37],
      ['HALF_TIME', 38],
      ['TIME_OUT', 39],
      ['FIRST_EXTRA_TIME', 40],
      ['SECOND_EXTRA_TIME', 41],
      ['AWAITING_UPDATE', 42],
      ['DELAYED', 43],
      ['SUSPENDED', 44],
      ['TO_FINISH', 45],
      ['BREAK', 46],
      ['FIRST_SET_TIEBREAK', 47],
      ['FIFTH_SET_TIEBREAK', 51],
      ['AWARDED', 54],
      ['SIXTH_SET', 55],
      ['SEVENTH_SET', 56],
      ['AFTER_DAY_1', 57],
      ['AFTER_DAY_5', 61],
      ['AFTER_ROUND_1', 62],
      ['AFTER_ROUND_3', 64],
      ['ROUND_1', 65],
      ['ROUND_4', 68],
      ['AFTER_EXTRA_INNINGS', 69],
      ['EIGHTH_SET', 324],
      ['THIRTEENTH_SET', 329],
      ['LUNCH', 333],
      ['TEA', 334],
      ['MEDICAL_TIMEOUT', 335],
    ];
    for (const [name, code] of expected) expect(STAGE[name], name).toBe(code);
  });

  it('S3-43 S3-44 sets run 17-21, 55, 56, then darts 324-329; quarters 22-25; innings 26-34', () => {
    expect(SET_STAGES).toEqual([17, 18, 19, 20, 21, 55, 56, 324, 325, 326, 327, 328, 329]);
    expect(QUARTER_STAGES).toEqual([22, 23, 24, 25]);
    expect(INNING_STAGES).toEqual([26, 27, 28, 29, 30, 31, 32, 33, 34]);
    expect(setNumber(56)).toBe(7);
    expect(setNumber(329)).toBe(13);
    expect(setNumber(12)).toBe(0);
  });

  it('S3-39…S3-47 every listed code is known, and 52/53 (not in the spec) are not', () => {
    const listed = [
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 21, 22, 25, 26, 34, 35, 36, 37, 38, 42, 43, 45, 46, 47,
      51, 54, 55, 56, 57, 61, 62, 64, 65, 68, 69, 324, 329, 333, 334, 335,
    ];
    for (const code of listed) expect(isKnownStage(code), String(code)).toBe(true);
    expect(isKnownStage(52)).toBe(false);
    expect(isKnownStage(53)).toBe(false);
    expect(new Set(ALL_STAGES).size).toBe(ALL_STAGES.length);
  });

  it('S3-35 live and finished read from the stage type; postponed rows are finished by type', () => {
    expect(isLiveStage(2)).toBe(true);
    expect(isLiveStage(3)).toBe(false);
    expect(isFinishedStage(3, STAGE.POSTPONED)).toBe(true);
    expect(isFinishedStage(2, STAGE.SECOND_HALF)).toBe(false);
    expect(isFinishedStage(undefined, STAGE.AFTER_PENALTIES)).toBe(true);
    expect(isFinishedStage(undefined, STAGE.FIRST_HALF)).toBe(false);
    expect(isPostponedOrCanceled(4)).toBe(true);
    expect(isPostponedOrCanceled(5)).toBe(true);
    expect(isPostponedOrCanceled(3)).toBe(false);
  });

  it('S4-15 fully finished means finished, not interrupted and not after-day', () => {
    expect(isFullyFinished(3, STAGE.FINISHED)).toBe(true);
    expect(isFullyFinished(3, STAGE.AFTER_PENALTIES)).toBe(true);
    expect(isFullyFinished(3, STAGE.INTERRUPTED)).toBe(false);
    for (let day = 57; day <= 61; day++) expect(isFullyFinished(3, day)).toBe(false);
    expect(isFullyFinished(2, STAGE.SECOND_HALF)).toBe(false);
  });

  it('S4-18 stages with a running clock: halves, periods, quarters, extra time, live', () => {
    for (const s of [2, 6, 12, 13, 14, 15, 16, 22, 23, 24, 25, 40, 41]) expect(runsClock(s), String(s)).toBe(true);
    for (const s of [1, 3, 17, 26, 38, 46, 7, 333]) expect(runsClock(s), String(s)).toBe(false);
  });
});
