import { describe, expect, it } from 'vitest';
import { childSports, requireSportByName, SPORTS, sportById, sportBySlug } from '../../src/domain/sports';

// The spec's own lists, copied as written, so the table is checked one for one against them.
const S3_1 =
  '1 soccer, 2 tennis, 3 basketball, 4 hockey, 5 american-football, 6 baseball, 7 handball, 8 rugby-union, 9 floorball, 10 bandy, 11 futsal, 12 volleyball, 13 cricket, 14 darts, 15 snooker, 16 boxing, 17 beach-volleyball, 18 aussie-rules, 19 rugby-league, 21 badminton, 22 water-polo, 23 golf, 24 field-hockey, 25 table-tennis, 26 beach-soccer, 28 mma, 29 netball, 30 pesapallo, 31 motorsport, 32 motorsport-auto-racing, 33 motorsport-moto-racing, 34 cycling, 35 horse-racing, 36 esports, 37 winter-sports, 38 ski-jumping, 39 alpine-skiing, 40 cross-country, 41 biathlon, 42 kabaddi';
const S2_SLUGS = [
  // S2-2
  '/kz/football/, /kz/tennis/, /kz/basketball/, /kz/hockey/',
  // S2-3
  '/kz/american-football/, /kz/baseball/, /kz/handball/, /kz/rugby-union/, /kz/floorball/, /kz/bandy/, /kz/futsal/, /kz/volleyball/, /kz/cricket/, /kz/darts/, /kz/snooker/, /kz/boxing/, /kz/beach-volleyball/, /kz/aussie-rules/, /kz/rugby-league/, /kz/badminton/, /kz/water-polo/, /kz/golf/, /kz/field-hockey/, /kz/table-tennis/, /kz/beach-soccer/, /kz/mma/, /kz/netball/, /kz/pesapallo/',
  // S2-4
  '/kz/motorsport/, /kz/auto-racing/, /kz/moto-racing/',
  // S2-5
  '/kz/cycling/, /kz/horse-racing/, /kz/esports/, /kz/winter-sports/',
  // S2-6
  '/kz/ski-jumping/, /kz/alpine-skiing/, /kz/cross-country-skiing/, /kz/biathlon/, /kz/kabaddi/',
].join(', ');
// S3-9…S3-20 parts, by name.
const PARTS: Record<string, number> = {
  soccer: 1,
  'rugby-union': 4,
  tennis: 5,
  floorball: 5,
  basketball: 5,
  bandy: 4,
  hockey: 5,
  futsal: 4,
  'american-football': 5,
  volleyball: 5,
  baseball: 10,
  cricket: 2,
  handball: 3,
  'beach-volleyball': 3,
  'aussie-rules': 4,
  'rugby-league': 4,
  badminton: 3,
  'water-polo': 6,
  'field-hockey': 4,
  'table-tennis': 7,
  'beach-soccer': 5,
  netball: 5,
  pesapallo: 11,
  kabaddi: 3,
};
const idsWhere = (pred: (s: (typeof SPORTS)[number]) => boolean): number[] =>
  SPORTS.filter(pred)
    .map((s) => s.id)
    .sort((a, b) => a - b);
const sorted = (ids: number[]): number[] => [...ids].sort((a, b) => a - b);

describe('sports table against the spec lists', () => {
  it('S3-1 the 40 sports with their ids and names, no 20 or 27', () => {
    const spec = S3_1.split(', ').map((pair) => {
      const [id, name] = pair.split(' ');
      return [Number(id), name] as const;
    });
    expect(SPORTS.map((s) => [s.id, s.name])).toEqual(spec);
    expect(SPORTS).toHaveLength(40);
    expect(sportById(20)).toBeUndefined();
    expect(sportById(27)).toBeUndefined();
  });

  it('S2-1…S2-6 every sport section path under /kz/, in order', () => {
    const slugs = S2_SLUGS.split(', ').map((p) => p.replace(/^\/kz\//, '').replace(/\/$/, ''));
    expect(slugs).toHaveLength(40);
    expect(SPORTS.map((s) => s.slug)).toEqual(slugs);
    for (const slug of slugs) expect(sportBySlug(slug)?.slug).toBe(slug);
  });

  it('S3-9…S3-21 score parts per sport; the rest have zero', () => {
    for (const sport of SPORTS) expect(sport.parts, sport.name).toBe(PARTS[sport.name] ?? 0);
    expect(Object.keys(PARTS).every((name) => SPORTS.some((s) => s.name === name))).toBe(true);
  });

  it('S2-23 S2-24 S2-25 category sports, no detail page, no-duel participant pages', () => {
    expect(idsWhere((s) => s.categoryPages)).toEqual(
      sorted([2, 16, 17, 21, 25, 28, 23, 31, 32, 33, 34, 36, 37, 38, 39, 40, 41]),
    );
    expect(idsWhere((s) => s.noDetailPage)).toEqual([35]);
    expect(idsWhere((s) => s.noDuelParticipantPage)).toEqual(sorted([38, 39, 40, 41, 32, 33, 34]));
  });

  it('S3-2 parents: 32 and 33 under 31, 38-41 under 37; motorsport and winter sports are groups', () => {
    expect(childSports(31).map((s) => s.id)).toEqual([32, 33]);
    expect(childSports(37).map((s) => s.id)).toEqual([38, 39, 40, 41]);
    expect(idsWhere((s) => s.isGroup)).toEqual([31, 37]);
    expect(idsWhere((s) => s.parentId !== null)).toEqual([32, 33, 38, 39, 40, 41]);
  });

  it('S3-3 no-duel sports', () => {
    expect(idsWhere((s) => s.noDuel)).toEqual([23, 31, 32, 33, 34, 35, 37, 38, 39, 40, 41]);
  });

  it('S3-4 transfers for 1 and 4; player profile for 1, 3, 4; ratings for 1 and 4', () => {
    expect(idsWhere((s) => s.teamTransfers)).toEqual([1, 4]);
    expect(idsWhere((s) => s.playerProfile)).toEqual([1, 3, 4]);
    expect(idsWhere((s) => s.playerRatings)).toEqual([1, 4]);
  });

  it('S3-5 serving sports: american football, tennis, badminton, cricket, baseball, pesapallo, darts', () => {
    const names = ['american-football', 'tennis', 'badminton', 'cricket', 'baseball', 'pesapallo', 'darts'];
    expect(
      SPORTS.filter((s) => s.serving)
        .map((s) => s.name)
        .sort(),
    ).toEqual(names.sort());
  });

  it('S3-6 meeting sports are horse racing and winter sports; stage sports add cycling and motorsport', () => {
    expect(idsWhere((s) => s.meeting)).toEqual([35, 37, 38, 39, 40, 41]);
    expect(idsWhere((s) => s.stage)).toEqual([31, 32, 33, 34, 35, 37, 38, 39, 40, 41]);
  });

  it('S3-7 reversed-time settings for 3, 4 and 5', () => {
    expect(idsWhere((s) => s.reversedTimeSetting)).toEqual([3, 4, 5]);
  });

  it('S3-8 odds type is 1x2 or 12; soccer 1x2, tennis 12', () => {
    for (const s of SPORTS) expect(['1x2', '12']).toContain(s.oddsType);
    expect(sportById(1)?.oddsType).toBe('1x2');
    expect(sportById(2)?.oddsType).toBe('12');
  });

  it('S4-37 no sounds for motorsport, cycling, horse racing and winter sports', () => {
    expect(idsWhere((s) => !s.sounds)).toEqual([31, 32, 33, 34, 35, 37, 38, 39, 40, 41]);
  });

  it('S5-9 an unknown sport name aborts initialisation', () => {
    expect(requireSportByName('soccer').id).toBe(1);
    expect(requireSportByName('football').id).toBe(1);
    expect(() => requireSportByName('quidditch')).toThrow(/S5-9/);
  });
});
