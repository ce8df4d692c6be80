// Every competition of the simulated world, for all 40 sports: domestic leagues and cups by
// country (Kazakhstan's own with their real clubs), tours for individual sports, and races and
// meetings for no-duel sports. Sizes and playing probabilities are tuned so that a day holds
// 5,000+ events, football the most, as on a real scores site.
import type { Competition, Country, LeagueKind } from '../plan/types';
import { COUNTRIES, country, NATIONS } from './countries';
import { KAZAKH_CLUBS } from './kazakh-clubs';

interface Options {
  readonly kind?: LeagueKind;
  readonly type?: Competition['type'];
  readonly top?: boolean;
  readonly size?: number;
  readonly p?: number;
  readonly perDay?: number;
  readonly kickoff?: readonly [number, number];
  readonly format?: string;
  readonly names?: readonly string[];
  readonly individuals?: boolean;
  readonly doubles?: boolean;
}

function make(sportId: number, countryKey: string | Country, name: string, o: Options = {}): Competition {
  const c = typeof countryKey === 'string' ? country(countryKey) : countryKey;
  const names = o.names;
  return {
    key: `${sportId}/${c.key}/${name}`,
    sportId,
    country: c,
    name,
    kind: o.kind ?? 'league',
    type: o.type ?? 'p',
    top: o.top ?? false,
    size: names ? names.length : (o.size ?? 16),
    playProbability: o.p ?? 0.5,
    ...(o.perDay !== undefined ? { perDay: o.perDay } : {}),
    kickoff: o.kickoff ?? [13, 22],
    format: o.format ?? '',
    ...(names ? { names } : {}),
    ...(o.individuals ? { individuals: true } : {}),
    ...(o.doubles ? { doubles: true } : {}),
  };
}

/** Top-division names where the real one is well known (kk spelling). */
const TOP_DIVISIONS: Readonly<Record<string, readonly string[]>> = {
  kz: ['Премьер-лига', 'Бірінші лига'],
  eng: ['Премьер-лига', 'Чемпионшип', 'Бірінші лига', 'Екінші лига', 'Ұлттық лига'],
  esp: ['Ла Лига', 'Ла Лига 2', 'Примера RFEF'],
  ita: ['Серия A', 'Серия B', 'Серия C'],
  ger: ['Бундеслига', '2. Бундеслига', '3. Лига'],
  fra: ['Лига 1', 'Лига 2', 'Ұлттық лига'],
  rus: ['Премьер-лига', 'Бірінші лига', 'Екінші лига'],
  ned: ['Эредивизи', 'Эрстедивизи'],
  por: ['Лига Португалия', 'Лига Португалия 2'],
  tur: ['Суперлига', '1. Лига', '2. Лига'],
  bra: ['Серия A', 'Серия B', 'Серия C'],
  arg: ['Лига Профессионал', 'Примера Насьональ'],
  usa: ['MLS', 'USL Чемпионшип'],
  jpn: ['Джей-лига', 'Джей-лига 2'],
  sco: ['Премьершип', 'Чемпионшип'],
};

/** Countries whose top flight is one of the main leagues (S3-50 t, top leagues first S4-26). */
const TOP_COUNTRIES = new Set(['kz', 'eng', 'esp', 'ita', 'ger', 'fra']);

function soccer(): Competition[] {
  const out: Competition[] = [];
  for (const c of NATIONS) {
    const divisions = TOP_DIVISIONS[c.key] ?? ['Премьер-лига', 'Бірінші дивизион', 'Екінші дивизион'];
    divisions.forEach((name, tier) => {
      const isKz = c.key === 'kz';
      out.push(
        make(1, c, name, {
          type: tier === 0 ? (TOP_COUNTRIES.has(c.key) ? 't' : 'p') : tier === 1 ? 'p' : 's',
          top: tier === 0 && TOP_COUNTRIES.has(c.key),
          size: tier === 0 ? 18 : 20,
          p: tier === 0 ? 0.65 : 0.7,
          kickoff: tier === 0 ? [14, 23] : [12, 21],
          ...(isKz ? { names: tier === 0 ? KAZAKH_CLUBS.soccer : KAZAKH_CLUBS.soccerFirst } : {}),
        }),
      );
    });
    if (!TOP_DIVISIONS[c.key]) {
      out.push(make(1, c, 'Аймақтық лига', { type: 's', size: 20, p: 0.65, kickoff: [11, 20] }));
    }
    out.push(
      make(1, c, `${c.name} кубогы`, { kind: 'cup', type: 'p', size: 32, p: 0.2, perDay: 6, kickoff: [15, 22] }),
    );
    out.push(make(1, c, 'Әйелдер лигасы', { type: 's', size: 12, p: 0.5, kickoff: [11, 19], format: 'women' }));
    out.push(make(1, c, 'U19 лигасы', { type: 'c', size: 16, p: 0.5, kickoff: [10, 17], format: 'youth' }));
    out.push(make(1, c, 'Резервтік лига', { type: 'c', size: 16, p: 0.5, kickoff: [11, 18] }));
  }
  out.push(
    make(1, 'world', 'Клубтар арасындағы жолдастық матчтар', {
      type: 's',
      size: 120,
      p: 1,
      perDay: 40,
      kickoff: [10, 21],
    }),
  );
  out.push(
    make(1, 'europe', 'Чемпиондар лигасы', {
      kind: 'cup',
      type: 't',
      top: true,
      size: 32,
      p: 0.3,
      perDay: 8,
      kickoff: [20, 23],
    }),
  );
  out.push(
    make(1, 'europe', 'Еуропа лигасы', { kind: 'cup', type: 'p', size: 32, p: 0.3, perDay: 8, kickoff: [18, 23] }),
  );
  out.push(
    make(1, 'europe', 'Конференция лигасы', { kind: 'cup', type: 'p', size: 32, p: 0.3, perDay: 8, kickoff: [18, 23] }),
  );
  out.push(
    make(1, 'asia', 'АФК Чемпиондар лигасы', {
      kind: 'cup',
      type: 'p',
      size: 24,
      p: 0.3,
      perDay: 6,
      kickoff: [15, 21],
    }),
  );
  out.push(
    make(1, 'samerica', 'Копа Либертадорес', {
      kind: 'cup',
      type: 'p',
      size: 32,
      p: 0.3,
      perDay: 6,
      kickoff: [18, 23],
    }),
  );
  return out;
}

/** Several domestic leagues of one sport across a list of countries. */
function leagues(sportId: number, keys: readonly string[], name: string, o: Options): Competition[] {
  return keys.map((k) => make(sportId, k, name, o));
}

const EUROPE_BIG = ['eng', 'esp', 'ita', 'ger', 'fra', 'tur', 'gre', 'pol', 'cze', 'srb', 'cro', 'ned', 'bel', 'por'];
const NORDIC = ['swe', 'fin', 'nor', 'den'];

function tour(sportId: number, circuit: string, hostKey: string, venue: string, o: Options): Competition {
  return make(sportId, hostKey, `${circuit}: ${venue}`, { individuals: true, kind: 'tour', ...o });
}

function teamSports(): Competition[] {
  const out: Competition[] = [];
  // Basketball (3).
  out.push(
    make(3, 'usa', 'NBA', { type: 't', top: true, size: 30, p: 1, perDay: 9, kickoff: [19, 23], format: 'nba' }),
  );
  out.push(
    make(3, 'kz', 'Ұлттық лига', { type: 't', top: true, names: KAZAKH_CLUBS.basketball, p: 0.5, kickoff: [16, 20] }),
  );
  out.push(make(3, 'europe', 'Евролига', { type: 't', top: true, size: 18, p: 0.4, kickoff: [19, 22] }));
  out.push(make(3, 'europe', 'Еурокубок', { size: 20, p: 0.35, kickoff: [18, 22] }));
  out.push(make(3, 'rus', 'Бірыңғай лига ВТБ', { size: 12, p: 0.5, kickoff: [15, 20] }));
  out.push(
    ...leagues(3, [...EUROPE_BIG, ...NORDIC, 'ukr', 'rou', 'hun', 'isr', 'aut', 'slo', 'svk'], 'Бірінші лига', {
      size: 14,
      p: 0.5,
      kickoff: [16, 22],
    }),
  );
  out.push(
    ...leagues(3, ['chn', 'jpn', 'kor', 'phi', 'aus', 'nzl', 'bra', 'arg', 'mex', 'idn', 'tha', 'vie'], 'Ұлттық лига', {
      size: 14,
      p: 0.6,
      kickoff: [12, 21],
    }),
  );
  out.push(
    ...leagues(3, ['usa', 'esp', 'fra', 'tur', 'aus', 'chn'], 'Әйелдер лигасы', {
      size: 12,
      p: 0.5,
      kickoff: [13, 20],
      format: 'women-basketball',
    }),
  );
  out.push(make(3, 'usa', 'NCAA', { type: 's', size: 80, p: 0.6, perDay: 30, kickoff: [17, 23] }));
  // Hockey (4).
  out.push(make(4, 'rus', 'КХЛ', { type: 't', top: true, names: KAZAKH_CLUBS.khl, p: 0.7, kickoff: [12, 20] }));
  out.push(
    make(4, 'kz', 'Қазақстан чемпионаты', {
      type: 't',
      top: true,
      names: KAZAKH_CLUBS.hockey,
      p: 0.55,
      kickoff: [14, 20],
    }),
  );
  out.push(make(4, 'usa', 'NHL', { type: 't', top: true, size: 32, p: 1, perDay: 8, kickoff: [19, 22] }));
  out.push(make(4, 'rus', 'ВХЛ', { size: 26, p: 0.6, kickoff: [13, 20] }));
  out.push(make(4, 'rus', 'МХЛ', { type: 's', size: 30, p: 0.6, kickoff: [12, 19] }));
  out.push(
    ...leagues(4, [...NORDIC, 'sui', 'ger', 'cze', 'svk', 'aut', 'blr', 'fra', 'pol', 'hun'], 'Бірінші лига', {
      size: 14,
      p: 0.55,
      kickoff: [17, 21],
    }),
  );
  out.push(
    ...leagues(4, ['swe', 'fin', 'cze', 'ger', 'sui'], 'Екінші лига', {
      type: 's',
      size: 14,
      p: 0.5,
      kickoff: [17, 21],
    }),
  );
  out.push(make(4, 'usa', 'AHL', { type: 's', size: 32, p: 0.6, perDay: 8, kickoff: [19, 22] }));
  // American football (5).
  out.push(make(5, 'usa', 'NFL', { type: 't', top: true, size: 32, p: 0.3, perDay: 10, kickoff: [13, 21] }));
  out.push(make(5, 'usa', 'NCAA', { size: 60, p: 1, perDay: 12, kickoff: [12, 21], format: 'college' }));
  out.push(make(5, 'can', 'CFL', { size: 9, p: 0.3, perDay: 2, kickoff: [16, 21] }));
  out.push(make(5, 'europe', 'ELF', { type: 's', size: 16, p: 0.3, kickoff: [14, 18] }));
  // Handball (7).
  out.push(make(7, 'europe', 'EHF Чемпиондар лигасы', { type: 't', top: true, size: 16, p: 0.3, kickoff: [18, 21] }));
  out.push(make(7, 'kz', 'Қазақстан чемпионаты', { names: KAZAKH_CLUBS.handball, p: 0.4, kickoff: [14, 19] }));
  out.push(
    ...leagues(
      7,
      ['ger', 'fra', 'esp', 'den', 'swe', 'nor', 'pol', 'hun', 'cro', 'srb', 'rus', 'por', 'slo', 'rou', 'sui', 'aut'],
      'Бірінші лига',
      { size: 14, p: 0.5, kickoff: [17, 21] },
    ),
  );
  out.push(
    ...leagues(7, ['ger', 'fra', 'den', 'nor', 'hun', 'rus', 'rou', 'swe'], 'Әйелдер лигасы', {
      type: 's',
      size: 12,
      p: 0.45,
      kickoff: [15, 20],
      format: 'women-handball',
    }),
  );
  // Rugby union (8).
  out.push(make(8, 'europe', 'Премьершип', { type: 't', top: true, size: 10, p: 0.4, kickoff: [14, 20] }));
  out.push(make(8, 'fra', 'Топ 14', { type: 't', size: 14, p: 0.4, kickoff: [14, 21] }));
  out.push(make(8, 'europe', 'United Rugby Championship', { size: 16, p: 0.4, kickoff: [18, 21] }));
  out.push(make(8, 'world', 'Super Rugby', { size: 12, p: 0.4, kickoff: [17, 20] }));
  out.push(
    make(8, 'world', 'Жетілік регби сериясы', { size: 16, p: 1, perDay: 8, kickoff: [10, 18], format: 'sevens' }),
  );
  out.push(make(8, 'kz', 'Қазақстан чемпионаты', { type: 's', names: KAZAKH_CLUBS.rugby, p: 0.25, kickoff: [12, 17] }));
  // Floorball (9).
  out.push(
    ...leagues(9, ['swe', 'fin', 'sui', 'cze', 'nor', 'den', 'svk', 'ger'], 'Бірінші лига', {
      size: 12,
      p: 0.5,
      kickoff: [15, 20],
    }),
  );
  // Bandy (10).
  out.push(
    make(10, 'rus', 'Суперлига', { type: 't', top: true, names: KAZAKH_CLUBS.bandy, p: 0.45, kickoff: [12, 19] }),
  );
  out.push(make(10, 'swe', 'Элитсериен', { size: 14, p: 1, kickoff: [13, 19] }));
  // Futsal (11).
  out.push(
    make(11, 'kz', 'Қазақстан чемпионаты', {
      type: 't',
      top: true,
      names: KAZAKH_CLUBS.futsal,
      p: 0.5,
      kickoff: [14, 20],
    }),
  );
  out.push(
    make(11, 'europe', 'УЕФА Futsal Чемпиондар лигасы', {
      kind: 'cup',
      type: 't',
      size: 16,
      p: 0.2,
      perDay: 4,
      kickoff: [17, 21],
    }),
  );
  out.push(
    ...leagues(
      11,
      ['esp', 'por', 'ita', 'rus', 'bra', 'pol', 'cro', 'cze', 'ukr', 'iran', 'jpn', 'tha', 'arg'],
      'Бірінші лига',
      { size: 14, p: 0.45, kickoff: [16, 22] },
    ),
  );
  // Volleyball (12).
  out.push(
    make(12, 'kz', 'Ұлттық лига', { type: 't', top: true, names: KAZAKH_CLUBS.volleyball, p: 0.5, kickoff: [14, 19] }),
  );
  out.push(
    make(12, 'kz', 'Ұлттық лига, әйелдер', {
      type: 'p',
      names: KAZAKH_CLUBS.volleyballWomen,
      p: 0.5,
      kickoff: [13, 18],
    }),
  );
  out.push(
    ...leagues(
      12,
      [
        'ita',
        'pol',
        'tur',
        'rus',
        'fra',
        'ger',
        'bra',
        'jpn',
        'kor',
        'chn',
        'gre',
        'rou',
        'cze',
        'bel',
        'ned',
        'fin',
        'arg',
        'iran',
      ].filter((k) => COUNTRIES.some((c) => c.key === k)),
      'Суперлига',
      { size: 12, p: 0.55, kickoff: [15, 21] },
    ),
  );
  out.push(
    ...leagues(
      12,
      ['ita', 'pol', 'tur', 'rus', 'fra', 'bra', 'jpn', 'kor', 'chn', 'usa', 'ger', 'rou'],
      'Әйелдер лигасы',
      { size: 12, p: 0.55, kickoff: [14, 20] },
    ),
  );
  // Aussie rules (18).
  out.push(make(18, 'aus', 'AFL', { type: 't', top: true, size: 18, p: 0.45, kickoff: [13, 20] }));
  out.push(make(18, 'aus', 'VFL', { type: 's', size: 20, p: 1, kickoff: [11, 16] }));
  // Rugby league (19).
  out.push(make(19, 'aus', 'NRL', { type: 't', top: true, size: 16, p: 0.45, kickoff: [15, 20] }));
  out.push(make(19, 'eng', 'Суперлига', { size: 12, p: 0.4, kickoff: [15, 20] }));
  out.push(make(19, 'aus', 'NSW Cup', { type: 's', size: 12, p: 1, kickoff: [11, 16] }));
  // Water polo (22).
  out.push(
    ...leagues(22, ['ita', 'esp', 'hun', 'srb', 'gre', 'cro', 'rus', 'kz'], 'Бірінші лига', {
      size: 10,
      p: 0.5,
      kickoff: [15, 21],
    }),
  );
  // Field hockey (24).
  out.push(
    ...leagues(24, ['ned', 'bel', 'ger', 'eng', 'esp', 'ind', 'aus', 'arg'], 'Бірінші лига', {
      size: 12,
      p: 0.5,
      kickoff: [12, 19],
    }),
  );
  // Beach soccer (26).
  out.push(make(26, 'world', 'Еуро бич-соккер лигасы', { kind: 'cup', size: 16, p: 1, perDay: 6, kickoff: [11, 19] }));
  out.push(
    ...leagues(26, ['rus', 'bra', 'ita', 'esp', 'por'], 'Бірінші лига', { size: 10, p: 0.4, kickoff: [12, 19] }),
  );
  // Netball (29).
  out.push(make(29, 'aus', 'Super Netball', { type: 't', top: true, size: 8, p: 0.5, kickoff: [13, 19] }));
  out.push(make(29, 'eng', 'Netball Super League', { size: 10, p: 0.45, kickoff: [13, 19] }));
  out.push(make(29, 'nzl', 'ANZ Premiership', { size: 6, p: 1, kickoff: [14, 19] }));
  // Kabaddi (42).
  out.push(make(42, 'ind', 'Pro Kabaddi League', { type: 't', top: true, size: 12, p: 1, kickoff: [19, 22] }));
  out.push(make(42, 'ind', 'Ұлттық чемпионат', { type: 's', size: 16, p: 0.5, kickoff: [14, 19] }));
  // Baseball (6).
  out.push(make(6, 'usa', 'MLB', { type: 't', top: true, size: 30, p: 1, perDay: 13, kickoff: [13, 21] }));
  out.push(make(6, 'jpn', 'NPB', { size: 12, p: 0.8, kickoff: [13, 19] }));
  out.push(make(6, 'kor', 'KBO', { size: 10, p: 0.8, kickoff: [14, 19] }));
  out.push(make(6, 'mex', 'Мексика лигасы', { size: 16, p: 0.7, kickoff: [18, 22] }));
  out.push(make(6, 'usa', 'NCAA', { type: 's', size: 40, p: 0.6, perDay: 12, kickoff: [12, 20] }));
  out.push(make(6, 'chn', 'CPBL', { type: 's', size: 6, p: 0.7, kickoff: [17, 20] }));
  // Cricket (13).
  out.push(
    make(13, 'ind', 'IPL', { type: 't', top: true, size: 10, p: 0.8, perDay: 2, kickoff: [15, 20], format: 't20' }),
  );
  out.push(make(13, 'world', 'Халықаралық ODI', { size: 12, p: 0.4, perDay: 2, kickoff: [10, 14], format: 'odi' }));
  out.push(make(13, 'eng', 'T20 Blast', { size: 18, p: 0.6, perDay: 5, kickoff: [14, 19], format: 't20' }));
  out.push(make(13, 'aus', 'Big Bash League', { size: 8, p: 0.6, perDay: 2, kickoff: [15, 20], format: 't20' }));
  out.push(make(13, 'pak', 'Pakistan Super League', { size: 6, p: 0.5, perDay: 2, kickoff: [15, 20], format: 't20' }));
  out.push(
    make(13, 'world', 'Cricket League 2', { type: 's', size: 16, p: 1, perDay: 6, kickoff: [9, 17], format: 't20' }),
  );
  // Pesapallo (30).
  out.push(make(30, 'fin', 'Superpesis', { type: 't', top: true, size: 12, p: 1, kickoff: [17, 20] }));
  out.push(make(30, 'fin', 'Superpesis, әйелдер', { size: 10, p: 0.5, kickoff: [17, 20] }));
  out.push(make(30, 'fin', 'Ykköspesis', { type: 's', size: 12, p: 0.5, kickoff: [17, 20] }));
  return out;
}

function individualSports(): Competition[] {
  const out: Competition[] = [];
  // Tennis (2): ATP, WTA, Challenger, ITF; singles and doubles (S2-23 category pages).
  const tennisEvents: readonly (readonly [string, string, string, number, string])[] = [
    ['ATP - ЖЕКЕ', 'kz', 'Astana Open (Қазақстан), қатты корт', 16, 'bo3'],
    ['ATP - ЖЕКЕ', 'usa', 'US Open (АҚШ), қатты корт', 24, 'bo5'],
    ['ATP - ЖЕКЕ', 'chn', 'Beijing (Қытай), қатты корт', 12, 'bo3'],
    ['WTA - ЖЕКЕ', 'usa', 'US Open (АҚШ), қатты корт', 24, 'bo3'],
    ['WTA - ЖЕКЕ', 'jpn', 'Tokyo (Жапония), қатты корт', 12, 'bo3'],
    ['ЧЕЛЛЕНДЖЕР - ЖЕКЕ', 'kz', 'Almaty (Қазақстан), грунт', 14, 'bo3'],
    ['ЧЕЛЛЕНДЖЕР - ЖЕКЕ', 'ita', 'Genova (Италия), грунт', 14, 'bo3'],
    ['ЧЕЛЛЕНДЖЕР - ЖЕКЕ', 'fra', 'Orleans (Франция), қатты корт', 14, 'bo3'],
    ['ЧЕЛЛЕНДЖЕР - ЖЕКЕ', 'bra', 'Campinas (Бразилия), грунт', 14, 'bo3'],
    ['ЧЕЛЛЕНДЖЕР - ЖЕКЕ', 'chn', 'Shanghai (Қытай), қатты корт', 14, 'bo3'],
    ['ЧЕЛЛЕНДЖЕР - ЖЕКЕ', 'usa', 'Columbus (АҚШ), қатты корт', 14, 'bo3'],
    ['ITF ЕРЛЕР - ЖЕКЕ', 'kz', 'Shymkent (Қазақстан), грунт', 14, 'bo3'],
    ['ITF ЕРЛЕР - ЖЕКЕ', 'tur', 'Antalya (Түркия), грунт', 16, 'bo3'],
    ['ITF ЕРЛЕР - ЖЕКЕ', 'esp', 'Madrid (Испания), грунт', 14, 'bo3'],
    ['ITF ЕРЛЕР - ЖЕКЕ', 'egy', 'Sharm El Sheikh (Египет), қатты корт', 16, 'bo3'],
    ['ITF ЕРЛЕР - ЖЕКЕ', 'tha', 'Nonthaburi (Таиланд), қатты корт', 14, 'bo3'],
    ['ITF ЕРЛЕР - ЖЕКЕ', 'usa', 'Fayetteville (АҚШ), қатты корт', 14, 'bo3'],
    ['ITF ӘЙЕЛДЕР - ЖЕКЕ', 'kz', 'Aktobe (Қазақстан), қатты корт', 14, 'bo3'],
    ['ITF ӘЙЕЛДЕР - ЖЕКЕ', 'tur', 'Antalya (Түркия), грунт', 16, 'bo3'],
    ['ITF ӘЙЕЛДЕР - ЖЕКЕ', 'ita', 'Santa Margherita (Италия), грунт', 14, 'bo3'],
    ['ITF ӘЙЕЛДЕР - ЖЕКЕ', 'egy', 'Sharm El Sheikh (Египет), қатты корт', 16, 'bo3'],
    ['ITF ӘЙЕЛДЕР - ЖЕКЕ', 'jpn', 'Kashiwa (Жапония), қатты корт', 14, 'bo3'],
    ['ITF ӘЙЕЛДЕР - ЖЕКЕ', 'mex', 'Cancun (Мексика), қатты корт', 14, 'bo3'],
    ['ITF ӘЙЕЛДЕР - ЖЕКЕ', 'aus', 'Cairns (Австралия), қатты корт', 14, 'bo3'],
    ['UTR - ЖЕКЕ', 'usa', 'Pro Tennis Tour (АҚШ), қатты корт', 20, 'bo3'],
  ];
  tennisEvents.forEach(([circuit, host, venue, perDay, format]) => {
    const women = circuit.startsWith('WTA') || circuit.includes('ӘЙЕЛДЕР');
    out.push(
      tour(2, circuit, host, venue, {
        type: circuit.startsWith('ATP') || circuit.startsWith('WTA') ? 't' : circuit.startsWith('ЧЕЛ') ? 'p' : 's',
        top: circuit.startsWith('ATP') || circuit.startsWith('WTA'),
        size: 64,
        p: 1,
        perDay,
        kickoff: [10, 21],
        format: women ? `${format}-women` : format,
      }),
    );
  });
  out.push(
    tour(2, 'ATP - ЖҰПТАР', 'usa', 'US Open (АҚШ), қатты корт', {
      type: 'p',
      size: 32,
      p: 1,
      perDay: 8,
      kickoff: [11, 20],
      format: 'bo3',
      doubles: true,
    }),
  );
  out.push(
    tour(2, 'WTA - ЖҰПТАР', 'usa', 'US Open (АҚШ), қатты корт', {
      type: 'p',
      size: 32,
      p: 1,
      perDay: 8,
      kickoff: [11, 20],
      format: 'bo3-women',
      doubles: true,
    }),
  );
  // Table tennis (25): round-the-clock leagues as on real sites.
  const ttLeagues: readonly (readonly [string, string, number, readonly [number, number]])[] = [
    ['ukr', 'Setka Cup', 90, [0, 24]],
    ['cze', 'TT Cup', 80, [0, 24]],
    ['rus', 'Лига Про', 80, [0, 24]],
    ['pol', 'TT Elite Series', 50, [8, 22]],
    ['kz', 'Қазақстан Кубогы', 16, [10, 20]],
    ['world', 'WTT Contender', 24, [9, 21]],
    ['chn', 'Суперлига', 16, [12, 20]],
  ];
  for (const [host, name, perDay, kickoff] of ttLeagues) {
    out.push(
      make(25, host, name, {
        individuals: true,
        kind: 'tour',
        type: host === 'world' ? 't' : 's',
        top: host === 'world',
        size: perDay * 2 + 12,
        p: 1,
        perDay,
        kickoff,
        format: name === 'WTT Contender' ? 'bo5' : 'bo5',
      }),
    );
  }
  // Badminton (21).
  out.push(
    tour(21, 'BWF World Tour', 'ind', 'India Open', {
      type: 't',
      top: true,
      size: 64,
      p: 1,
      perDay: 30,
      kickoff: [9, 20],
    }),
  );
  out.push(
    tour(21, 'BWF World Tour', 'idn', 'Indonesia Masters', { type: 'p', size: 64, p: 1, perDay: 30, kickoff: [9, 20] }),
  );
  out.push(
    tour(21, 'BWF International', 'kz', 'Kazakhstan International', {
      type: 's',
      size: 32,
      p: 0.6,
      perDay: 16,
      kickoff: [10, 19],
    }),
  );
  // Darts (14).
  out.push(
    tour(14, 'PDC', 'eng', 'Premier League', {
      type: 't',
      top: true,
      size: 8,
      p: 0.3,
      perDay: 4,
      kickoff: [19, 23],
      format: 'legs11',
    }),
  );
  out.push(
    tour(14, 'PDC', 'ger', 'European Tour', {
      type: 'p',
      size: 48,
      p: 0.6,
      perDay: 16,
      kickoff: [12, 22],
      format: 'legs11',
    }),
  );
  out.push(
    tour(14, 'PDC', 'eng', 'Players Championship', {
      type: 's',
      size: 64,
      p: 0.6,
      perDay: 32,
      kickoff: [10, 20],
      format: 'legs11',
    }),
  );
  out.push(
    tour(14, 'PDC', 'eng', 'World Championship', {
      type: 't',
      size: 32,
      p: 0.3,
      perDay: 6,
      kickoff: [13, 22],
      format: 'sets5',
    }),
  );
  out.push(
    tour(14, 'Modus', 'eng', 'Super Series', {
      type: 'c',
      size: 12,
      p: 1,
      perDay: 18,
      kickoff: [10, 23],
      format: 'legs7',
    }),
  );
  // Snooker (15).
  out.push(
    tour(15, 'World Snooker Tour', 'chn', 'Shanghai Masters', {
      type: 't',
      top: true,
      size: 32,
      p: 0.7,
      perDay: 12,
      kickoff: [10, 20],
      format: 'bo11',
    }),
  );
  out.push(
    tour(15, 'World Snooker Tour', 'eng', 'English Open', {
      type: 'p',
      size: 64,
      p: 1,
      perDay: 20,
      kickoff: [10, 21],
      format: 'bo7',
    }),
  );
  out.push(
    tour(15, 'World Snooker Tour', 'kz', 'Astana Open', {
      type: 's',
      size: 32,
      p: 0.4,
      perDay: 12,
      kickoff: [11, 20],
      format: 'bo7',
    }),
  );
  // Boxing (16) and MMA (28): fight nights.
  out.push(
    tour(16, 'Бокс', 'kz', 'Алматы кеші', {
      type: 't',
      top: true,
      size: 24,
      p: 0.3,
      perDay: 8,
      kickoff: [18, 23],
      format: 'box10',
    }),
  );
  out.push(
    tour(16, 'Бокс', 'usa', 'Las Vegas', {
      type: 'p',
      size: 24,
      p: 1,
      perDay: 10,
      kickoff: [18, 23],
      format: 'box12',
    }),
  );
  out.push(
    tour(16, 'Бокс', 'eng', 'London', { type: 'p', size: 24, p: 0.4, perDay: 8, kickoff: [18, 23], format: 'box10' }),
  );
  out.push(
    tour(16, 'Бокс', 'mex', 'Monterrey', { type: 's', size: 24, p: 0.4, perDay: 8, kickoff: [18, 23], format: 'box8' }),
  );
  out.push(
    tour(28, 'UFC', 'usa', 'Fight Night', {
      type: 't',
      top: true,
      size: 26,
      p: 0.3,
      perDay: 13,
      kickoff: [17, 23],
      format: 'mma3',
    }),
  );
  out.push(
    tour(28, 'Octagon League', 'kz', 'Алматы', {
      type: 'p',
      size: 20,
      p: 0.3,
      perDay: 10,
      kickoff: [17, 22],
      format: 'mma3',
    }),
  );
  out.push(
    tour(28, 'PFL', 'usa', 'Regular Season', {
      type: 'p',
      size: 20,
      p: 0.3,
      perDay: 10,
      kickoff: [17, 22],
      format: 'mma3',
    }),
  );
  out.push(
    tour(28, 'ACA', 'rus', 'Мәскеу', { type: 's', size: 20, p: 1, perDay: 10, kickoff: [17, 22], format: 'mma3' }),
  );
  // Beach volleyball (17): pairs.
  out.push(
    tour(17, 'Beach Pro Tour', 'bra', 'Elite 16', {
      type: 't',
      top: true,
      size: 32,
      p: 1,
      perDay: 16,
      kickoff: [9, 18],
      doubles: true,
    }),
  );
  out.push(
    tour(17, 'Beach Pro Tour', 'ita', 'Challenge', {
      type: 'p',
      size: 32,
      p: 1,
      perDay: 16,
      kickoff: [9, 18],
      doubles: true,
    }),
  );
  out.push(
    tour(17, 'Beach Pro Tour', 'kz', 'Futures Almaty', {
      type: 's',
      size: 24,
      p: 0.5,
      perDay: 10,
      kickoff: [10, 18],
      doubles: true,
    }),
  );
  // Esports (36): round-the-clock online leagues.
  const esports: readonly (readonly [string, string, number, string])[] = [
    ['CS2', 'ESL Pro League', 16, 'bo3'],
    ['CS2', 'CCT Online', 20, 'bo3'],
    ['CS2', 'Қазақстан лигасы', 8, 'bo3'],
    ['Dota 2', 'DreamLeague', 14, 'bo3'],
    ['Dota 2', 'European Pro League', 16, 'bo3'],
    ['LoL', 'LEC', 8, 'bo1'],
    ['LoL', 'LCK', 8, 'bo3'],
    ['Valorant', 'Champions Tour', 10, 'bo3'],
    ['Valorant', 'Challengers', 16, 'bo3'],
    ['Mobile Legends', 'MPL', 12, 'bo3'],
  ];
  for (const [game, name, perDay, format] of esports) {
    out.push(
      make(36, 'world', `${game}: ${name}`, {
        kind: 'tour',
        type: game === 'CS2' ? 't' : 'p',
        top: game === 'CS2',
        size: 32,
        p: 1,
        perDay,
        kickoff: [0, 24],
        format,
      }),
    );
  }
  return out;
}

function raceSports(): Competition[] {
  const out: Competition[] = [];
  const race = (
    sportId: number,
    key: string,
    name: string,
    size: number,
    p: number,
    kickoff: [number, number],
    format: string,
    type: Competition['type'] = 'p',
    perDay = 1,
  ) => {
    out.push(
      make(sportId, key, name, {
        kind: 'race',
        size,
        p,
        perDay,
        kickoff,
        format,
        type,
        top: type === 't',
        individuals: true,
      }),
    );
  };
  // Motorsport: auto (32) and moto (33) racing (S3-2 children of 31).
  race(32, 'world', 'Формула 1', 20, 0.35, [14, 17], 'laps', 't');
  race(32, 'world', 'Формула 2', 22, 0.35, [11, 14], 'laps');
  race(32, 'usa', 'NASCAR Cup Series', 36, 1, [13, 17], 'laps');
  race(32, 'world', 'WRC', 40, 0.35, [9, 15], 'stages');
  race(32, 'world', 'Dakar', 50, 0.3, [7, 10], 'stages');
  race(33, 'world', 'MotoGP', 22, 0.35, [13, 15], 'laps', 't');
  race(33, 'world', 'Moto2', 28, 0.35, [11, 13], 'laps');
  race(33, 'world', 'Speedway Grand Prix', 16, 1, [18, 21], 'heats');
  // Cycling (34): stage races and one-day classics.
  race(34, 'world', 'Тур де Франс', 60, 1, [12, 14], 'stage', 't');
  race(34, 'world', 'Вуэльта', 60, 0.6, [12, 14], 'stage');
  race(34, 'kz', 'Tour of Kazakhstan', 40, 0.5, [11, 13], 'stage');
  // Horse racing (35): meetings with a race every half hour (S2-24 no detail page).
  const courses: readonly (readonly [string, string])[] = [
    ['eng', 'Ascot'],
    ['eng', 'Newmarket'],
    ['eng', 'Cheltenham'],
    ['irl', 'Leopardstown'],
    ['fra', 'Longchamp'],
    ['usa', 'Belmont Park'],
    ['usa', 'Santa Anita'],
    ['aus', 'Flemington'],
    ['jpn', 'Tokyo'],
    ['kz', 'Алматы ипподромы'],
    ['rsa', 'Kenilworth'],
    ['uae', 'Meydan'],
  ];
  for (const [key, name] of courses) race(35, key, name, 10, 0.7, [13, 18], 'flat', key === 'eng' ? 't' : 's', 8);
  // Winter sports (S3-2 children of 37): ski jumping, alpine, cross-country, biathlon.
  race(38, 'world', 'Әлем кубогы', 50, 1, [16, 19], 'hill', 't');
  race(38, 'world', 'Континенталдық кубок', 50, 0.4, [14, 17], 'hill');
  race(39, 'world', 'Әлем кубогы - ерлер', 60, 1, [10, 14], 'slalom', 't');
  race(39, 'world', 'Әлем кубогы - әйелдер', 60, 0.5, [10, 14], 'slalom');
  race(40, 'world', 'Әлем кубогы - ерлер', 60, 1, [11, 15], 'distance', 't');
  race(40, 'world', 'Әлем кубогы - әйелдер', 60, 0.5, [11, 15], 'distance');
  race(41, 'world', 'Әлем кубогы - ерлер', 60, 1, [14, 18], 'sprint', 't');
  race(41, 'world', 'Әлем кубогы - әйелдер', 60, 0.5, [14, 18], 'sprint');
  race(41, 'world', 'IBU кубогы', 60, 0.4, [11, 15], 'sprint');
  // Golf (23): four-round tournaments, one round a day.
  race(23, 'world', 'PGA Tour', 78, 1, [7, 10], 'golf', 't');
  race(23, 'world', 'DP World Tour', 72, 1, [8, 11], 'golf');
  race(23, 'world', 'LPGA Tour', 50, 0.8, [8, 11], 'golf');
  return out;
}

let cached: readonly Competition[] | null = null;

/** Every competition, in a fixed order (the order seeds nothing: keys do). */
export function allCompetitions(): readonly Competition[] {
  if (!cached) cached = [...soccer(), ...teamSports(), ...individualSports(), ...raceSports()];
  return cached;
}

export function competitionsForSport(sportId: number): Competition[] {
  return allCompetitions().filter((c) => c.sportId === sportId);
}
