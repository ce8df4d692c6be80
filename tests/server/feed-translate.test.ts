// The catalogue translator behind every feed language (server/provider/i18n/translate.ts, S7-2): whole
// phrases, phrases and numbered words inside a text, capitals kept where the world writes a name in them,
// and names outside the catalogue transliterated (en) or put into Russian letters (ru).
import { describe, expect, it } from 'vitest';
import { feedLanguage, projectLanguage } from '../../server/provider/i18n/language';
import { localizeBody } from '../../server/provider/i18n/localize-body';
import { translator } from '../../server/provider/i18n/translate';

const en = translator('en');
const ru = translator('ru');

describe('feed translation (S7-2)', () => {
  it('S7-2: league titles, tennis categories and countries in English and Russian', () => {
    expect(en('ATP - ЖЕКЕ: US Open (АҚШ), қатты корт')).toBe('ATP - SINGLES: US Open (USA), hard');
    expect(ru('ATP - ЖЕКЕ: US Open (АҚШ), қатты корт')).toBe('ATP - ОДИНОЧНЫЙ РАЗРЯД: US Open (США), хард');
    expect(en('ҚАЗАҚСТАН: Қазақстан кубогы')).toBe('KAZAKHSTAN: Kazakhstan Cup');
    expect(ru('ҚАЗАҚСТАН: Премьер-лига')).toBe('КАЗАХСТАН: Премьер-лига');
    // An acronym the catalogue itself writes in capitals is not shouted in the translation.
    expect(en('БАӘ')).toBe('United Arab Emirates');
  });

  it('S7-15: numbered periods and rounds, and names outside the catalogue', () => {
    expect([en('1-тайм'), en('2-кезең'), en('3-ширек'), en('32-тур'), en('3-жарыс (14:00)')]).toEqual([
      '1st Half',
      '2nd Period',
      '3rd Quarter',
      'Round 32',
      'Race 3 (14:00)',
    ]);
    expect(ru('1-тайм')).toBe('1-й тайм');
    expect([en('Құрманов М.'), en('ҚАЙ'), ru('Құрманов М.')]).toEqual(['Kurmanov M.', 'KAI', 'Курманов М.']);
    expect(en('Arsenal')).toBe('Arsenal');
  });

  it('S7-2: a body keeps its framing and keys; the language placeholder picks a catalogue, else English', () => {
    const body = 'SA÷1¬~ZA÷АНГЛИЯ: Премьер-лига¬ZY÷Англия¬~AA÷x1¬AE÷Қайрат¬AF÷Chelsea¬~A1÷abc¬~';
    expect(localizeBody(body, 'en')).toBe(
      'SA÷1¬~ZA÷ENGLAND: Premier League¬ZY÷England¬~AA÷x1¬AE÷Kairat¬AF÷Chelsea¬~A1÷abc¬~',
    );
    expect(localizeBody(body, 'kk')).toBe(body);
    expect(['kk', 'en', 'ru', 'ru-kz', 'en-uk', 'es', 'pt-br'].map(feedLanguage)).toEqual([
      'kk',
      'en',
      'ru',
      'ru',
      'en',
      'en',
      'en',
    ]);
    expect([projectLanguage(47), projectLanguage(2), projectLanguage(130)]).toEqual(['kk', 'en', 'en']);
  });
});
