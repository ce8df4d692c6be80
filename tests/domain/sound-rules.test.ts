import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chooseSound,
  isSoundBlocked,
  SOUND_PRIORITY,
  type SoundFields,
  type SoundKind,
  soundKindsForSport,
  soundTriggers,
} from '../../src/domain/sound-rules';
import { SPORTS } from '../../src/domain/sports';
import { STAGE, STAGE_TYPE } from '../../src/domain/stages';

const LIVE = STAGE_TYPE.LIVE;
const FINISHED = STAGE_TYPE.FINISHED;
const SCHEDULED = STAGE_TYPE.SCHEDULED;
const NO_SOUND_SPORTS = [31, 32, 33, 34, 35, 37, 38, 39, 40, 41]; // motorsport, cycling, horse racing, winter sports

const live = (fields: SoundFields = {}): SoundFields => ({ stageType: LIVE, homeScore: 0, awayScore: 0, ...fields });

describe('sound rules: which sports have which sounds', () => {
  it('S4-37 no sounds for motorsport, cycling, horse racing and winter sports; the others have them', () => {
    for (const sport of SPORTS) {
      const kinds = soundKindsForSport(sport.id);
      if (NO_SOUND_SPORTS.includes(sport.id)) expect(kinds, sport.name).toEqual([]);
      else expect(kinds.length, sport.name).toBeGreaterThan(0);
    }
    expect(soundKindsForSport(999)).toEqual([]);
  });

  it('S4-37 finished, correction and score-incremented everywhere with sounds; tennis-game only in tennis', () => {
    expect(soundKindsForSport(2)).toEqual(['finished', 'correction', 'score-incremented', 'tennis-game']);
    for (const id of [1, 3, 4, 12, 25]) {
      expect(soundKindsForSport(id)).toEqual(['finished', 'correction', 'score-incremented']);
    }
  });
});

describe('sound rules: triggers from one change', () => {
  const cases: ReadonlyArray<readonly [string, number, SoundFields | null, SoundFields | null, SoundKind[]]> = [
    ['a home goal', 1, live(), live({ homeScore: 1 }), ['score-incremented']],
    ['an away goal', 4, live({ homeScore: 2 }), live({ homeScore: 2, awayScore: 1 }), ['score-incremented']],
    ['a first score where none was written', 3, { stageType: LIVE }, live({ awayScore: 2 }), ['score-incremented']],
    ['a retracted goal', 1, live({ homeScore: 2 }), live({ homeScore: 1 }), ['correction']],
    ['a swapped goal (one up, one down)', 1, live({ homeScore: 1 }), live({ awayScore: 1 }), ['correction']],
    ['the final whistle', 1, live({ homeScore: 1 }), { stageType: FINISHED, homeScore: 1, awayScore: 0 }, ['finished']],
    [
      'a last-second goal and the whistle in one update',
      1,
      live({ homeScore: 1 }),
      { stageType: FINISHED, homeScore: 2, awayScore: 0 },
      ['finished', 'score-incremented'],
    ],
    ['kick-off at 0-0', 1, { stageType: SCHEDULED }, live(), []],
    [
      'a late-arriving score on a finished match',
      1,
      { stageType: FINISHED },
      { stageType: FINISHED, homeScore: 3 },
      [],
    ],
    ['a scheduled match re-timed', 1, { stageType: SCHEDULED }, { stageType: SCHEDULED, homeScore: 0 }, []],
    ['no change', 1, live({ homeScore: 1 }), live({ homeScore: 1 }), []],
    ['an event not held before', 1, null, live({ homeScore: 1 }), []],
    ['a goal in motorsport', 31, live(), live({ homeScore: 1 }), []],
    ['a finish in cycling', 34, live(), { stageType: FINISHED }, []],
    ['a finish in biathlon', 41, live(), { stageType: FINISHED }, []],
    ['a finish in horse racing', 35, live(), { stageType: FINISHED }, []],
    [
      'a tennis game in the first set',
      2,
      live({ stage: STAGE.FIRST_SET, homePart1: 2, awayPart1: 1 }),
      live({ stage: STAGE.FIRST_SET, homePart1: 3, awayPart1: 1 }),
      ['tennis-game'],
    ],
    [
      'a tennis game in a tie-break of set 2 ends the set (score and game)',
      2,
      live({ homeScore: 1, stage: STAGE.FIRST_SET_TIEBREAK + 1, homePart2: 6, awayPart2: 6 }),
      live({ homeScore: 1, awayScore: 1, stage: STAGE.THIRD_SET, homePart2: 6, awayPart2: 7 }),
      ['score-incremented', 'tennis-game'],
    ],
    [
      'a past set corrected while set 3 is played is no game of the current set',
      2,
      live({ stage: STAGE.THIRD_SET, homePart1: 6, homePart3: 1 }),
      live({ stage: STAGE.THIRD_SET, homePart1: 5, homePart3: 1 }),
      [],
    ],
    [
      'volleyball set points are not tennis games',
      12,
      live({ stage: STAGE.FIRST_SET, homePart1: 10 }),
      live({ stage: STAGE.FIRST_SET, homePart1: 11 }),
      [],
    ],
  ];
  for (const [name, sportId, before, after, expected] of cases) {
    it(`S4-37 ${name} (sport ${sportId}) → ${expected.join(', ') || 'nothing'}`, () => {
      expect(soundTriggers(sportId, before, after)).toEqual(expected);
    });
  }

  it('S4-37 property: triggers are in priority order and only kinds the sport has', () => {
    const fields = fc.record(
      {
        stageType: fc.constantFrom(1, 2, 3),
        stage: fc.constantFrom(STAGE.FIRST_SET, STAGE.SECOND_SET, STAGE.FIRST_HALF, 3),
        homeScore: fc.integer({ min: 0, max: 5 }),
        awayScore: fc.integer({ min: 0, max: 5 }),
        homePart1: fc.integer({ min: 0, max: 7 }),
        awayPart1: fc.integer({ min: 0, max: 7 }),
        homePart2: fc.integer({ min: 0, max: 7 }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.constantFrom(...SPORTS.map((s) => s.id)), fields, fields, (sportId, before, after) => {
        const kinds = soundTriggers(sportId, before, after);
        const allowed = soundKindsForSport(sportId);
        for (const kind of kinds) expect(allowed).toContain(kind);
        const ranks = kinds.map((k) => SOUND_PRIORITY.indexOf(k));
        expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
        expect(kinds.includes('correction') && kinds.includes('score-incremented')).toBe(false);
        if (before.stageType !== LIVE && after.stageType !== LIVE) expect(kinds).toEqual([]);
      }),
    );
  });
});

describe('sound rules: S4-38 blocking', () => {
  const table: ReadonlyArray<readonly [SoundKind, SoundKind[], boolean]> = [
    ['score-incremented', [], false],
    ['score-incremented', ['tennis-game', 'correction'], false],
    ['score-incremented', ['finished'], true],
    ['tennis-game', ['finished'], false],
    ['tennis-game', ['score-incremented'], false],
    ['tennis-game', ['score-incremented', 'finished'], true],
    ['tennis-game', ['finished', 'tennis-game', 'score-incremented'], true],
    ['correction', ['finished', 'score-incremented'], false],
    ['finished', ['finished', 'score-incremented'], false],
  ];
  for (const [kind, played, blocked] of table) {
    it(`S4-38 ${kind} after [${played.join(', ')}] is ${blocked ? 'blocked' : 'allowed'}`, () => {
      expect(isSoundBlocked(kind, played)).toBe(blocked);
    });
  }
});

describe('sound rules: one sound per update', () => {
  const none = () => [] as SoundKind[];

  it('S4-37 the most important trigger of an update wins: finished > correction > score-incremented > tennis-game', () => {
    const chosen = chooseSound(
      [
        { matchId: 'a', sportId: 2, kinds: ['tennis-game'] },
        { matchId: 'b', sportId: 1, kinds: ['score-incremented'] },
        { matchId: 'c', sportId: 1, kinds: ['correction'] },
        { matchId: 'd', sportId: 3, kinds: ['finished', 'score-incremented'] },
      ],
      none,
    );
    expect(chosen).toEqual({ matchId: 'd', sportId: 3, kind: 'finished' });
    expect(
      chooseSound(
        [
          { matchId: 'a', sportId: 2, kinds: ['tennis-game'] },
          { matchId: 'b', sportId: 1, kinds: ['score-incremented'] },
        ],
        none,
      ),
    ).toEqual({ matchId: 'b', sportId: 1, kind: 'score-incremented' });
  });

  it('S4-38 a blocked trigger gives way to the next one the match may still play', () => {
    const played = (id: string): SoundKind[] => (id === 'x' ? ['finished'] : []);
    expect(
      chooseSound(
        [
          { matchId: 'x', sportId: 1, kinds: ['score-incremented'] },
          { matchId: 'y', sportId: 2, kinds: ['tennis-game'] },
        ],
        played,
      ),
    ).toEqual({ matchId: 'y', sportId: 2, kind: 'tennis-game' });
    expect(chooseSound([{ matchId: 'x', sportId: 1, kinds: ['score-incremented'] }], played)).toBeNull();
  });

  it('S4-37 a no-sound sport never wins, whatever it claims', () => {
    expect(chooseSound([{ matchId: 'r', sportId: 34, kinds: ['finished'] }], none)).toBeNull();
    expect(chooseSound([{ matchId: 't', sportId: 1, kinds: ['tennis-game'] }], none)).toBeNull();
  });
});
