// Kazakh text into English or Russian: a catalogue phrase as a whole, else each catalogue phrase and
// numbered word inside it (`ҚАЗАҚСТАН: Премьер-лига` → `KAZAKHSTAN: Premier League`, an upper-case
// phrase staying upper case), and what is left (team and player names) transliterated into Latin for
// English, or with the Kazakh letters put into their Russian forms for Russian.
import { LATIN_FOR_CYRILLIC } from '../../../src/domain/transliteration';
import type { FeedLanguage } from './language';
import { type Forms, NUMBERED, PHRASES } from './phrases';

export type Translate = (text: string) => string;

const CYRILLIC = /[\u0400-\u04FF]/;

// Kazakh letters Russian spells with its own.
const RUSSIAN: Readonly<Record<string, string>> = {
  ә: 'а',
  ғ: 'г',
  қ: 'к',
  ң: 'н',
  ө: 'о',
  ұ: 'у',
  ү: 'у',
  һ: 'х',
  і: 'и',
  Ә: 'А',
  Ғ: 'Г',
  Қ: 'К',
  Ң: 'Н',
  Ө: 'О',
  Ұ: 'У',
  Ү: 'У',
  Һ: 'Х',
  І: 'И',
};

function isUpperWord(text: string): boolean {
  return text.length > 1 && text === text.toLocaleUpperCase('kk') && text !== text.toLocaleLowerCase('kk');
}

function transliterate(text: string): string {
  return text.replace(/[\u0400-\u04FF]+/g, (word) => {
    if (isUpperWord(word))
      return [...word.toLowerCase()]
        .map((ch) => LATIN_FOR_CYRILLIC[ch] ?? ch)
        .join('')
        .toUpperCase();
    let out = '';
    for (const ch of word) {
      const lower = ch.toLowerCase();
      const latin = LATIN_FOR_CYRILLIC[lower] ?? ch;
      out += lower === ch ? latin : latin.charAt(0).toUpperCase() + latin.slice(1);
    }
    return out;
  });
}

function russianLetters(text: string): string {
  return text.replace(/[әғқңөұүһіӘҒҚҢӨҰҮҺІ]/g, (ch) => RUSSIAN[ch] ?? ch);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

// Each phrase by its lower case, with whether the catalogue writes it in capitals (АҚШ, ЖЕКЕ).
const BY_LOWER = new Map<string, { readonly forms: Forms; readonly capitals: boolean }>(
  [...PHRASES].map(([kk, forms]) => [kk.toLocaleLowerCase('kk'), { forms, capitals: isUpperWord(kk) }]),
);

// Longest phrases first, so `Пенальтилер сериясы` wins over `Пенальти`; letters may not touch either end.
const SEGMENTS = new RegExp(
  `(?<!\\p{L})(?:(\\d+)-(${Object.keys(NUMBERED).join('|')})|(${[...PHRASES.keys()]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|')}))(?!\\p{L})`,
  'giu',
);

const MEMO_LIMIT = 200_000;

export function translator(language: FeedLanguage): Translate {
  if (language === 'kk') return (text) => text;
  const form = language === 'en' ? 0 : 1;
  const rest = language === 'en' ? transliterate : russianLetters;
  const memo = new Map<string, string>();
  return (text) => {
    if (!CYRILLIC.test(text)) return text;
    const known = memo.get(text);
    if (known !== undefined) return known;
    const exact = PHRASES.get(text);
    const out = exact
      ? exact[form]
      : rest(
          text.replace(SEGMENTS, (segment, number?: string, word?: string, phrase?: string) => {
            if (number !== undefined && word !== undefined) {
              const make = NUMBERED[word.toLocaleLowerCase('kk')];
              return make ? make(Number(number))[form] : segment;
            }
            const found = BY_LOWER.get((phrase ?? '').toLocaleLowerCase('kk'));
            if (!found) return segment;
            // A phrase written in capitals where the catalogue does not (`ҚАЗАҚСТАН: …`) stays in capitals.
            const shouted = isUpperWord(segment) && !found.capitals;
            return shouted ? found.forms[form].toLocaleUpperCase(language) : found.forms[form];
          }),
        );
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(text, out);
    return out;
  };
}

const TRANSLATORS = new Map<FeedLanguage, Translate>();

/** One shared translator per language (its memo holds the world's names). */
export function translatorFor(language: FeedLanguage): Translate {
  let found = TRANSLATORS.get(language);
  if (!found) {
    found = translator(language);
    TRANSLATORS.set(language, found);
  }
  return found;
}
