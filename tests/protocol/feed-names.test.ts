// Feed names (S7-2…S7-15, protocol.md §2) and push subjects (S7-23): typed build/parse round trips.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EDITION } from '../../src/domain/edition';
import {
  AUX_PREFIXES,
  buildFeedName,
  DETAIL_PREFIXES,
  type FeedName,
  LEGACY_DETAIL_PREFIXES,
  parseFeedName,
} from '../../src/protocol/feed-names';
import {
  buildPushSubject,
  gamesSubject,
  lsidSubject,
  type PushSubject,
  parsePushSubject,
  updateSubject,
} from '../../src/protocol/push-subjects';

const sport = fc.integer({ min: 1, max: 9999 });
const int = fc.integer({ min: -1_000_000, max: 1_000_000 });
const uint = fc.nat({ max: 1_000_000_000 });
const tz = fc.integer({ min: -12, max: 14 });
const lang = fc.stringMatching(/^[a-z]{2,3}(-[a-z0-9]{1,8}){0,2}$/);
const id = fc.stringMatching(/^[A-Za-z0-9]{1,12}$/);
const token = fc.stringMatching(/^[a-z0-9]{1,16}$/);
const dayList = { day: int, tz, lang, projectType: uint };

const feedName: fc.Arbitrary<FeedName> = fc.oneof(
  fc.record({ kind: fc.constant('full' as const), sport, ...dayList }),
  fc.record({ kind: fc.constant('fullMixed' as const), ...dayList }),
  fc.record({ kind: fc.constant('fullGroup' as const), sport, ...dayList }),
  fc.record({ kind: fc.constantFrom('repair' as const, 'update' as const), sport, projectType: uint }),
  fc.record({ kind: fc.constant('localUpdate' as const), sport, projectId: uint }),
  fc.record({ kind: fc.constant('sys' as const), projectType: uint }),
  fc.record({ kind: fc.constant('country' as const), sport, country: uint, tz, lang, order: uint, projectType: uint }),
  fc.record(
    {
      kind: fc.constant('tournament' as const),
      sport,
      country: uint,
      tournament: id,
      tz,
      lang,
      order: uint,
      projectType: uint,
    },
    { requiredKeys: ['kind', 'sport', 'country', 'tournament', 'tz', 'lang', 'projectType'] },
  ),
  fc.record({
    kind: fc.constant('participant' as const),
    sport,
    country: uint,
    participant: id,
    tz,
    lang,
    projectType: uint,
  }),
  fc.record({ kind: fc.constant('series' as const), sport, series: id, tz, lang, projectType: uint }),
  fc.record({ kind: fc.constant('fullOdds' as const), sport, liveOdds: uint, ...dayList }),
  fc.record({ kind: fc.constant('mixedOdds' as const), liveOdds: uint, ...dayList }),
  fc.record({ kind: fc.constant('updatedOdds' as const), sport, projectType: uint, liveOdds: uint }),
  fc.record({ kind: fc.constant('updatedMixedOdds' as const), projectType: uint, liveOdds: uint }),
  fc.record({
    kind: fc.constant('tournamentOdds' as const),
    sport,
    country: uint,
    tournament: id,
    tz,
    lang,
    projectType: uint,
    liveOdds: uint,
  }),
  fc.record({
    kind: fc.constant('participantOdds' as const),
    sport,
    country: uint,
    participant: id,
    tz,
    lang,
    projectType: uint,
    liveOdds: uint,
  }),
  fc.oneof(
    fc.record({ kind: fc.constant('participantNewsfeed' as const), participant: id }),
    fc.record({ kind: fc.constant('participantNewsfeed' as const), participant: id, page: uint, type: token }),
  ),
  fc.record({
    kind: fc.constantFrom('tournamentFixtures' as const, 'tournamentResults' as const),
    tournament: id,
    season: id,
    dataPart: uint,
    tz,
    lang,
    projectType: uint,
  }),
  fc.record(
    {
      kind: fc.constantFrom('participantFixtures' as const, 'participantResults' as const),
      sport,
      participant: id,
      dataPart: uint,
      tz,
      lang,
      projectType: uint,
      tennisType: fc.constantFrom('s' as const, 'd' as const, 'm' as const),
    },
    { requiredKeys: ['kind', 'sport', 'participant', 'dataPart', 'tz', 'lang', 'projectType'] },
  ),
  fc.record({
    kind: fc.constant('detail' as const),
    prefix: fc.constantFrom(...DETAIL_PREFIXES),
    projectType: uint,
    eventId: id,
  }),
  fc.record({
    kind: fc.constant('legacyDetail' as const),
    prefix: fc.constantFrom(...LEGACY_DETAIL_PREFIXES),
    eventId: id,
    lang,
    projectType: uint,
  }),
  fc.oneof(
    fc.record({ kind: fc.constant('odds' as const), projectType: uint, eventId: id }),
    fc.record({ kind: fc.constant('odds' as const), projectType: uint, eventId: id, betType: uint }),
    fc.record({ kind: fc.constant('odds' as const), projectType: uint, eventId: id, betType: uint, scope: uint }),
  ),
  fc.record({ kind: fc.constant('ranking' as const), rankingId: id, page: uint }),
  fc.record({ kind: fc.constant('aux' as const), prefix: fc.constantFrom(...AUX_PREFIXES), projectType: uint, id }),
);

describe('feed names (S7-2…S7-15)', () => {
  it('S7-2 the edition full feed, update, repair and sys names', () => {
    const { language, projectType, timezoneHour, projectId } = EDITION;
    expect(buildFeedName({ kind: 'full', sport: 1, day: 0, tz: timezoneHour, lang: language, projectType })).toBe(
      'f_1_0_5_kk_1',
    );
    expect(buildFeedName({ kind: 'full', sport: 4, day: -1, tz: -5, lang: 'es-pe', projectType })).toBe(
      'f_4_-1_-5_es-pe_1',
    );
    expect(buildFeedName({ kind: 'fullMixed', day: 2, tz: 5, lang: 'kk', projectType })).toBe('fm_2_5_kk_1');
    expect(buildFeedName({ kind: 'fullGroup', sport: 31, day: 0, tz: 5, lang: 'kk', projectType })).toBe(
      'fp_31_0_5_kk_1',
    );
    expect(buildFeedName({ kind: 'update', sport: 3, projectType })).toBe('u_3_1');
    expect(buildFeedName({ kind: 'repair', sport: 3, projectType })).toBe('r_3_1');
    expect(buildFeedName({ kind: 'localUpdate', sport: 1, projectId })).toBe('ul_1_47');
    expect(buildFeedName({ kind: 'sys', projectType })).toBe('sys_1');
    expect(buildFeedName({ kind: 'updatedMixedOdds', projectType, liveOdds: EDITION.liveOddsFlag })).toBe('uo_m_1_0');
  });

  it('S7-15 real names from recordings parse to the expected values', () => {
    expect(parseFeedName('f_1_0_3_ru-kz_1')).toEqual({
      kind: 'full',
      sport: 1,
      day: 0,
      tz: 3,
      lang: 'ru-kz',
      projectType: 1,
    });
    expect(parseFeedName('f_3_1_8_en-asia_1')).toMatchObject({
      kind: 'full',
      sport: 3,
      day: 1,
      tz: 8,
      lang: 'en-asia',
    });
    expect(parseFeedName('f_1_-1_3_en_2')).toMatchObject({ day: -1, projectType: 2 });
    expect(parseFeedName('dc_1_KbUrxW1T')).toEqual({
      kind: 'detail',
      prefix: 'dc',
      projectType: 1,
      eventId: 'KbUrxW1T',
    });
    expect(parseFeedName('g_1_A1Jughll')).toEqual({ kind: 'detail', prefix: 'g', projectType: 1, eventId: 'A1Jughll' });
    expect(parseFeedName('df_sui_1_O6KrS6uP')).toMatchObject({ kind: 'detail', prefix: 'df_sui' });
    expect(parseFeedName('df_su_1_O6KrS6uP')).toMatchObject({ kind: 'detail', prefix: 'df_su' });
    expect(parseFeedName('df_mhs_1_abc')).toMatchObject({ kind: 'detail', prefix: 'df_mhs' });
    expect(parseFeedName('df_od_1_KxrZoe94')).toEqual({ kind: 'odds', projectType: 1, eventId: 'KxrZoe94' });
    expect(parseFeedName('df_od_1_KxrZoe94_2_3')).toEqual({
      kind: 'odds',
      projectType: 1,
      eventId: 'KxrZoe94',
      betType: 2,
      scope: 3,
    });
    expect(parseFeedName('d_hh_KxrZoe94_en_1')).toEqual({
      kind: 'legacyDetail',
      prefix: 'd_hh',
      eventId: 'KxrZoe94',
      lang: 'en',
      projectType: 1,
    });
    expect(parseFeedName('t_1_198_4STIHq2f_5_kk_1')).toMatchObject({
      kind: 'tournament',
      country: 198,
      tournament: '4STIHq2f',
    });
    expect(parseFeedName('t_1_198_4STIHq2f_5_kk_2_1')).toMatchObject({ kind: 'tournament', order: 2, projectType: 1 });
    expect(parseFeedName('tr_4STIHq2f_MyNu2EFa_1_5_kk_1')).toMatchObject({
      kind: 'tournamentResults',
      season: 'MyNu2EFa',
      dataPart: 1,
    });
    expect(parseFeedName('pr_2_A93TM7BR_0_5_kk_1_d')).toMatchObject({ kind: 'participantResults', tennisType: 'd' });
    expect(parseFeedName('uo_m_1_0')).toEqual({ kind: 'updatedMixedOdds', projectType: 1, liveOdds: 0 });
    expect(parseFeedName('uo_1_1_0')).toEqual({ kind: 'updatedOdds', sport: 1, projectType: 1, liveOdds: 0 });
    expect(parseFeedName('ran_r1_2')).toEqual({ kind: 'ranking', rankingId: 'r1', page: 2 });
  });

  it('S7-1 unknown or malformed names are null (the server answers 404)', () => {
    for (const bad of [
      '',
      'f',
      'f_',
      'x_1_1',
      'f_1_0_5_kk', // a placeholder missing
      'f_1_0_5_kk_1_9', // one too many
      'f_0_0_5_kk_1', // sport 0
      'f_1_00_5_kk_1', // not canonical
      'f_1_+1_5_kk_1',
      'f_1_-0_5_kk_1',
      'f_1_0_15_kk_1', // no UTC+15
      'f_1_0_-13_kk_1',
      'f_1_0_5_KK_1',
      'f_1_0_5_k_1',
      'u_1',
      'u_1_1 ',
      'dc_1_bad-id',
      'dc_1_',
      'df_od_1_x_1_2_3',
      'pr_2_x_0_5_kk_1_q',
      'sys_1_1',
      '../f_1_0_5_kk_1',
    ]) {
      expect(parseFeedName(bad), bad).toBeNull();
    }
    expect(parseFeedName(null as unknown as string)).toBeNull();
  });

  it('S7-1 parse(build(x)) deep-equals x for every kind (property)', () => {
    fc.assert(
      fc.property(feedName, (name) => {
        expect(parseFeedName(buildFeedName(name))).toEqual(name);
      }),
      { numRuns: 2000 },
    );
  });

  it('S7-1 build(parse(s)) === s for every name that parses (property)', () => {
    const candidates = fc.oneof(
      feedName.map(buildFeedName),
      // Valid names with one segment mangled: either still valid (then canonical) or null.
      fc
        .tuple(feedName.map(buildFeedName), fc.nat(), fc.constantFrom('0', '-1', '01', 'x', '', 'kk', 'A_b'))
        .map(([name, at, replacement]) => {
          const parts = name.split('_');
          parts[at % parts.length] = replacement;
          return parts.join('_');
        }),
      fc.string(),
    );
    fc.assert(
      fc.property(candidates, (text) => {
        const parsed = parseFeedName(text);
        if (parsed !== null) expect(buildFeedName(parsed)).toBe(text);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('push subjects (S7-23)', () => {
  const subject: fc.Arbitrary<PushSubject> = fc.oneof(
    fc.constant({ kind: 'service' as const }),
    fc.record({ kind: fc.constant('sys' as const), projectType: uint }),
    fc.record({ kind: fc.constant('update' as const), sport, projectType: uint }),
    fc.record({ kind: fc.constant('localUpdate' as const), sport, projectId: uint }),
    fc.record({ kind: fc.constant('games' as const), lang, eventId: id }),
    fc.record({
      kind: fc.constant('lsid' as const),
      profileId: id,
      namespace: fc.stringMatching(/^[A-Za-z0-9.-]{1,20}$/),
    }),
  );

  it('S7-23 subjects are service, sys_<pt>, u_<sport>_<pt>, ul_<sport>_<projectId>, games_<lang>_<id>, lsid_<profile>_<ns>', () => {
    expect(buildPushSubject({ kind: 'service' })).toBe('service');
    expect(buildPushSubject({ kind: 'sys', projectType: 1 })).toBe('sys_1');
    expect(updateSubject(1, EDITION.projectType)).toBe('u_1_1');
    expect(buildPushSubject({ kind: 'localUpdate', sport: 1, projectId: EDITION.projectId })).toBe('ul_1_47');
    expect(gamesSubject('kk', 'KxrZoe94')).toBe('games_kk_KxrZoe94');
    expect(lsidSubject('p123', 'kz')).toBe('lsid_p123_kz');
    expect(parsePushSubject('games_kk_KxrZoe94')).toEqual({ kind: 'games', lang: 'kk', eventId: 'KxrZoe94' });
    for (const bad of ['', 'services', 'u_1', 'u_0_1', 'games_kk', 'games_KK_x', 'sys_x', 'ul_1_2_3']) {
      expect(parsePushSubject(bad), bad).toBeNull();
    }
  });

  it('S7-23 parse(build(x)) deep-equals x (property)', () => {
    fc.assert(
      fc.property(subject, (s) => {
        const text = buildPushSubject(s);
        expect(parsePushSubject(text)).toEqual(s);
      }),
      { numRuns: 1000 },
    );
  });
});
