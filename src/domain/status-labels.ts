// Kazakh match status labels per sport (S3-38…S3-48), sport names and main-list category names.
// Each label has a full name and a short form for narrow (mobile) rows (S3-38).
import { sportById } from './sports';
import {
  AFTER_DAY_STAGES,
  AFTER_ROUND_STAGES,
  INNING_STAGES,
  PERIOD_STAGES,
  QUARTER_STAGES,
  RACE_STAGES,
  ROUND_STAGES,
  SET_STAGES,
  STAGE,
  TIEBREAK_STAGES,
} from './stages';

export interface StatusLabel {
  readonly name: string;
  readonly short: string;
}

const BLANK: StatusLabel = Object.freeze({ name: '', short: '' });
const label = (name: string, short: string): StatusLabel => Object.freeze({ name, short });

/** How a sport divides play, which decides the wording of its stage labels. */
type Family = 'halves' | 'periods' | 'quarters' | 'innings' | 'cricket' | 'sets' | 'fight' | 'frames' | 'golf' | 'race';

const FAMILY: ReadonlyMap<number, Family> = new Map<number, Family>([
  [1, 'halves'],
  [7, 'halves'],
  [8, 'halves'],
  [10, 'halves'],
  [11, 'halves'],
  [19, 'halves'],
  [42, 'halves'], // S3-48: kabaddi 12/13 read as first and second half
  [4, 'periods'],
  [9, 'periods'],
  [26, 'periods'],
  [3, 'quarters'],
  [5, 'quarters'],
  [18, 'quarters'],
  [22, 'quarters'],
  [24, 'quarters'],
  [29, 'quarters'],
  [6, 'innings'],
  [30, 'innings'],
  [13, 'cricket'],
  [2, 'sets'],
  [12, 'sets'],
  [14, 'sets'],
  [17, 'sets'],
  [21, 'sets'],
  [25, 'sets'],
  [36, 'sets'],
  [15, 'frames'],
  [16, 'fight'],
  [28, 'fight'],
  [23, 'golf'],
  [31, 'race'],
  [32, 'race'],
  [33, 'race'],
  [34, 'race'],
  [35, 'race'],
  [37, 'race'],
  [38, 'race'],
  [39, 'race'],
  [40, 'race'],
  [41, 'race'],
]);

/** Sports whose extra period is an overtime ('Овертайм') rather than extra time ('Қосымша уақыт') (S3-40). */
const OVERTIME_SPORTS = new Set([3, 4, 5, 9, 29]);
/** Sports that decide a draw by a shoot-out ('Буллиттер') rather than penalties ('Пенальти') (S3-40). */
const SHOOTOUT_SPORTS = new Set([4, 9, 24]);
/** Esports plays maps where other set sports play sets (S3-43). */
const MAP_SPORTS = new Set([36]);

/** Labels every sport shares (S3-39…S3-47). */
const COMMON: ReadonlyMap<number, StatusLabel> = new Map([
  [STAGE.UNKNOWN, BLANK],
  [STAGE.SCHEDULED, BLANK], // S3-39: 1 is blank, the row shows the start time
  [STAGE.LIVE, label('Тікелей эфир', 'Live')],
  [STAGE.FINISHED, label('Аяқталды', 'Аяқ.')],
  [STAGE.POSTPONED, label('Кейінге қалдырылды', 'Қалд.')],
  [STAGE.CANCELED, label('Болдырылмады', 'Болд.')],
  [STAGE.RETIRED, label('Аяқталды (ойыннан шықты)', 'Шықты')],
  [STAGE.WALKOVER, label('Қарсылас келмеді', 'WO')],
  [STAGE.HALF_TIME, label('Үзіліс', 'Үзіліс')],
  [STAGE.INTERRUPTED, label('Уақытша тоқтатылды', 'Уақ. тоқт.')],
  [STAGE.ABANDONED, label('Тоқтатылды', 'Тоқт.')],
  [STAGE.TIME_OUT, label('Тайм-аут', 'Т-аут')],
  [STAGE.FIRST_EXTRA_TIME, label('1-қосымша тайм', '1ҚТ')],
  [STAGE.SECOND_EXTRA_TIME, label('2-қосымша тайм', '2ҚТ')],
  [STAGE.AWAITING_UPDATE, label('Жаңарту күтілуде', 'Күту')],
  [STAGE.DELAYED, label('Кешіктірілді', 'Кеш.')],
  [STAGE.SUSPENDED, label('Тоқтатыла тұр', 'Тоқт. тұр')],
  [STAGE.TO_FINISH, label('Кейін аяқталады', 'Кейін')],
  [STAGE.BREAK, label('Үзіліс', 'Үзіліс')],
  [STAGE.AWARDED, label('Техникалық жеңіліс', 'Тех.')],
  [STAGE.EXTRA_INNING, label('Қосымша иннинг', 'Қ.инн.')],
  [STAGE.AFTER_EXTRA_INNINGS, label('Қосымша иннингтен кейін', 'Қ.инн. к.')],
  [STAGE.LUNCH, label('Түскі үзіліс', 'Түскі')],
  [STAGE.TEA, label('Шай үзілісі', 'Шай')],
  [STAGE.MEDICAL_TIMEOUT, label('Медициналық үзіліс', 'Мед.')],
  [STAGE.PRACTICE, label('Жаттығу', 'Жатт.')],
  [STAGE.QUALIFICATION, label('Іріктеу', 'Ірік.')],
  [STAGE.RACE, label('Жарыс', 'Жарыс')],
  [STAGE.HEATS, label('Заездер', 'Заез.')],
  [STAGE.SPECIAL_STAGE, label('Арнайы учаске', 'Арн. уч.')],
  [STAGE.AFTER_STAGE, label('Кезеңнен кейін', 'Кез. к.')],
]);

const ordinalLabel = (n: number, word: string, shortLetter: string): StatusLabel =>
  label(`${n}-${word}`, `${n}${shortLetter}`);

/** Numbered stage labels: halves, periods, quarters, sets, innings, rounds, tie-breaks, after day/round. */
function numbered(sportId: number, stage: number): StatusLabel | undefined {
  if (stage === STAGE.FIRST_HALF || stage === STAGE.SECOND_HALF) {
    return ordinalLabel(stage - STAGE.FIRST_HALF + 1, 'тайм', 'Т'); // S3-42, S3-48
  }
  let i = PERIOD_STAGES.indexOf(stage);
  if (i >= 0) return ordinalLabel(i + 1, 'кезең', 'К'); // S3-42
  i = QUARTER_STAGES.indexOf(stage);
  if (i >= 0) return ordinalLabel(i + 1, 'ширек', 'Ш'); // S3-44
  i = SET_STAGES.indexOf(stage);
  if (i >= 0) return MAP_SPORTS.has(sportId) ? ordinalLabel(i + 1, 'карта', 'Кар') : ordinalLabel(i + 1, 'сет', 'С'); // S3-43
  i = INNING_STAGES.indexOf(stage);
  if (i >= 0) return ordinalLabel(i + 1, 'иннинг', 'И'); // S3-44
  i = TIEBREAK_STAGES.indexOf(stage);
  if (i >= 0) return label(`${i + 1}-сет, тай-брейк`, `ТБ${i + 1}`); // S3-46
  i = AFTER_DAY_STAGES.indexOf(stage);
  if (i >= 0) return label(`${i + 1}-күннен кейін`, `${i + 1}-күн соң`); // S3-46
  i = AFTER_ROUND_STAGES.indexOf(stage);
  if (i >= 0) return label(`${i + 1}-раундтан кейін`, `${i + 1}Р соң`); // S3-46
  i = ROUND_STAGES.indexOf(stage);
  if (i >= 0) return ordinalLabel(i + 1, 'раунд', 'Р'); // S3-46
  return undefined;
}

/** Extra time, penalties and what follows them, worded per sport (S3-40, S3-41). */
function decider(sportId: number, stage: number): StatusLabel | undefined {
  const overtime = OVERTIME_SPORTS.has(sportId);
  const shootout = SHOOTOUT_SPORTS.has(sportId);
  switch (stage) {
    case STAGE.EXTRA_TIME:
      return overtime ? label('Овертайм', 'ОТ') : label('Қосымша уақыт', 'ҚУ');
    case STAGE.AFTER_EXTRA_TIME:
      return overtime ? label('Овертаймнан кейін', 'ОТ к.') : label('Қосымша уақыттан кейін', 'ҚУ к.');
    case STAGE.PENALTIES:
      return shootout ? label('Буллиттер', 'Бул.') : label('Пенальти', 'Пен.');
    case STAGE.AFTER_PENALTIES:
      return shootout ? label('Буллиттерден кейін', 'Бул. к.') : label('Пенальтиден кейін', 'Пен. к.');
    default:
      return undefined;
  }
}

/**
 * The Kazakh status label of a stage code for a sport (S3-38…S3-48). Every known code gives text for every
 * sport, except 0 and 1 (blank, S3-39); an unknown code gives blank text rather than a number.
 */
export function statusLabel(sportId: number, stage: number): StatusLabel {
  return decider(sportId, stage) ?? numbered(sportId, stage) ?? COMMON.get(stage) ?? BLANK;
}

/** Codes any sport can show (S3-39, S3-45, S3-46). */
const SHARED_STAGES = [2, 3, 4, 5, 9, 36, 37, 42, 43, 44, 45, 46, 54];

/** Codes a sport's events can carry besides 0 and 1 (the domain of statusLabel that should read well). */
export function stagesForSport(sportId: number): number[] {
  const family = FAMILY.get(sportId);
  const own: number[] = [];
  switch (family) {
    case 'halves':
      own.push(12, 13, 38, 6, 7, 10, 11, 40, 41);
      break;
    case 'periods':
      own.push(...PERIOD_STAGES, 6, 7, 10, 11);
      break;
    case 'quarters':
      own.push(...QUARTER_STAGES, 38, 6, 10);
      if (sportId === 22 || sportId === 24) own.push(7, 11); // water polo penalties, field hockey shoot-out
      break;
    case 'innings':
      own.push(...INNING_STAGES, 35, 69);
      if (sportId === 30) own.push(7, 11); // pesapallo decides a draw by a scoring contest
      break;
    case 'cricket':
      own.push(26, 27, 28, 29, 333, 334, ...AFTER_DAY_STAGES);
      break;
    case 'sets': {
      const maxSets = sportId === 14 ? 13 : sportId === 25 ? 7 : sportId === 17 || sportId === 21 ? 3 : 5;
      own.push(...SET_STAGES.slice(0, maxSets), 8);
      if (sportId === 2) own.push(...TIEBREAK_STAGES, ...AFTER_DAY_STAGES, 335);
      break;
    }
    case 'frames':
    case 'fight':
      own.push(8);
      break;
    case 'golf':
      own.push(...ROUND_STAGES, ...AFTER_ROUND_STAGES);
      break;
    case 'race':
      own.push(...RACE_STAGES);
      break;
    default:
      return [];
  }
  return [...SHARED_STAGES, ...own];
}

/** Kazakh sport names for all 40 sports (S3-1). */
const SPORT_NAMES_KK: ReadonlyMap<number, string> = new Map([
  [1, 'Футбол'],
  [2, 'Теннис'],
  [3, 'Баскетбол'],
  [4, 'Хоккей'],
  [5, 'Америка футболы'],
  [6, 'Бейсбол'],
  [7, 'Гандбол'],
  [8, 'Регби одағы'],
  [9, 'Флорбол'],
  [10, 'Доппен хоккей'],
  [11, 'Футзал'],
  [12, 'Волейбол'],
  [13, 'Крикет'],
  [14, 'Дартс'],
  [15, 'Снукер'],
  [16, 'Бокс'],
  [17, 'Жағажай волейболы'],
  [18, 'Австралия футболы'],
  [19, 'Регби лигасы'],
  [21, 'Бадминтон'],
  [22, 'Су добы'],
  [23, 'Гольф'],
  [24, 'Шөп үстіндегі хоккей'],
  [25, 'Үстел теннисі'],
  [26, 'Жағажай футболы'],
  [28, 'ММА'],
  [29, 'Нетбол'],
  [30, 'Песапалло'],
  [31, 'Моторспорт'],
  [32, 'Автожарыс'],
  [33, 'Мотожарыс'],
  [34, 'Велоспорт'],
  [35, 'Ат жарысы'],
  [36, 'Киберспорт'],
  [37, 'Қысқы спорт түрлері'],
  [38, 'Трамплиннен секіру'],
  [39, 'Тау шаңғысы'],
  [40, 'Шаңғы жарысы'],
  [41, 'Биатлон'],
  [42, 'Кабадди'],
]);

/** Kazakh name of a sport, or '' for an id that is not one of the 40 (S3-1). */
export function sportNameKk(sportId: number): string {
  return SPORT_NAMES_KK.get(sportId) ?? '';
}

/** S3-48 main-list categories. */
export const LIST_CATEGORY = Object.freeze({
  ALL: 0,
  LIVE: 1,
  FINISHED: 2,
  SCHEDULED: 3,
  ODDS: 4,
  MY_GAMES: 5,
  TV: 8,
  AUDIO: 9,
});

const CATEGORY_LABELS: ReadonlyMap<number, string> = new Map([
  [LIST_CATEGORY.LIVE, 'Тікелей эфир'],
  [LIST_CATEGORY.FINISHED, 'Аяқталған'],
  [LIST_CATEGORY.SCHEDULED, 'Кесте'],
  [LIST_CATEGORY.ODDS, 'Коэффициенттер'],
  [LIST_CATEGORY.MY_GAMES, 'Менің ойындарым'],
  [LIST_CATEGORY.TV, 'ТВ'],
  [LIST_CATEGORY.AUDIO, 'Аудио'],
]);

/**
 * Kazakh tab text of a main-list category (S3-48). Category 0 reads 'all races' on race-like (no-duel)
 * sports and 'all games' elsewhere. Unknown categories give ''.
 */
export function categoryLabel(category: number, sportId?: number): string {
  if (category === LIST_CATEGORY.ALL) {
    const sport = sportId === undefined ? undefined : sportById(sportId);
    return sport?.noDuel ? 'Барлық жарыстар' : 'Барлығы';
  }
  return CATEGORY_LABELS.get(category) ?? '';
}
