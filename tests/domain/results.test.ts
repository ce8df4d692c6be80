import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  aussieRulesHadExtraTime,
  isFullyFinished,
  type ResultEvent,
  resultForm,
  showsResult,
} from '../../src/domain/results';

const finished = (e: ResultEvent): ResultEvent => ({ stageType: 3, stage: 3, ...e });

describe('results display', () => {
  it('S4-14 results show when live, finished or to-finish', () => {
    expect(showsResult({ stageType: 2, stage: 13, homeScore: 1, awayScore: 0 })).toBe(true);
    expect(showsResult({ stageType: 2, stage: 12, homeScore: 0, awayScore: 0 })).toBe(true);
    expect(showsResult(finished({ homeScore: 2, awayScore: 1, winner: 1 }))).toBe(true);
    expect(showsResult({ stageType: 2, stage: 45, homeScore: 1, awayScore: 1 })).toBe(true);
    expect(showsResult({ stage: 45, homeScore: 1, awayScore: 1 })).toBe(true);
    expect(showsResult({ stageType: 1, stage: 1, homeScore: 0, awayScore: 0 })).toBe(false);
  });

  it('S4-14 not for postponed or canceled, nor with an empty score', () => {
    expect(showsResult({ stageType: 3, stage: 4, homeScore: 1, awayScore: 0 })).toBe(false);
    expect(showsResult({ stageType: 3, stage: 5, homeScore: 1, awayScore: 0 })).toBe(false);
    expect(showsResult(finished({}))).toBe(false);
    expect(showsResult(finished({ homeScore: 1 }))).toBe(false);
  });

  it('S4-14 a finished 0-0 shows only as a draw or after retirement', () => {
    expect(showsResult(finished({ homeScore: 0, awayScore: 0, winner: 0 }))).toBe(true);
    expect(showsResult(finished({ homeScore: 0, awayScore: 0, winner: 1 }))).toBe(false);
    expect(showsResult(finished({ homeScore: 0, awayScore: 0 }))).toBe(false);
    expect(showsResult({ stageType: 3, stage: 8, homeScore: 0, awayScore: 0, winner: 2 })).toBe(true);
  });

  it('S4-15 fully finished: finished, not interrupted, not after-day', () => {
    expect(isFullyFinished(finished({}))).toBe(true);
    expect(isFullyFinished({ stageType: 3, stage: 36 })).toBe(false);
    expect(isFullyFinished({ stageType: 3, stage: 58 })).toBe(false);
    expect(isFullyFinished({ stageType: 2, stage: 13 })).toBe(false);
  });
});

describe('result form', () => {
  it('S4-16 W, L and D from the result', () => {
    const win = finished({
      homeScore: 2,
      awayScore: 1,
      homeFullTime: 2,
      awayFullTime: 1,
      winner: 1,
      fullTimeWinner: 1,
    });
    expect(resultForm(win, 1)).toBe('W');
    expect(resultForm(win, 2)).toBe('L');
    const draw = finished({
      homeScore: 0,
      awayScore: 0,
      homeFullTime: 0,
      awayFullTime: 0,
      winner: 0,
      fullTimeWinner: 0,
    });
    expect(resultForm(draw, 1)).toBe('D');
    expect(resultForm(draw, 2)).toBe('D');
    // Without winner fields the scores decide.
    expect(resultForm(finished({ homeScore: 0, awayScore: 3 }), 2)).toBe('W');
  });

  it('S4-16 a full-time draw won on penalties gives DW and DL', () => {
    // protocol.md §3.3: 1:1 won on penalties reads AG 2, AT 1.
    const pens = { stageType: 3, stage: 11, homeScore: 2, awayScore: 1, homeFullTime: 1, awayFullTime: 1 };
    expect(resultForm({ ...pens, winner: 1, fullTimeWinner: 0 }, 1)).toBe('DW');
    expect(resultForm({ ...pens, winner: 1, fullTimeWinner: 0 }, 2)).toBe('DL');
    // Hockey shoot-out: AG 4 AH 3 AT 3 AU 3.
    expect(
      resultForm({ stageType: 3, stage: 11, homeScore: 4, awayScore: 3, homeFullTime: 3, awayFullTime: 3 }, 2),
    ).toBe('DL');
  });

  it('S4-16 after extra time an O is added when full time was a draw, else W or L', () => {
    const aet = { stageType: 3, stage: 10, homeScore: 3, awayScore: 2, homeFullTime: 2, awayFullTime: 2, winner: 1 };
    expect(resultForm(aet, 1)).toBe('WO');
    expect(resultForm(aet, 2)).toBe('LO');
    const noDraw = { ...aet, homeFullTime: 3, awayFullTime: 2 };
    expect(resultForm(noDraw, 1)).toBe('W');
    expect(resultForm(noDraw, 2)).toBe('L');
  });

  it('S4-16 no form for unfinished, postponed or canceled matches', () => {
    expect(resultForm({ stageType: 2, stage: 13, homeScore: 1, awayScore: 0 }, 1)).toBeNull();
    expect(resultForm({ stageType: 3, stage: 4 }, 1)).toBeNull();
    expect(resultForm({ stageType: 3, stage: 5, homeScore: 0, awayScore: 0 }, 1)).toBeNull();
    expect(resultForm({ stageType: 3, stage: 3 }, 1)).toBeNull();
  });

  it('S4-17 Aussie rules extra time: the sum of quarters differs from the total', () => {
    const quarters = {
      homePart1: 20,
      awayPart1: 18,
      homePart2: 22,
      awayPart2: 20,
      homePart3: 18,
      awayPart3: 25,
      homePart4: 20,
      awayPart4: 17,
    };
    const regular: ResultEvent = { sportId: 18, stageType: 3, stage: 3, ...quarters, homeScore: 80, awayScore: 80 };
    expect(aussieRulesHadExtraTime(regular)).toBe(false);
    expect(resultForm(regular, 1)).toBe('D');
    const extra: ResultEvent = { ...regular, homeScore: 92, awayScore: 86, winner: 1 };
    expect(aussieRulesHadExtraTime(extra)).toBe(true);
    expect(resultForm(extra, 1)).toBe('WO');
    expect(resultForm(extra, 2)).toBe('LO');
    expect(aussieRulesHadExtraTime({ ...extra, homePart4: undefined })).toBe(false);
  });

  it('S4-16 property: the two sides always read as mirror images', () => {
    const mirror: Record<string, string> = { W: 'L', L: 'W', D: 'D', DW: 'DL', DL: 'DW', WO: 'LO', LO: 'WO' };
    const score = fc.option(fc.nat(9), { nil: undefined });
    fc.assert(
      fc.property(
        fc.constantFrom(3, 8, 9, 10, 11, 54),
        score,
        score,
        score,
        score,
        fc.option(fc.constantFrom(-1, 0, 1, 2), { nil: undefined }),
        fc.option(fc.constantFrom(-1, 0, 1, 2), { nil: undefined }),
        (stage, homeScore, awayScore, homeFullTime, awayFullTime, winner, fullTimeWinner) => {
          const e: ResultEvent = {
            stageType: 3,
            stage,
            homeScore,
            awayScore,
            homeFullTime,
            awayFullTime,
            winner,
            fullTimeWinner,
          };
          const home = resultForm(e, 1);
          const away = resultForm(e, 2);
          if (home === null) return away === null;
          return away === mirror[home];
        },
      ),
    );
  });
});
