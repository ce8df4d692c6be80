// Clubs, players, pairs, crews and horses taking part in a competition. A competition's field
// is a pure function of (seed, competition key), cached, so every day of the world meets the
// same teams with the same squads.
import { starterCount } from '../engines/prematch';
import type { Competition, Country, Participant } from '../plan/types';
import { idFor, Rng } from '../random';
import type { LineupPlayer } from '../world/state';
import { NATIONS } from './countries';
import { personName } from './people';
import { slugify } from './slug';

const NICKNAMES = [
  'Hawks',
  'Bears',
  'Wolves',
  'Eagles',
  'Kings',
  'Knights',
  'Stars',
  'Rockets',
  'Thunder',
  'Storm',
  'Giants',
  'Lions',
  'Panthers',
  'Falcons',
  'Bulls',
  'Sharks',
  'Rangers',
  'Pirates',
  'Comets',
  'Titans',
  'Mustangs',
  'Raptors',
  'Cougars',
  'Vikings',
  'Chargers',
  'Hurricanes',
  'Flames',
  'Blaze',
  'Dragons',
  'Warriors',
];

const ESPORTS_TEAMS = [
  'Steppe Wolves',
  'Nomad Esports',
  'Astana Lions',
  'Qazaq Eagles',
  'Natus Vincere',
  'Team Spirit',
  'Virtus.pro',
  'FaZe Clan',
  'G2 Esports',
  'Team Vitality',
  'MOUZ',
  'Heroic',
  'Astralis',
  'Team Liquid',
  'Fnatic',
  'Cloud9',
  'Gaimin Gladiators',
  'Tundra Esports',
  'BetBoom Team',
  'Team Falcons',
  'Eternal Fire',
  'Aurora',
  'PARIVISION',
  '9INE',
  'Sashi Esports',
  'ENCE',
  'Monte',
  'Apeks',
  'SAW',
  'Passion UA',
  'Nemiga',
  'AVANGAR',
  'K23',
  'Alliance',
  'OG',
  'Team Secret',
  'Xtreme Gaming',
  'Talon Esports',
  'T1',
  'Gen.G',
  'Hanwha Life',
  'DRX',
  'KT Rolster',
  'Paper Rex',
  'Sentinels',
  'LOUD',
  'FURIA',
  'MIBR',
  'Imperial',
  'Pain Gaming',
  'RRQ',
  'ONIC',
  'EVOS',
  'Bigetron',
  'Team Flash',
  'Blacklist International',
];

const HORSE_WORDS = [
  'Silver',
  'Golden',
  'Storm',
  'Desert',
  'Royal',
  'Midnight',
  'Thunder',
  'Steppe',
  'Wild',
  'Noble',
  'Swift',
  'Crimson',
  'Northern',
  'Lucky',
  'Brave',
  'Shadow',
];
const HORSE_NOUNS = [
  'Arrow',
  'Dancer',
  'Spirit',
  'Legend',
  'Prince',
  'Whisper',
  'Comet',
  'Falcon',
  'Tulpar',
  'Echo',
  'Rider',
  'Glory',
  'Wind',
  'Jewel',
  'Baron',
  'Star',
];

const PATTERNS: Readonly<Record<string, readonly string[]>> = {
  en_GB: ['{c} United', '{c} City', '{c} Town', '{c} Rovers', '{c} Athletic', '{c}', '{c} Wanderers', '{c} Albion'],
  en_IE: ['{c} Rovers', '{c} City', '{c} United', '{c}'],
  es: ['{c} CF', 'Real {c}', 'Atlético {c}', 'CD {c}', 'UD {c}', '{c}', 'Deportivo {c}'],
  es_MX: ['{c} FC', 'Club {c}', 'Atlético {c}', '{c}'],
  it: ['{c}', 'AC {c}', 'US {c}', '{c} Calcio', 'SS {c}'],
  de: ['{c}', 'SV {c}', '1. FC {c}', 'VfB {c}', 'FC {c}', 'SC {c}', 'TSV {c}'],
  de_AT: ['SK {c}', 'SV {c}', 'FC {c}', '{c}'],
  de_CH: ['FC {c}', 'BSC {c}', '{c}'],
  fr: ['{c} FC', 'AS {c}', 'Olympique {c}', 'Stade {c}', '{c}', 'SC {c}'],
  pt_BR: ['{c} EC', 'Atlético {c}', '{c} FC', 'Sport {c}', '{c}'],
  pt_PT: ['{c}', 'Sporting {c}', 'FC {c}', 'SC {c}', 'Vitória {c}'],
  tr: ['{c}spor', '{c} FK', '{c} Belediyespor', '{c}'],
  nl: ['{c}', 'FC {c}', 'SC {c}', 'Go Ahead {c}', '{c} Boys'],
  nl_BE: ['{c}', 'KV {c}', 'Royal {c}', 'Sporting {c}'],
  ru: ['{c}', 'Динамо {c}', 'Спартак {c}', 'Локомотив {c}', 'Торпедо {c}', 'Шахтер {c}'],
  uk: ['{c}', 'Динамо {c}', 'Металіст {c}', 'Зоря {c}'],
  kk: ['{c}', 'Жастар {c}', '{c} Сұңқарлары', 'Ақ {c}'],
};

const US_STYLE = new Set([3, 4, 5, 6, 13, 18, 19, 29]);

const cache = new Map<string, readonly Participant[]>();

function imageFor(seed: number, id: string): string {
  return `${idFor(seed, `img/${id}`)}-${idFor(seed, `imgh/${id}`)}.png`;
}

/** 3-letter short name (WM/WN) in the name's own script. */
function shortOf(name: string): string {
  const letters = name.replace(
    /^(FC|SC|AC|AS|US|SV|CD|UD|SK|KV|1\. FC|VfB|TSV|SS|BSC|Real|Atlético|Club|Sporting|Stade|Olympique) /,
    '',
  );
  return (
    letters
      .replace(/[^\p{L}]/gu, '')
      .slice(0, 3)
      .toLocaleUpperCase('kk-KZ') || 'XXX'
  );
}

function nationPicker(rng: Rng, home: Country): Country {
  // Tours are international: a third of the field from the host country.
  if (home.cities.length > 0 && rng.chance(0.35)) return home;
  return rng.pick(NATIONS);
}

function makeSquad(seed: number, rng: Rng, sportId: number, home: Country): LineupPlayer[] {
  const starters = starterCount(sportId);
  if (starters === 0) return [];
  const size = sportId === 1 ? 22 : Math.max(starters * 2, starters + 5);
  const keepers = [1, 4, 7, 10, 11, 22, 24, 26].includes(sportId) ? (sportId === 1 ? 3 : 2) : 0;
  const positions: string[] = [];
  for (let i = 0; i < keepers; i++) positions.push('GK');
  const rest = size - keepers;
  for (let i = 0; i < rest; i++) positions.push(i < rest * 0.35 ? 'DF' : i < rest * 0.7 ? 'MF' : 'FW');
  const used = new Set<number>();
  return positions.map((position) => {
    const nation = rng.chance(0.8) ? home : rng.pick(NATIONS);
    let number = position === 'GK' && !used.has(1) ? 1 : rng.int(2, 99);
    while (used.has(number)) number = (number % 99) + 1;
    used.add(number);
    return { name: personName(rng, seed, nation.locale).display, number, position, starter: false };
  });
}

/** Club names for a domestic or international competition. */
function clubNames(rng: Rng, competition: Competition): { name: string; country: Country }[] {
  const out: { name: string; country: Country }[] = [];
  const seen = new Set<string>();
  const suffix = competition.format === 'women' ? ' (Ә)' : competition.format === 'youth' ? ' U19' : '';
  const international = competition.country.cities.length === 0;
  const reserve = competition.name === 'Резервтік лига';
  for (let attempt = 0; out.length < competition.size && attempt < competition.size * 30; attempt++) {
    const nation = international ? rng.pick(NATIONS) : competition.country;
    let base: string;
    if (competition.sportId === 36) {
      base = ESPORTS_TEAMS[(out.length + rng.int(0, 3)) % ESPORTS_TEAMS.length]!;
    } else {
      const city = rng.pick(nation.cities);
      if (US_STYLE.has(competition.sportId) && !['ru', 'kk', 'uk'].includes(nation.locale)) {
        base = `${city} ${rng.pick(NICKNAMES)}`;
      } else {
        const patterns = PATTERNS[nation.locale] ?? ['{c}', '{c} FC', 'FC {c}', '{c} SC', 'Sporting {c}'];
        base = rng.pick(patterns).replace('{c}', city);
      }
    }
    const name = `${base}${reserve ? ' 2' : ''}${suffix}`;
    if (seen.has(name)) continue;
    seen.add(name);
    out.push({ name, country: nation });
  }
  return out;
}

/** The field of a competition (cached per seed and competition). */
export function participantsOf(seed: number, competition: Competition): readonly Participant[] {
  const key = `${seed}/${competition.key}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const rng = Rng.derive(seed, 'field', competition.key);
  const sportId = competition.sportId;
  const list: Participant[] = [];
  const add = (name: string, nation: Country, strength: number, squad: readonly LineupPlayer[] = []) => {
    const id = idFor(seed, `participant/${competition.key}/${name}`);
    list.push({
      id,
      name,
      short: shortOf(name),
      slug: slugify(name),
      image: imageFor(seed, id),
      countryId: nation.id,
      countryName: nation.name,
      strength,
      squad,
    });
  };
  if (competition.names) {
    const n = competition.names.length;
    competition.names.forEach((name, i) => {
      // Real clubs keep a plausible pecking order: listed strongest first.
      const strength = 1.2 - (2.4 * i) / Math.max(1, n - 1) + rng.normal(0, 0.3);
      add(name, competition.country, strength, makeSquad(seed, rng, sportId, competition.country));
    });
  } else if (sportId === 35) {
    const seen = new Set<string>();
    while (list.length < competition.size * 4) {
      const name = `${rng.pick(HORSE_WORDS)} ${rng.pick(HORSE_NOUNS)}`;
      if (seen.has(name)) continue;
      seen.add(name);
      add(name, competition.country, rng.normal(0, 1));
    }
  } else if (competition.individuals) {
    const women =
      /women/.test(competition.format) || competition.name.includes('ӘЙЕЛДЕР') || competition.name.includes('әйелдер');
    const seen = new Set<string>();
    for (let attempt = 0; list.length < competition.size && attempt < competition.size * 20; attempt++) {
      const nation = nationPicker(rng, competition.country);
      let name: string;
      if (competition.doubles) {
        const a = personName(rng, seed, nation.locale, women).last;
        const b = personName(rng, seed, rng.chance(0.7) ? nation.locale : rng.pick(NATIONS).locale, women).last;
        name = `${a}/${b}`;
      } else {
        name = personName(rng, seed, nation.locale, women).display;
      }
      if (seen.has(name)) continue;
      seen.add(name);
      add(name, nation, rng.normal(0, 1));
    }
  } else {
    for (const { name, country } of clubNames(rng, competition)) {
      add(name, country, rng.normal(0, 1), makeSquad(seed, rng, sportId, country));
    }
  }
  cache.set(key, list);
  return list;
}
