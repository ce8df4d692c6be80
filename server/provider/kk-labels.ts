// Kazakh text of detail feeds: period names, incident types, statistics and their groups.
// Codes are the provider's (protocol.md §4.3, §4.4); the wording is ours.
import { sportById } from '../../src/domain/sports';

type PeriodKind = 'half' | 'period' | 'quarter' | 'set' | 'inning' | 'round' | 'part';

// Which word names a sport's periods (protocol.md §5.3 groups sports the same way).
const PERIOD_KIND: Readonly<Record<number, PeriodKind>> = {
  1: 'half',
  7: 'half',
  8: 'half',
  10: 'half',
  11: 'half',
  19: 'half',
  24: 'quarter',
  26: 'period',
  4: 'period',
  9: 'period',
  3: 'quarter',
  5: 'quarter',
  18: 'quarter',
  22: 'quarter',
  29: 'quarter',
  2: 'set',
  12: 'set',
  14: 'set',
  17: 'set',
  21: 'set',
  25: 'set',
  6: 'inning',
  30: 'inning',
  13: 'inning',
  16: 'round',
  28: 'round',
};

/** Regular periods per kind; the next one is extra time / overtime, the one after a shoot-out. */
const REGULAR_PERIODS: Readonly<Record<PeriodKind, number>> = {
  half: 2,
  period: 3,
  quarter: 4,
  set: 7,
  inning: 9,
  round: 12,
  part: 4,
};

const PERIOD_WORD: Readonly<Record<PeriodKind, string>> = {
  half: 'тайм',
  period: 'кезең',
  quarter: 'ширек',
  set: 'сет',
  inning: 'иннинг',
  round: 'раунд',
  part: 'бөлім',
};

function periodKind(sportId: number): PeriodKind {
  return PERIOD_KIND[sportId] ?? 'part';
}

/** "1-тайм", "2-кезең", "Қосымша уақыт", "Пенальтилер сериясы" … */
export function periodLabel(sportId: number, period: number): string {
  const kind = periodKind(sportId);
  const regular = REGULAR_PERIODS[kind];
  if (period >= 1 && period <= regular) return `${period}-${PERIOD_WORD[kind]}`;
  if (period === regular + 1 && kind !== 'set' && kind !== 'round') {
    return kind === 'half' ? 'Қосымша уақыт' : 'Овертайм';
  }
  if (period === regular + 2 && (kind === 'half' || kind === 'period')) {
    return kind === 'half' ? 'Пенальтилер сериясы' : 'Буллиттер';
  }
  return `${period}-${PERIOD_WORD[kind]}`;
}

/** SE label for statistics: period 0 is the whole match. */
export function statPeriodLabel(sportId: number, period: number): string {
  return period === 0 ? 'Матч' : periodLabel(sportId, period);
}

const INCIDENT_LABELS: Readonly<Record<number, string>> = {
  1: 'Сары қағаз',
  2: 'Қызыл қағаз',
  3: 'Гол',
  4: 'Өз қақпасына гол',
  5: 'Пенальти тағайындалды',
  6: 'Ауыстыру - шықты',
  7: 'Ауыстыру - кірді',
  8: 'Голдық пас',
  9: 'Пенальти қағылды',
  10: 'Пенальти',
  30: 'Уикет', // cricket: a batsman out
  206: 'Трай',
  207: 'Іске асыру',
  208: 'Айып соққысы',
};

export function incidentLabel(type: number): string {
  return INCIDENT_LABELS[type] ?? 'Оқиға';
}

/** IE code of the second player of an incident: the assist of a goal, the player coming on. */
export function secondIncidentType(type: number): number | null {
  if (type === 3 || type === 10 || type === 206) return 8;
  if (type === 6) return 7;
  return null;
}

type StatGroup = 'top' | 'shots' | 'attack' | 'passes' | 'defence' | 'goalkeeping' | 'discipline';

export const STAT_GROUP_LABELS: Readonly<Record<StatGroup, string>> = {
  top: 'Негізгі статистика',
  shots: 'Соққылар',
  attack: 'Шабуыл',
  passes: 'Пастар',
  defence: 'Қорғаныс',
  goalkeeping: 'Қақпашы',
  discipline: 'Тәртіп',
};

// [SD id, label, group] (protocol.md §4.4)
const STATS: ReadonlyArray<readonly [number, string, StatGroup]> = [
  [12, 'Доппен иелік ету', 'top'],
  [432, 'Күтілетін голдар (xG)', 'top'],
  [34, 'Барлық соққылар', 'top'],
  [459, 'Үлкен мүмкіндіктер', 'top'],
  [13, 'Қақпаға соққылар', 'shots'],
  [14, 'Қақпадан тыс соққылар', 'shots'],
  [158, 'Бөгелген соққылар', 'shots'],
  [461, 'Айып алаңы ішінен соққылар', 'shots'],
  [463, 'Айып алаңы сыртынан соққылар', 'shots'],
  [457, 'Қақпа жақтауына тию', 'shots'],
  [465, 'Баспен соғылған голдар', 'shots'],
  [16, 'Бұрыштамалар', 'attack'],
  [17, 'Офсайдтар', 'attack'],
  [15, 'Айып соққылары', 'attack'],
  [372, 'Шабуылдар', 'attack'],
  [373, 'Қауіпті шабуылдар', 'attack'],
  [471, 'Қарсылас айып алаңында допқа тию', 'attack'],
  [342, 'Пастар', 'passes'],
  [517, 'Ұзын пастар', 'passes'],
  [467, 'Соңғы үштен бірдегі пастар', 'passes'],
  [433, 'Айқаспалы пастар', 'passes'],
  [503, 'Күтілетін голдық пастар (xA)', 'passes'],
  [521, 'Дәл тереңдік пастар', 'passes'],
  [18, 'Доп лақтыру', 'passes'],
  [475, 'Допты тартып алу', 'defence'],
  [513, 'Жекпе-жекте жеңу', 'defence'],
  [479, 'Допты алыстату', 'defence'],
  [434, 'Допты ұстап қалу', 'defence'],
  [507, 'Соққыға әкелген қателер', 'defence'],
  [509, 'Голға әкелген қателер', 'defence'],
  [21, 'Ереже бұзушылықтар', 'defence'],
  [19, 'Қақпашының қағып алуы', 'goalkeeping'],
  [499, 'Қақпаға соққылардың xG-і (xGOT)', 'goalkeeping'],
  [501, 'Қарсы xGOT', 'goalkeeping'],
  [511, 'Болдырмаған голдар', 'goalkeeping'],
  [23, 'Сары қағаздар', 'discipline'],
  [22, 'Қызыл қағаздар', 'discipline'],
];

const STAT_BY_ID = new Map(STATS.map(([id, label, group]) => [id, { label, group }]));
const GROUP_ORDER: readonly StatGroup[] = ['top', 'shots', 'attack', 'passes', 'defence', 'goalkeeping', 'discipline'];

export function statLabel(id: number): string {
  return STAT_BY_ID.get(id)?.label ?? `Көрсеткіш ${id}`;
}

/** Group of a stat id; ids we do not know go to the top group. */
export function statGroup(id: number): StatGroup {
  return STAT_BY_ID.get(id)?.group ?? 'top';
}

export function statGroupOrder(group: StatGroup): number {
  return GROUP_ORDER.indexOf(group);
}

export const LABELS = {
  overall: 'Жалпы',
  lastMatches: 'Соңғы матчтар',
  headToHead: 'Бетпе-бет кездесулер',
  starters: 'Бастапқы құрам',
  substitutes: 'Қосалқы ойыншылар',
  fullTime: 'Толық уақыт',
  market1x2: '1X2',
  marketHomeAway: 'Үй/Қонақ',
} as const;

/** Whether the sport's odds are three-way (S3-8). */
export function isThreeWay(sportId: number): boolean {
  return sportById(sportId)?.oddsType !== '12';
}
