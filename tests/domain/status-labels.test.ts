import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SPORTS } from '../../src/domain/sports';
import { ALL_STAGES, STAGE } from '../../src/domain/stages';
import { categoryLabel, sportNameKk, stagesForSport, statusLabel } from '../../src/domain/status-labels';

const CYRILLIC_OR_LATIN = /^[\p{Script=Cyrillic}A-Za-z0-9 .,()\-']+$/u;

describe('Kazakh status labels', () => {
  it('S3-38 every sport and every stage it can have gets a non-empty name and short label', () => {
    for (const sport of SPORTS) {
      const stages = stagesForSport(sport.id);
      expect(stages.length, sport.name).toBeGreaterThan(5);
      for (const stage of stages) {
        const { name, short } = statusLabel(sport.id, stage);
        expect(name.trim(), `${sport.name} ${stage}`).not.toBe('');
        expect(short.trim(), `${sport.name} ${stage}`).not.toBe('');
        expect(short.length, `${sport.name} ${stage} short`).toBeLessThanOrEqual(name.length);
        expect(name).toMatch(CYRILLIC_OR_LATIN);
      }
    }
  });

  it('S3-38 any known stage code gives text for any sport, except the blank codes 0 and 1 (S3-39)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SPORTS.map((s) => s.id)), fc.constantFrom(...ALL_STAGES), (sportId, stage) => {
        const { name, short } = statusLabel(sportId, stage);
        if (stage === 0 || stage === 1) return name === '' && short === '';
        return name.length > 0 && short.length > 0;
      }),
    );
  });

  it('S3-39 S3-40 S3-41 spec examples in Kazakh', () => {
    expect(statusLabel(1, STAGE.SCHEDULED)).toEqual({ name: '', short: '' });
    expect(statusLabel(1, STAGE.LIVE).short).toBe('Live');
    expect(statusLabel(1, STAGE.FINISHED).name).toBe('Аяқталды');
    expect(statusLabel(1, STAGE.POSTPONED).name).toBe('Кейінге қалдырылды');
    expect(statusLabel(1, STAGE.ABANDONED).name).toBe('Тоқтатылды');
    expect(statusLabel(1, STAGE.HALF_TIME).name).toBe('Үзіліс');
    expect(statusLabel(1, STAGE.EXTRA_TIME).name).toBe('Қосымша уақыт');
    expect(statusLabel(4, STAGE.EXTRA_TIME).name).toBe('Овертайм');
    expect(statusLabel(1, STAGE.PENALTIES).name).toBe('Пенальти');
    expect(statusLabel(4, STAGE.PENALTIES).name).toBe('Буллиттер');
    expect(statusLabel(1, STAGE.AFTER_PENALTIES).name).toBe('Пенальтиден кейін');
  });

  it('S3-42 S3-43 S3-44 S3-46 halves, periods, quarters, sets, innings and rounds are worded apart', () => {
    expect(statusLabel(1, 12).name).toBe('1-тайм');
    expect(statusLabel(1, 13).name).toBe('2-тайм');
    expect(statusLabel(4, 14).name).toBe('1-кезең');
    expect(statusLabel(4, 16).name).toBe('3-кезең');
    expect(statusLabel(3, 24).name).toBe('3-ширек');
    expect(statusLabel(2, 17).name).toBe('1-сет');
    expect(statusLabel(25, 56).name).toBe('7-сет');
    expect(statusLabel(14, 329).name).toBe('13-сет');
    expect(statusLabel(36, 18).name).toBe('2-карта');
    expect(statusLabel(6, 34).name).toBe('9-иннинг');
    expect(statusLabel(23, 65).name).toBe('1-раунд');
    expect(statusLabel(23, 64).name).toBe('3-раундтан кейін');
    expect(statusLabel(2, 49).name).toBe('3-сет, тай-брейк');
    expect(statusLabel(13, 57).name).toBe('1-күннен кейін');
  });

  it('S3-47 cricket lunch and tea, tennis medical time-out', () => {
    expect(statusLabel(13, 333).name).toBe('Түскі үзіліс');
    expect(statusLabel(13, 334).name).toBe('Шай үзілісі');
    expect(statusLabel(2, 335).name).toBe('Медициналық үзіліс');
  });

  it('S3-48 kabaddi 12 and 13 read as first and second half', () => {
    expect(statusLabel(42, 12).name).toBe('1-тайм');
    expect(statusLabel(42, 13).name).toBe('2-тайм');
  });

  it('S3-48 an unknown code gives blank text, never a raw number', () => {
    expect(statusLabel(1, 9999)).toEqual({ name: '', short: '' });
  });

  it('S3-48 main-list categories 0 all races, 1 live, 2 finished, 3 scheduled, 4 odds, 5 my games, 8 tv, 9 audio', () => {
    for (const c of [0, 1, 2, 3, 4, 5, 8, 9]) expect(categoryLabel(c, 1), String(c)).not.toBe('');
    expect(categoryLabel(0, 35)).toBe('Барлық жарыстар');
    expect(categoryLabel(5)).toBe('Менің ойындарым');
    expect(categoryLabel(6)).toBe('');
    expect(new Set([1, 2, 3, 4, 5, 8, 9].map((c) => categoryLabel(c))).size).toBe(7);
  });

  it('S3-1 every one of the 40 sports has a distinct Kazakh name', () => {
    const names = SPORTS.map((s) => sportNameKk(s.id));
    expect(names.every((n) => /\p{Script=Cyrillic}/u.test(n))).toBe(true);
    expect(new Set(names).size).toBe(40);
    expect(sportNameKk(1)).toBe('Футбол');
    expect(sportNameKk(20)).toBe('');
  });
});
