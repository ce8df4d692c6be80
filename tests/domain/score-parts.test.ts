// Each duel sport's score text: totals, the live detail beside them, part scores and the cricket result.
import { describe, expect, it } from 'vitest';
import {
  cricketScore,
  duelScoreText,
  hasDetailColumn,
  partCells,
  resultNote,
  type ScoreFields,
  serveTitle,
} from '../../src/domain/score-parts';
import { SPORTS } from '../../src/domain/sports';

const LIVE = { stageType: 2 } as const;
const FINISHED = { stageType: 3 } as const;

describe('duel score text per sport', () => {
  it('S3-14 S3-5 cricket: runs/wickets with the overs beside them; all out reads the runs alone', () => {
    const event: ScoreFields = {
      ...LIVE,
      homeScore: 155,
      homeWickets: 6,
      homeOvers: '20',
      awayScore: 98,
      awayWickets: 10,
      awayOvers: '17.4',
    };
    expect(duelScoreText(event, 13, true)).toEqual({
      home: '155/6',
      away: '98',
      homeDetail: '(20)',
      awayDetail: '(17.4)',
    });
    expect(cricketScore(0, 0)).toBe('0/0');
    expect(cricketScore(120, undefined)).toBe('120');
  });

  it('S3-14 cricket: a one-innings match shows no part scores (the runs are the totals), two innings show both', () => {
    expect(partCells({ homePart1: 155, awayPart1: 98 }, 13)).toEqual([]);
    const test = partCells({ homePart1: 320, awayPart1: 280, homePart2: 150, awayPart2: 191 }, 13);
    expect(test.map((c) => [c.home, c.away])).toEqual([
      ['320', '280'],
      ['150', '191'],
    ]);
  });

  it('cricket: the finished match shows its result line (AM), a live one none', () => {
    const notice = 'Wigan Giants 4 уикетпен жеңді';
    expect(resultNote({ ...FINISHED, infoNotice: notice }, 13)).toBe(notice);
    expect(resultNote({ ...LIVE, infoNotice: notice }, 13)).toBe('');
    expect(resultNote({ ...FINISHED, infoNotice: notice }, 1)).toBe('');
  });

  it('S3-10 tennis: sets won are the totals, game points (15/30/40/A) show while live only', () => {
    const event: ScoreFields = { homeScore: 1, awayScore: 0, homeGamePoints: 'A', awayGamePoints: '40' };
    expect(duelScoreText({ ...event, ...LIVE }, 2, true)).toMatchObject({
      home: '1',
      away: '0',
      homeDetail: 'A',
      awayDetail: '40',
    });
    expect(duelScoreText({ ...event, ...FINISHED }, 2, true)).toMatchObject({ homeDetail: '', awayDetail: '' });
  });

  it('S3-10 S3-21 tennis: games per set with the tie-break points of a set that had one (DA…DJ)', () => {
    const cells = partCells(
      { homePart1: 6, awayPart1: 4, homePart2: 6, awayPart2: 7, homeTiebreak2: 5, awayTiebreak2: 7, homePart3: 2 },
      2,
    );
    expect(cells).toEqual([
      { n: 1, home: '6', away: '4' },
      { n: 2, home: '6', away: '7', homeTiebreak: '5', awayTiebreak: '7' },
      { n: 3, home: '2', away: '' },
    ]);
  });

  it('S4-22 darts on sets: sets are the totals, the legs of the set in play show beside them; leg play shows none', () => {
    const event: ScoreFields = { ...LIVE, homeScore: 2, awayScore: 1, homeLegs: 1, awayLegs: 2 };
    expect(duelScoreText({ ...event, playingOnSets: '1' }, 14, true)).toMatchObject({
      home: '2',
      away: '1',
      homeDetail: '1',
      awayDetail: '2',
    });
    expect(duelScoreText({ ...event, playingOnSets: '' }, 14, true)).toMatchObject({ homeDetail: '', awayDetail: '' });
  });

  it('S3-14 S3-5 baseball: the outs show beside the batting side only, while live', () => {
    const event: ScoreFields = { ...LIVE, homeScore: 3, awayScore: 2, outs: 2, service: 2 };
    expect(duelScoreText(event, 6, true)).toMatchObject({ homeDetail: '', awayDetail: '2 аут' });
    expect(duelScoreText({ ...event, stageType: 3 }, 6, true)).toMatchObject({ awayDetail: '' });
  });

  it('S3-14 baseball: innings 1–9 and the extras (part 10) show as part scores', () => {
    const fields: Record<string, number> = {};
    for (let n = 1; n <= 10; n++) {
      fields[`homePart${n}`] = n % 3;
      fields[`awayPart${n}`] = 0;
    }
    expect(partCells(fields, 6).map((c) => c.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('S3-13 S3-5 american football: quarters as parts, and the serve mark reads as the ball', () => {
    const cells = partCells({ homePart1: 7, awayPart1: 3, homePart2: 0, awayPart2: 14 }, 5);
    expect(cells.map((c) => `${c.home}-${c.away}`)).toEqual(['7-3', '0-14']);
    expect(serveTitle(5)).not.toBe(serveTitle(2));
  });

  it('S3-21 snooker, boxing and other zero-part sports: frames or the result as totals, no parts, no detail', () => {
    for (const id of [15, 16, 28, 36]) {
      expect(partCells({ homePart1: 1, awayPart1: 0 }, id)).toEqual([]);
      expect(hasDetailColumn(id)).toBe(false);
      expect(duelScoreText({ ...LIVE, homeScore: 4, awayScore: 2 }, id, true)).toEqual({
        home: '4',
        away: '2',
        homeDetail: '',
        awayDetail: '',
      });
    }
  });

  it('S4-14 a result that does not show reads "-" in every sport', () => {
    for (const sport of SPORTS.filter((s) => !s.noDuel)) {
      const text = duelScoreText({ ...LIVE, homeScore: 1, awayScore: 2, homeWickets: 3 }, sport.id, false);
      expect(text).toEqual({ home: '-', away: '-', homeDetail: '', awayDetail: '' });
    }
  });

  it('S3-9…S3-21 no sport shows more part cells than its part count', () => {
    const fields: Record<string, number> = {};
    for (let n = 1; n <= 11; n++) {
      fields[`homePart${n}`] = 1;
      fields[`awayPart${n}`] = 2;
    }
    for (const sport of SPORTS) {
      const cells = partCells(fields, sport.id);
      expect(cells.length).toBe(sport.parts >= 2 ? sport.parts : 0);
    }
  });
});
