// People's names by nationality. Faker (seeded once per locale) fills a pool of surnames and
// first names; the engines pick from the pool with their own seeded generator, so a name never
// depends on how many names were drawn before it (faker seeding is slow, drawing is not).
import {
  az,
  base,
  cs_CZ,
  da,
  de,
  de_AT,
  de_CH,
  el,
  en,
  en_AU,
  en_CA,
  en_GB,
  en_IE,
  en_IN,
  en_NG,
  en_US,
  en_ZA,
  es,
  es_MX,
  Faker,
  fi,
  fr,
  hr,
  hu,
  hy,
  id_ID,
  it,
  ka_GE,
  type LocaleDefinition,
  nb_NO,
  nl,
  nl_BE,
  pl,
  pt_BR,
  pt_PT,
  ro,
  ru,
  sk,
  sl_SI,
  sr_RS_latin,
  sv,
  tr,
  uk,
  uz_UZ_latin,
  vi,
} from '@faker-js/faker';
import type { Rng } from '../random';

const LOCALES: Readonly<Record<string, LocaleDefinition>> = {
  az,
  cs_CZ,
  da,
  de,
  de_AT,
  de_CH,
  el,
  en,
  en_AU,
  en_CA,
  en_GB,
  en_IE,
  en_IN,
  en_NG,
  en_US,
  en_ZA,
  es,
  es_MX,
  fi,
  fr,
  hr,
  hu,
  hy,
  id_ID,
  it,
  ka_GE,
  nb_NO,
  nl,
  nl_BE,
  pl,
  pt_BR,
  pt_PT,
  ro,
  ru,
  sk,
  sl_SI,
  sr_RS_latin,
  sv,
  tr,
  uk,
  uz_UZ_latin,
  vi,
};

/** Locales whose faker names are not in Latin or Cyrillic script use English names instead. */
const LATIN_FALLBACK = new Set(['el', 'ka_GE', 'hy']);

const KAZAKH_SURNAMES =
  'Әбдіхалықов,Ахметов,Байжанов,Бекбаев,Дүйсенов,Есенов,Жақсылықов,Жұмабеков,Исламхан,Қайыров,Қасымов,Кенжебаев,Мұратов,Нұрланов,Оспанов,Сейдахметов,Серікбаев,Смағұлов,Тоқтаров,Төлегенов,Шомқұлов,Ысқақов,Әлиев,Бейсебеков,Зайнутдинов,Марочкин,Шацкий,Тағыбергенов,Вороготский,Жүкенов,Абилов,Омаров,Сапарбаев,Темірханов,Ерланов,Мамбетов,Досмағамбетов,Құрманов,Бақтыбаев,Әбілқасымов,Рахимов,Нұрғалиев,Сұлтанов,Тұрсынов,Бекмұхамбетов,Қалиев,Дәулетов,Сағындықов,Ғалымжанов,Ахмадиев';
const KAZAKH_MALE =
  'Айбар,Бауыржан,Ғалымжан,Дәурен,Ерлан,Жасұлан,Исламбек,Қуаныш,Мақсат,Нұрсұлтан,Олжас,Рамазан,Санжар,Темірлан,Ұлан,Фархат,Шыңғыс,Әлихан,Ернар,Абзал,Асқар,Бекзат,Дамир,Елдос,Жандос,Ислам,Мирас,Нұрбол,Сұңқар,Тимур';
const KAZAKH_FEMALE =
  'Айгерім,Әсел,Балжан,Гүлназ,Дана,Жанар,Зарина,Инкар,Камила,Ләззат,Мадина,Нұрай,Салтанат,Томирис,Ұлжан,Шолпан,Аружан,Дильназ,Меруерт,Айым';

interface Pool {
  readonly surnames: readonly string[];
  readonly male: readonly string[];
  readonly female: readonly string[];
}

const pools = new Map<string, Pool>();

/** Surnames and first names for a nationality (cached per seed and locale). */
export function namePool(seed: number, locale: string): Pool {
  const key = `${seed}/${locale}`;
  const cached = pools.get(key);
  if (cached) return cached;
  let pool: Pool;
  if (locale === 'kk') {
    pool = { surnames: KAZAKH_SURNAMES.split(','), male: KAZAKH_MALE.split(','), female: KAZAKH_FEMALE.split(',') };
  } else {
    const definition = LATIN_FALLBACK.has(locale) ? en : (LOCALES[locale] ?? en);
    const faker = new Faker({ locale: [definition, en, base] });
    faker.seed(seed ^ (locale.length * 7919 + locale.charCodeAt(0) * 104729));
    const unique = (make: () => string, n: number) => {
      const out = new Set<string>();
      for (let i = 0; i < n * 3 && out.size < n; i++) out.add(make());
      return [...out];
    };
    pool = {
      surnames: unique(() => faker.person.lastName('male'), 240),
      male: unique(() => faker.person.firstName('male'), 80),
      female: unique(() => faker.person.firstName('female'), 80),
    };
    if (pool.female.length === 0) pool = { ...pool, female: pool.male };
  }
  pools.set(key, pool);
  return pool;
}

export interface PersonName {
  /** As feeds show people: `Surname I.` (protocol.md §7). */
  readonly display: string;
  readonly first: string;
  readonly last: string;
}

export function personName(rng: Rng, seed: number, locale: string, female = false): PersonName {
  const pool = namePool(seed, locale);
  const last = rng.pick(pool.surnames);
  const first = rng.pick(female ? pool.female : pool.male);
  // Kazakh and Russian feminine surnames take -а / -ова forms.
  const surname = female && /(ов|ев|ин)$/.test(last) ? `${last}а` : last;
  return { display: `${surname} ${first.charAt(0)}.`, first, last: surname };
}
