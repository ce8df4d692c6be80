// Feed names (the path after /x/feed/) as typed values: every feed of S7-2…S7-15 and protocol.md §2.
// buildFeedName and parseFeedName are exact inverses; parseFeedName answers null for anything
// unknown or malformed, which the feed server turns into 404.

/** Placeholders shared by the day lists (S7-1). `tz` is the UTC offset in whole hours (Kazakhstan 5). */
interface DayList {
  readonly day: number;
  readonly tz: number;
  readonly lang: string;
  readonly projectType: number;
}

/** Detail feeds `<prefix>_<projectType>_<eventId>` (S7-15, protocol.md §2 and §4). */
export const DETAIL_PREFIXES = [
  'g', // version hashes per tab
  'dc', // event core
  'df_su', // summary (incidents)
  'df_sui', // summary with incident ids
  'df_hh', // head-to-head
  'df_li', // lineups
  'df_lu', // lineups (players)
  'df_psn', // player statistics
  'df_nf', // news
  'df_st', // statistics
  'df_hi', // highlights
  'df_mh', // tennis point by point
  'df_mhs', // tennis current game
  'df_lc', // live commentary
  'df_lcpo', // live commentary (other form)
  'df_ml', // match events incl. corners
] as const;
export type DetailPrefix = (typeof DETAIL_PREFIXES)[number];

/** Older detail feeds `d_<tab>_<eventId>_<lang>_<projectType>` (S7-15 d_su_, d_od_; protocol.md d_hh_). */
export const LEGACY_DETAIL_PREFIXES = ['d_su', 'd_hh', 'd_od'] as const;
export type LegacyDetailPrefix = (typeof LEGACY_DETAIL_PREFIXES)[number];

/**
 * Further S7-15 feeds whose content the spec does not describe; ours take one id:
 * `<prefix>_<projectType>_<id>` (docs/protocol.md lists what each carries here).
 */
export const AUX_PREFIXES = ['pl', 'pe', 'pel', 'ral', 'tetr', 'nl', 'mynf', 'mop'] as const;
export type AuxPrefix = (typeof AUX_PREFIXES)[number];

/** Tennis participant list type (S7-14): singles, doubles, mixed. */
export type TennisType = 's' | 'd' | 'm';

export type FeedName =
  /** S7-2 `f_{sport}_{day}_{tz}_{lang}_{pt}` */
  | ({ readonly kind: 'full'; readonly sport: number } & DayList)
  /** S7-2 mixed pages: `fm_{day}_{tz}_{lang}_{pt}` */
  | ({ readonly kind: 'fullMixed' } & DayList)
  /** S7-2 group sports: `fp_{sport}_{day}_{tz}_{lang}_{pt}` */
  | ({ readonly kind: 'fullGroup'; readonly sport: number } & DayList)
  /** S7-3 `r_{sport}_{pt}`; frepair is a request context on the same name (see RepairContext). */
  | { readonly kind: 'repair'; readonly sport: number; readonly projectType: number }
  /** S7-4 `u_{sport}_{pt}` */
  | { readonly kind: 'update'; readonly sport: number; readonly projectType: number }
  /** S7-5 `ul_{sport}_{projectId}` */
  | { readonly kind: 'localUpdate'; readonly sport: number; readonly projectId: number }
  /** S7-6 `sys_{pt}` */
  | { readonly kind: 'sys'; readonly projectType: number }
  /** S7-7 `c_{sport}_{country}_{tz}_{lang}_{order}_{pt}` */
  | {
      readonly kind: 'country';
      readonly sport: number;
      readonly country: number;
      readonly tz: number;
      readonly lang: string;
      readonly order: number;
      readonly projectType: number;
    }
  /** S7-8 `t_{sport}_{country}_{tournament}_{tz}_{lang}[_{order}]_{pt}` (order when tournament pages are off). */
  | {
      readonly kind: 'tournament';
      readonly sport: number;
      readonly country: number;
      readonly tournament: string;
      readonly tz: number;
      readonly lang: string;
      readonly order?: number;
      readonly projectType: number;
    }
  /** S7-9 `p_{sport}_{country}_{participant}_{tz}_{lang}_{pt}` */
  | {
      readonly kind: 'participant';
      readonly sport: number;
      readonly country: number;
      readonly participant: string;
      readonly tz: number;
      readonly lang: string;
      readonly projectType: number;
    }
  /** S7-10 `s_{sport}_{series}_{tz}_{lang}_{pt}` */
  | {
      readonly kind: 'series';
      readonly sport: number;
      readonly series: string;
      readonly tz: number;
      readonly lang: string;
      readonly projectType: number;
    }
  /** S7-11 `fo_{sport}_{day}_{tz}_{lang}_{pt}_{liveOdds}` */
  | ({ readonly kind: 'fullOdds'; readonly sport: number; readonly liveOdds: number } & DayList)
  /** S7-11 mixed pages: `mo_{day}_{tz}_{lang}_{pt}_{liveOdds}` */
  | ({ readonly kind: 'mixedOdds'; readonly liveOdds: number } & DayList)
  /** S7-11 `uo_{sport}_{pt}_{liveOdds}` */
  | { readonly kind: 'updatedOdds'; readonly sport: number; readonly projectType: number; readonly liveOdds: number }
  /** S7-11 `uo_m_{pt}_{liveOdds}` */
  | { readonly kind: 'updatedMixedOdds'; readonly projectType: number; readonly liveOdds: number }
  /** S7-11 `to_{sport}_{country}_{tournament}_{tz}_{lang}_{pt}_{liveOdds}` */
  | {
      readonly kind: 'tournamentOdds';
      readonly sport: number;
      readonly country: number;
      readonly tournament: string;
      readonly tz: number;
      readonly lang: string;
      readonly projectType: number;
      readonly liveOdds: number;
    }
  /** S7-11 `po_{sport}_{country}_{participant}_{tz}_{lang}_{pt}_{liveOdds}` */
  | {
      readonly kind: 'participantOdds';
      readonly sport: number;
      readonly country: number;
      readonly participant: string;
      readonly tz: number;
      readonly lang: string;
      readonly projectType: number;
      readonly liveOdds: number;
    }
  /** S7-12 `pnf_{participant}[_{page}_{type}]` */
  | {
      readonly kind: 'participantNewsfeed';
      readonly participant: string;
      readonly page?: number;
      readonly type?: string;
    }
  /** S7-13 `tf_`/`tr_{tournament}_{season}_{dataPart}_{tz}_{lang}_{pt}` */
  | {
      readonly kind: 'tournamentFixtures' | 'tournamentResults';
      readonly tournament: string;
      readonly season: string;
      readonly dataPart: number;
      readonly tz: number;
      readonly lang: string;
      readonly projectType: number;
    }
  /** S7-14 `pf_`/`pr_{sport}_{participant}_{dataPart}_{tz}_{lang}_{pt}[_{s|d|m}]` */
  | {
      readonly kind: 'participantFixtures' | 'participantResults';
      readonly sport: number;
      readonly participant: string;
      readonly dataPart: number;
      readonly tz: number;
      readonly lang: string;
      readonly projectType: number;
      readonly tennisType?: TennisType;
    }
  /** S7-15 `<prefix>_{pt}_{eventId}` */
  | { readonly kind: 'detail'; readonly prefix: DetailPrefix; readonly projectType: number; readonly eventId: string }
  /** S7-15 `d_su_`/`d_hh_`/`d_od_{eventId}_{lang}_{pt}` */
  | {
      readonly kind: 'legacyDetail';
      readonly prefix: LegacyDetailPrefix;
      readonly eventId: string;
      readonly lang: string;
      readonly projectType: number;
    }
  /** protocol.md §2, §4.6: `df_od_{pt}_{eventId}[_{betType}[_{scope}]]` */
  | {
      readonly kind: 'odds';
      readonly projectType: number;
      readonly eventId: string;
      readonly betType?: number;
      readonly scope?: number;
    }
  /** protocol.md §2, §4.6: the older odds feed `df_dos_{pt}_{eventId}_` (the trailing `_` is part of the name) */
  | { readonly kind: 'oldOdds'; readonly projectType: number; readonly eventId: string }
  /** protocol.md §2: `ran_{rankingId}_{page}` */
  | { readonly kind: 'ranking'; readonly rankingId: string; readonly page: number }
  /** S7-15 `<prefix>_{pt}_{id}` */
  | { readonly kind: 'aux'; readonly prefix: AuxPrefix; readonly projectType: number; readonly id: string };

export type FeedKind = FeedName['kind'];

/** S7-3: `repair` and `frepair` ask for the same name; the client applies them in different contexts. */
export type RepairContext = 'repair' | 'frepair';

// ---------------------------------------------------------------------------------------------
// Segment formats. Each parse is strict and canonical, so build(parse(s)) === s.

type Segment = 'sport' | 'int' | 'uint' | 'tz' | 'lang' | 'id' | 'token' | 'tennisType';

const UINT = /^(0|[1-9][0-9]{0,14})$/;
const INT = /^(0|-?[1-9][0-9]{0,14})$/;
const SPORT = /^[1-9][0-9]{0,3}$/;
const LANG = /^[a-z]{2,3}(-[a-z0-9]{1,8})*$/;
const ID = /^[A-Za-z0-9]{1,64}$/;
const TOKEN = /^[a-z0-9]{1,16}$/;
const TZ_MIN = -12; // UTC−12 …
const TZ_MAX = 14; // … UTC+14

function readSegment(format: Segment, text: string): string | number | null {
  switch (format) {
    case 'sport':
      return SPORT.test(text) ? Number(text) : null;
    case 'uint':
      return UINT.test(text) ? Number(text) : null;
    case 'int':
      return INT.test(text) ? Number(text) : null;
    case 'tz': {
      if (!INT.test(text)) return null;
      const hour = Number(text);
      return hour >= TZ_MIN && hour <= TZ_MAX ? hour : null;
    }
    case 'lang':
      return LANG.test(text) ? text : null;
    case 'id':
      return ID.test(text) ? text : null;
    case 'token':
      return TOKEN.test(text) ? text : null;
    case 'tennisType':
      return text === 's' || text === 'd' || text === 'm' ? text : null;
  }
}

type Param = readonly [name: string, format: Segment];

interface Shape {
  readonly prefix: string;
  readonly kind: FeedKind;
  /** Constant properties of the parsed value (the prefix of detail-like kinds). */
  readonly fixed?: Readonly<Record<string, string>>;
  /** Accepted parameter lists, longest last; optional parameters appear only in the longer ones. */
  readonly variants: readonly (readonly Param[])[];
  /** Text that closes the name after its parameters (`df_dos_1_<id>_`). */
  readonly suffix?: string;
}

const sport: Param = ['sport', 'sport'];
const day: Param = ['day', 'int'];
const tz: Param = ['tz', 'tz'];
const lang: Param = ['lang', 'lang'];
const pt: Param = ['projectType', 'uint'];
const country: Param = ['country', 'uint'];
const liveOdds: Param = ['liveOdds', 'uint'];

const SHAPES: readonly Shape[] = [
  { prefix: 'f', kind: 'full', variants: [[sport, day, tz, lang, pt]] },
  { prefix: 'fm', kind: 'fullMixed', variants: [[day, tz, lang, pt]] },
  { prefix: 'fp', kind: 'fullGroup', variants: [[sport, day, tz, lang, pt]] },
  { prefix: 'r', kind: 'repair', variants: [[sport, pt]] },
  { prefix: 'u', kind: 'update', variants: [[sport, pt]] },
  { prefix: 'ul', kind: 'localUpdate', variants: [[sport, ['projectId', 'uint']]] },
  { prefix: 'sys', kind: 'sys', variants: [[pt]] },
  { prefix: 'c', kind: 'country', variants: [[sport, country, tz, lang, ['order', 'uint'], pt]] },
  {
    prefix: 't',
    kind: 'tournament',
    variants: [
      [sport, country, ['tournament', 'id'], tz, lang, pt],
      [sport, country, ['tournament', 'id'], tz, lang, ['order', 'uint'], pt],
    ],
  },
  { prefix: 'p', kind: 'participant', variants: [[sport, country, ['participant', 'id'], tz, lang, pt]] },
  { prefix: 's', kind: 'series', variants: [[sport, ['series', 'id'], tz, lang, pt]] },
  { prefix: 'fo', kind: 'fullOdds', variants: [[sport, day, tz, lang, pt, liveOdds]] },
  { prefix: 'mo', kind: 'mixedOdds', variants: [[day, tz, lang, pt, liveOdds]] },
  { prefix: 'uo_m', kind: 'updatedMixedOdds', variants: [[pt, liveOdds]] },
  { prefix: 'uo', kind: 'updatedOdds', variants: [[sport, pt, liveOdds]] },
  { prefix: 'to', kind: 'tournamentOdds', variants: [[sport, country, ['tournament', 'id'], tz, lang, pt, liveOdds]] },
  {
    prefix: 'po',
    kind: 'participantOdds',
    variants: [[sport, country, ['participant', 'id'], tz, lang, pt, liveOdds]],
  },
  {
    prefix: 'pnf',
    kind: 'participantNewsfeed',
    variants: [
      [['participant', 'id']],
      [
        ['participant', 'id'],
        ['page', 'uint'],
        ['type', 'token'],
      ],
    ],
  },
  ...(['tournamentFixtures', 'tournamentResults'] as const).map(
    (kind): Shape => ({
      prefix: kind === 'tournamentFixtures' ? 'tf' : 'tr',
      kind,
      variants: [[['tournament', 'id'], ['season', 'id'], ['dataPart', 'uint'], tz, lang, pt]],
    }),
  ),
  ...(['participantFixtures', 'participantResults'] as const).map(
    (kind): Shape => ({
      prefix: kind === 'participantFixtures' ? 'pf' : 'pr',
      kind,
      variants: [
        [sport, ['participant', 'id'], ['dataPart', 'uint'], tz, lang, pt],
        [sport, ['participant', 'id'], ['dataPart', 'uint'], tz, lang, pt, ['tennisType', 'tennisType']],
      ],
    }),
  ),
  {
    prefix: 'df_od',
    kind: 'odds',
    variants: [
      [pt, ['eventId', 'id']],
      [pt, ['eventId', 'id'], ['betType', 'uint']],
      [pt, ['eventId', 'id'], ['betType', 'uint'], ['scope', 'uint']],
    ],
  },
  { prefix: 'df_dos', kind: 'oldOdds', suffix: '_', variants: [[pt, ['eventId', 'id']]] },
  ...DETAIL_PREFIXES.map(
    (prefix): Shape => ({ prefix, kind: 'detail', fixed: { prefix }, variants: [[pt, ['eventId', 'id']]] }),
  ),
  ...LEGACY_DETAIL_PREFIXES.map(
    (prefix): Shape => ({ prefix, kind: 'legacyDetail', fixed: { prefix }, variants: [[['eventId', 'id'], lang, pt]] }),
  ),
  {
    prefix: 'ran',
    kind: 'ranking',
    variants: [
      [
        ['rankingId', 'id'],
        ['page', 'uint'],
      ],
    ],
  },
  ...AUX_PREFIXES.map((prefix): Shape => ({ prefix, kind: 'aux', fixed: { prefix }, variants: [[pt, ['id', 'id']]] })),
];

// Longest prefix first, so `df_sui_` is tried before `df_su_` and `uo_m_` before `uo_`.
const BY_PREFIX_LENGTH = [...SHAPES].sort((a, b) => b.prefix.length - a.prefix.length);

function shapeFor(name: FeedName): Shape | undefined {
  const fixed = 'prefix' in name ? name.prefix : undefined;
  return SHAPES.find((s) => s.kind === name.kind && (fixed === undefined || s.fixed?.prefix === fixed));
}

/** The feed name for a typed value. Optional parameters that are absent are left out. */
export function buildFeedName(name: FeedName): string {
  const shape = shapeFor(name);
  if (shape === undefined) return '';
  const values = name as unknown as Readonly<Record<string, string | number | undefined>>;
  // The longest variant whose parameters are all present.
  let chosen = shape.variants[0];
  for (const variant of shape.variants) {
    if (variant.every(([param]) => values[param] !== undefined)) chosen = variant;
  }
  return [shape.prefix, ...chosen.map(([param]) => String(values[param]))].join('_') + (shape.suffix ?? '');
}

/** The typed value of a feed name, or null for an unknown or malformed name. Never throws. */
export function parseFeedName(text: string): FeedName | null {
  if (typeof text !== 'string' || text.length > 256) return null;
  for (const shape of BY_PREFIX_LENGTH) {
    if (!text.startsWith(`${shape.prefix}_`)) continue;
    const suffix = shape.suffix ?? '';
    if (!text.endsWith(suffix) || text.length <= shape.prefix.length + 1 + suffix.length) continue;
    const segments = text.slice(shape.prefix.length + 1, text.length - suffix.length).split('_');
    const variant = shape.variants.find((v) => v.length === segments.length);
    if (variant === undefined) continue;
    const parsed: Record<string, string | number> = { kind: shape.kind, ...shape.fixed };
    let ok = true;
    for (let i = 0; i < variant.length; i++) {
      const value = readSegment(variant[i][1], segments[i]);
      if (value === null) {
        ok = false;
        break;
      }
      parsed[variant[i][0]] = value;
    }
    if (ok) return parsed as unknown as FeedName;
  }
  return null;
}
