// Every real recorded feed reads as a person reading it would: leagues, events, names, stages, scores.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRows } from '../../src/protocol/codec';
import { indexFeed } from '../../src/protocol/feed-index';
import { summarizeFeed } from '../../src/protocol/feed-summary';
import { parseListFeed } from '../../src/protocol/list-feed';
import type { EventRecord, ListFeed } from '../../src/protocol/list-feed-types';
import {
  BASKETBALL_TODAY,
  CORE,
  FOOTBALL_TODAY,
  FOOTBALL_TOMORROW,
  FOOTBALL_YESTERDAY,
  H2H,
  HASHES,
  ODDS_2016,
  REAL_FEED_FILES,
  realFeed,
  SUMMARY,
  TENNIS_GAME,
  TENNIS_TODAY,
  TOURNAMENT_2016,
} from './real-feeds';

function event(feed: ListFeed, id: string): EventRecord {
  const found = feed.events.find((e) => e.id === id);
  if (!found) throw new Error(`event ${id} not in feed`);
  return found;
}

describe('real recorded feeds (protocol.md §1, §3)', () => {
  it('S7-1 all twelve real feeds parse into rows and index identically', () => {
    expect(REAL_FEED_FILES.length).toBeGreaterThanOrEqual(12);
    for (const file of REAL_FEED_FILES) {
      const body = realFeed(file);
      const rows = parseRows(body);
      expect(rows.length, file).toBeGreaterThan(0);
      const index = indexFeed(body);
      expect(index.rowCount, file).toBe(rows.length);
      for (let r = 0; r < rows.length; r++) expect(index.row(r), `${file} row ${r}`).toEqual(rows[r]);
      expect(() => parseListFeed(body)).not.toThrow();
    }
  });

  it('S7-2 football today: four leagues keyed <sport>_<ZC>, one event each, in feed order', () => {
    const feed = parseListFeed(realFeed(FOOTBALL_TODAY));
    expect(feed.sport).toBe(1);
    expect(feed.empty).toBe(false);
    expect(feed.leagues.map((l) => [l.id, l.name])).toEqual([
      ['1_p6bNd8qp', 'ARGENTINA: Reserve League - Clausura'],
      ['1_hn4BnBIP', 'BOSNIA AND HERZEGOVINA: Prva Liga - RS'],
      ['1_jch8u3dn', 'ENGLAND: EFL Trophy'],
      ['1_fgs8qKsB', 'ITALY: Coppa Italia'],
    ]);
    expect(feed.events.map((e) => [e.id, e.leagueId])).toEqual([
      ['pdmRhdwH', '1_p6bNd8qp'],
      ['feIxEokD', '1_hn4BnBIP'],
      ['CppsZsN5', '1_jch8u3dn'],
      ['KxrZoe94', '1_fgs8qKsB'],
    ]);
    const england = feed.leagues[2];
    expect(england).toMatchObject({
      countryId: 198,
      countryName: 'England',
      templateId: '4STIHq2f',
      url: '/football/england/efl-trophy/',
      type: 'p',
      sportStageType: 2,
    });
    // The signature trailer was cut off by the recorder.
    expect(feed.signature).toBeNull();
    expect(feed.moved).toEqual([]);
  });

  it('S3-27 football today: scheduled, live 2nd half, postponed and after-penalties rows map their stages and scores', () => {
    const feed = parseListFeed(realFeed(FOOTBALL_TODAY));
    const scheduled = event(feed, 'pdmRhdwH');
    expect(scheduled).toMatchObject({ home: 'Atl. Tucuman 2', away: 'San Lorenzo 2', stageType: 1, stage: 1 });
    expect(scheduled.startTime).toBe(1788372000);
    expect(scheduled.homeScore).toBeUndefined();
    // AL carries JSON with `\/` escapes and `:`; it survives the framing untouched.
    const tv = JSON.parse(scheduled.broadcast ?? '') as { '1': { BN: string }[] };
    expect(tv['1'].map((c) => c.BN)).toContain('LPF Play (Arg)');

    const live = event(feed, 'feIxEokD');
    expect(live).toMatchObject({
      home: 'Slavija',
      away: 'Sutjeska Foca',
      stageType: 2,
      stage: 13,
      live: 'y',
      homeScore: 1,
      awayScore: 1,
      homePart2: 1,
      awayPart2: 1,
      periodStartTime: 1788361273,
    });
    // `BX÷` is empty on live soccer: a numeric field with no number stays unset.
    expect('gameTime' in live).toBe(false);

    const postponed = event(feed, 'CppsZsN5');
    expect(postponed).toMatchObject({ home: 'Doncaster', away: 'Liverpool U21', stageType: 3, stage: 4 });
    expect(postponed.homeScore).toBeUndefined();

    const pens = event(feed, 'KxrZoe94');
    expect(pens).toMatchObject({
      home: 'Sassuolo',
      away: 'Frosinone',
      stageType: 3,
      stage: 11,
      homeScore: 2,
      awayScore: 1,
      homeFullTime: 1,
      awayFullTime: 1,
      homePenalties: 4,
      awayPenalties: 3,
      winner: 1,
      fullTimeWinner: 0, // AZ÷0 appears twice in the row
      homeAdvanced: 1,
    });
  });

  it('S3-27 football yesterday: finished rows, draws and a red card', () => {
    const feed = parseListFeed(realFeed(FOOTBALL_YESTERDAY));
    expect(feed.leagues.map((l) => l.id)).toEqual(['1_lOnDnXeE', '1_lEqmiyVI']);
    expect(feed.leagues[0].name).toBe('ANGOLA: Girabola');
    expect(feed.events).toHaveLength(5);
    expect(feed.events.every((e) => e.stageType === 3 && e.stage === 3)).toBe(true);
    expect(event(feed, 'pMYI1J6k')).toMatchObject({
      home: 'Primeiro de Agosto',
      away: 'Interclube',
      homeScore: 2,
      awayScore: 1,
      leagueId: '1_lOnDnXeE',
    });
    expect(event(feed, 'MNYIIaz1')).toMatchObject({
      home: 'Defensa y Justicia',
      away: 'Platense',
      homeScore: 1,
      awayScore: 0,
      awayRedCards: 1,
      leagueId: '1_lEqmiyVI',
    });
    expect(event(feed, 'SCcxOfCt')).toMatchObject({ home: 'Estudiantes L.P.', winner: 0, homeScore: 0, awayScore: 0 });
  });

  it('S7-2 football tomorrow: every event scheduled', () => {
    const feed = parseListFeed(realFeed(FOOTBALL_TOMORROW));
    expect(feed.leagues.map((l) => [l.id, l.name])).toEqual([
      ['1_lpzkCV24', 'ALGERIA: Ligue 1'],
      ['1_CIwD2G5N', 'ARGENTINA: Primera Nacional'],
    ]);
    expect(feed.events.map((e) => e.stageType)).toEqual([1, 1, 1]);
    expect(event(feed, 'A9OEPPtf')).toMatchObject({ home: 'Colegiales', away: 'Midland', leagueId: '1_CIwD2G5N' });
    expect(event(feed, '2TavOJZ7')).toMatchObject({ home: 'ES Setif', away: 'Ben Aknoun', hasLiveBetting: 'n' });
    expect(event(feed, '2TavOJZ7').liveBookmakers?.startsWith('28|991|454|417')).toBe(true);
  });

  it('S3-11 basketball today: quarters add up, away block first, moved event and signature trailer', () => {
    const feed = parseListFeed(realFeed(BASKETBALL_TODAY));
    expect(feed.sport).toBe(3);
    expect(feed.leagues.map((l) => l.id)).toEqual(['3_dddz4h2L', '3_ldYmKfZG', '3_QDX55FiU']);
    expect(feed.events).toHaveLength(10);
    expect(feed.events.filter((e) => e.leagueId === '3_QDX55FiU')).toHaveLength(7);
    const game = event(feed, 'CS2zfc8t');
    expect(game).toMatchObject({ home: 'Capiata Bulls', away: 'Dep. San Jose', homeScore: 76, awayScore: 93 });
    const homeParts = [game.homePart1, game.homePart2, game.homePart3, game.homePart4];
    const awayParts = [game.awayPart1, game.awayPart2, game.awayPart3, game.awayPart4];
    expect(homeParts).toEqual([21, 22, 27, 6]);
    expect(homeParts.reduce((a = 0, b = 0) => a + b, 0)).toBe(76);
    expect(awayParts.reduce((a = 0, b = 0) => a + b, 0)).toBe(93);
    expect(game.homeImage).toBe('team'); // the placeholder image
    expect(event(feed, 'YJAtVJk2')).toMatchObject({ home: 'Torun (Pol)', away: 'Norrkoping (Swe)', stageType: 1 });
    expect(feed.moved).toEqual([{ id: 'fuKEeS63', startTime: 1788764400, endTime: null }]);
    expect(feed.signature).toBe('ed761bb89345850654ac97f2e575beb2');
  });

  it('S3-10 tennis today: sets won, games per set, tie-break points, live server and points', () => {
    const feed = parseListFeed(realFeed(TENNIS_TODAY));
    expect(feed.sport).toBe(2);
    expect(feed.leagues).toHaveLength(1);
    expect(feed.leagues[0]).toMatchObject({
      id: '2_tQZGKy9k',
      name: 'ATP - SINGLES: US Open (USA), hard',
      superTemplateId: 5724,
      categoryName: 'ATP - Singles',
    });
    expect(feed.events.map((e) => e.id)).toEqual(['0GTuFzQh', 'YP799xBN', '2HVgf06C', 'pM2oFtsn', 'juHjCd3C']);
    expect(event(feed, '0GTuFzQh')).toMatchObject({
      home: 'Cerundolo J. M.',
      away: 'Gea A.',
      homeScore: 2,
      awayScore: 3,
      homePart5: 1,
      awayPart5: 6,
      homeCountryName: 'Argentina',
      awayCountryName: 'France',
    });
    expect(event(feed, 'pM2oFtsn')).toMatchObject({
      home: 'Zverev A.',
      away: 'Sonego L.',
      homeScore: 3,
      awayScore: 2,
      homeTiebreak3: 7,
      awayTiebreak3: 9,
      infoNotice: 'Playing under a closed roof.',
    });
    expect(event(feed, 'juHjCd3C')).toMatchObject({
      home: 'Medvedev D.',
      away: 'Gorzny S.',
      stageType: 2,
      stage: 17,
      service: 1,
      homeGamePoints: '0',
      awayGamePoints: '0',
      homePart1: 4,
      awayPart1: 1,
    });
  });

  it('S7-8 2016 tournament feed: header without newer keys, round labels', () => {
    const feed = parseListFeed(realFeed(TOURNAMENT_2016));
    expect(feed.leagues.map((l) => [l.id, l.name])).toEqual([['1_fZHsKRg9', 'ENGLAND: Premier League']]);
    expect(feed.events.map((e) => [e.home, e.away, e.round])).toEqual([
      ['Bournemouth', 'Sunderland', 'Round 11'],
      ['Burnley', 'Crystal Palace', 'Round 11'],
    ]);
    expect(feed.events[0].liveBookmakers).toBe('16');
  });

  it('S7-15 detail feeds: no leagues or events, rows read as ordered pairs with repeats kept', () => {
    for (const file of [CORE, SUMMARY, H2H, HASHES, TENNIS_GAME, ODDS_2016]) {
      const feed = parseListFeed(realFeed(file));
      expect(feed.leagues, file).toEqual([]);
      expect(feed.events, file).toEqual([]);
    }
    const core = parseRows(realFeed(CORE));
    expect(core).toHaveLength(1);
    expect(new Map(core[0]).get('DX')).toBe('MR,ST,PS,LI,PMS,LC,MC,OD,HH,TTS,SCR,LT,TA,NF,HITO,HIO');
    expect(new Map(core[0]).get('QX')).toBe('Matt Roberts');

    const summary = summarizeFeed(realFeed(SUMMARY));
    expect(summary.rowTypes).toEqual({ AC: 2, III: 21, MIT: 1 });
    const rows = parseRows(realFeed(SUMMARY));
    // A goal row carries the scorer and the assistant: IE, IF, IK repeat in one row.
    const firstGoal = rows[1];
    expect(firstGoal.filter(([k]) => k === 'IE').map(([, v]) => v)).toEqual(['3', '8']);
    expect(firstGoal.filter(([k]) => k === 'IF').map(([, v]) => v)).toEqual(['Jusino A.', 'Roca C.']);
    const info = rows.at(-1) ?? [];
    expect(info.filter(([k]) => k === 'MIV').map(([, v]) => v)).toContain('Estadio Hernando Siles');

    const h2h = summarizeFeed(realFeed(H2H));
    expect(h2h).toMatchObject({ sport: 1, rows: 11, rowTypes: { SA: 1, KA: 1, KB: 1, KC: 8 }, leagues: [] });

    const odds = parseRows(realFeed(ODDS_2016));
    expect(odds[0][0]).toEqual(['MI', '1.60|3.60|6.00']);
    expect(parseRows(realFeed(HASHES))[0].at(-1)).toEqual(['A1', '52a59b52e7deade8e4437c8a91918dea']);
    const game = summarizeFeed(realFeed(TENNIS_GAME));
    expect(game.rows).toBe(1);
    expect(parseRows(realFeed(TENNIS_GAME))[0].filter(([k]) => k === 'TS')).toHaveLength(6);
  });

  it('S8-7 the summary and the typed mapping agree on every real list feed', () => {
    for (const file of REAL_FEED_FILES) {
      const body = realFeed(file);
      const feed = parseListFeed(body);
      const summary = summarizeFeed(body);
      const fromSummary = summary.leagues.flatMap((l) =>
        l.events.map((e) => [e.id, l.id, e.home, e.away, e.stageType, e.stage, e.homeScore, e.awayScore, e.startTime]),
      );
      const fromFeed = feed.events.map((e) => [
        e.id,
        e.leagueId,
        e.home ?? null,
        e.away ?? null,
        e.stageType ?? null,
        e.stage ?? null,
        e.homeScore ?? null,
        e.awayScore ?? null,
        e.startTime ?? null,
      ]);
      expect(fromFeed, file).toEqual(fromSummary);
    }
  });

  it('S8-7 real feeds cut at any point never throw and keep the events before the cut', () => {
    const bodies = REAL_FEED_FILES.map(realFeed);
    fc.assert(
      fc.property(fc.nat(bodies.length - 1), fc.double({ min: 0, max: 1, noNaN: true }), (which, where) => {
        const body = bodies[which];
        const cut = body.slice(0, Math.floor(body.length * where));
        const feed = parseListFeed(cut);
        const full = parseListFeed(body);
        expect(parseRows(cut).length).toBeLessThanOrEqual(parseRows(body).length);
        expect(feed.events.length).toBeLessThanOrEqual(full.events.length);
        // Every event completed before the cut keeps its id.
        feed.events.slice(0, -1).forEach((e, i) => {
          expect(e.id).toBe(full.events[i].id);
        });
      }),
      { numRuns: 300 },
    );
  });
});
