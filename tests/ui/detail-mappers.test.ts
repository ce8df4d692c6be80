import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  parseCore,
  parseHashes,
  parseHeadToHead,
  parseLineups,
  parseOdd,
  parseOddsComparison,
  parseStats,
  parseSummary,
} from '../../web/ui/match/detail-mappers';

const real = (name: string) => readFileSync(`fixtures/real-feeds/${name}`, 'utf8');

describe('detail feed mappers', () => {
  it('S2-35 dc_ core of a real feed: stage, scores and the tabs the event has', () => {
    const core = parseCore(real('DeporS__value-bet-live-detection__dc_1_KbUrxW1T_core.txt'));
    expect(core).toMatchObject({ stageType: 3, stage: 3, homeScore: 5, awayScore: 2, startTime: 1772290800 });
    expect(core?.tabs).toContain('OD');
    expect(core?.tabs).toContain('HH');
  });

  it('S2-35 df_su_ of a real feed: incidents by period with scorer, assist and running score', () => {
    const summary = parseSummary(real('EliasMumo__prime-sportdata__summary_df_su_1_O6KrS6uP.txt'));
    expect(summary.periods.map((p) => p.name)).toEqual(['1st Half', '2nd Half']);
    expect(summary.periods[0]).toMatchObject({ home: 4, away: 0 });
    const first = summary.periods[0].incidents[0];
    expect(first).toMatchObject({ side: 1, minute: "15'", type: 3, player: 'Jusino A.', secondPlayer: 'Roca C.' });
    expect(first.score).toEqual([1, 0]);
    expect(summary.info.find((i) => i.code === 'REF')).toBeTruthy();
  });

  it('S2-35 df_hh_ of a real feed: sections and matches, the * marks the regulation winner', () => {
    const sections = parseHeadToHead(real('EliasMumo__prime-sportdata__h2h_df_hh_1_KxrZoe94.txt'));
    expect(sections[0].title).toBe('Last matches: Sassuolo');
    const second = sections[0].matches[1];
    expect(second).toMatchObject({ home: 'Sassuolo', away: 'Torino', homeWon: true, score: '2:1', result: 'w' });
  });

  it('g_ hashes, df_st_, df_li_ and df_od_ in our server format', () => {
    expect(parseHashes('CA÷a¬CD÷b¬CE÷c¬CF÷d¬A1÷x¬~')).toEqual({ CA: 'a', CD: 'b', CE: 'c', CF: 'd' });
    const stats = parseStats('SE÷Матч¬~SF÷Негізгі¬~SD÷12¬SG÷Доп иелену¬SH÷55%¬SI÷45%¬~A1÷¬~');
    expect(stats[0].groups[0].rows[0]).toEqual({ id: '12', label: 'Доп иелену', home: '55%', away: '45%' });
    const lineups = parseLineups('LA÷1¬LN÷Астана¬~LB÷1¬LK÷Негізгі құрам¬~LP÷Томасов М.¬LJ÷10¬LO÷Шабуылшы¬~A1÷¬~');
    expect(lineups[0].sections[0].players[0]).toEqual({ name: 'Томасов М.', number: '10', position: 'Шабуылшы' });
    const odds = parseOddsComparison(
      'OA÷1X2¬OAU÷1x2¬~OB÷Толық уақыт¬~OE÷16¬OD÷bet365¬XA÷2.10[d]1.95¬XB÷3.4¬XC÷4¬OG÷1¬~',
    );
    expect(odds[0].bookmakers[0].odds.map((o) => o.current)).toEqual([1.95, 3.4, 4]);
    expect(odds[0].bookmakers[0].odds[0].move).toBe('down');
    expect(parseOdd('1.5[u]1.7')).toEqual({ open: 1.5, current: 1.7, move: 'up' });
  });

  it('S8-7 malformed detail bodies never throw and give nothing', () => {
    for (const body of ['', '0', '~~~', '¬÷¬', 'III÷x¬IA÷9¬~', 'KC÷¬~']) {
      expect(() => parseSummary(body)).not.toThrow();
      expect(parseCore(body)).toBeNull();
      expect(() => parseHeadToHead(body)).not.toThrow();
      expect(() => parseOddsComparison(body)).not.toThrow();
    }
  });
});
