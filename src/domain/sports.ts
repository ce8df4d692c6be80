// The 40 sports of the edition (S3-1) with the per-sport facts the spec lists.
// Pure data: no React, XState, Node or DOM here.

export type OddsType = '1x2' | '12';

export interface Sport {
  /** Provider sport id (S3-1); there is no 20 or 27. */
  readonly id: number;
  /** Provider name (S3-1). */
  readonly name: string;
  /** Route slug under /kz/ (S2-2…S2-6); differs from the name for a few sports. */
  readonly slug: string;
  /** Score parts per sport (S3-9…S3-21). */
  readonly parts: number;
  /** Group parent (S3-2). */
  readonly parentId: number | null;
  /** Motorsport and winter sports are groups (S3-2). */
  readonly isGroup: boolean;
  /** No home-versus-away pairing (S3-3). */
  readonly noDuel: boolean;
  /** Has a serve indicator (S3-5). */
  readonly serving: boolean;
  /** Meeting sport (S3-6). */
  readonly meeting: boolean;
  /** Stage sport: meetings plus cycling and motorsport (S3-6). */
  readonly stage: boolean;
  /** S3-4 */
  readonly teamTransfers: boolean;
  readonly playerProfile: boolean;
  readonly playerRatings: boolean;
  /** S3-8 */
  readonly oddsType: OddsType;
  /** Has category pages (S2-23). */
  readonly categoryPages: boolean;
  /** No match detail page (S2-24). */
  readonly noDetailPage: boolean;
  /** Participants get a no-duel page (S2-25). */
  readonly noDuelParticipantPage: boolean;
  /** Reversed-time setting exists, disabled (S3-7). */
  readonly reversedTimeSetting: boolean;
  /** Sport has sound events (S4-37). */
  readonly sounds: boolean;
}

const NO_DUEL = new Set([23, 31, 32, 33, 34, 35, 37, 38, 39, 40, 41]); // S3-3
const SERVING = new Set([5, 2, 21, 13, 6, 30, 14]); // S3-5
const MEETING = new Set([35, 37, 38, 39, 40, 41]); // S3-6: horse racing and winter sports
const STAGE = new Set([...MEETING, 34, 31, 32, 33]); // S3-6: meetings plus cycling and motorsport
const CATEGORY_PAGES = new Set([2, 16, 17, 21, 25, 28, 23, 31, 32, 33, 34, 36, 37, 38, 39, 40, 41]); // S2-23
const NO_DETAIL_PAGE = new Set([35]); // S2-24
const NO_DUEL_PARTICIPANT_PAGE = new Set([38, 39, 40, 41, 32, 33, 34]); // S2-25
const REVERSED_TIME = new Set([3, 4, 5]); // S3-7
const NO_SOUNDS = new Set([31, 32, 33, 34, 35, 37, 38, 39, 40, 41]); // S4-37
// S3-8: sports where a draw is a regular result take three-way odds.
const THREE_WAY = new Set([1, 4, 7, 8, 9, 10, 11, 13, 16, 18, 19, 22, 24, 29, 42]);

// [id, name, slug, parts, parent] (S3-1, S2-2…S2-6, S3-9…S3-21, S3-2)
const ROWS: ReadonlyArray<readonly [number, string, string, number, number | null]> = [
  [1, 'soccer', 'football', 1, null],
  [2, 'tennis', 'tennis', 5, null],
  [3, 'basketball', 'basketball', 5, null],
  [4, 'hockey', 'hockey', 5, null],
  [5, 'american-football', 'american-football', 5, null],
  [6, 'baseball', 'baseball', 10, null],
  [7, 'handball', 'handball', 3, null],
  [8, 'rugby-union', 'rugby-union', 4, null],
  [9, 'floorball', 'floorball', 5, null],
  [10, 'bandy', 'bandy', 4, null],
  [11, 'futsal', 'futsal', 4, null],
  [12, 'volleyball', 'volleyball', 5, null],
  [13, 'cricket', 'cricket', 2, null],
  [14, 'darts', 'darts', 0, null],
  [15, 'snooker', 'snooker', 0, null],
  [16, 'boxing', 'boxing', 0, null],
  [17, 'beach-volleyball', 'beach-volleyball', 3, null],
  [18, 'aussie-rules', 'aussie-rules', 4, null],
  [19, 'rugby-league', 'rugby-league', 4, null],
  [21, 'badminton', 'badminton', 3, null],
  [22, 'water-polo', 'water-polo', 6, null],
  [23, 'golf', 'golf', 0, null],
  [24, 'field-hockey', 'field-hockey', 4, null],
  [25, 'table-tennis', 'table-tennis', 7, null],
  [26, 'beach-soccer', 'beach-soccer', 5, null],
  [28, 'mma', 'mma', 0, null],
  [29, 'netball', 'netball', 5, null],
  [30, 'pesapallo', 'pesapallo', 11, null],
  [31, 'motorsport', 'motorsport', 0, null],
  [32, 'motorsport-auto-racing', 'auto-racing', 0, 31],
  [33, 'motorsport-moto-racing', 'moto-racing', 0, 31],
  [34, 'cycling', 'cycling', 0, null],
  [35, 'horse-racing', 'horse-racing', 0, null],
  [36, 'esports', 'esports', 0, null],
  [37, 'winter-sports', 'winter-sports', 0, null],
  [38, 'ski-jumping', 'ski-jumping', 0, 37],
  [39, 'alpine-skiing', 'alpine-skiing', 0, 37],
  [40, 'cross-country', 'cross-country-skiing', 0, 37],
  [41, 'biathlon', 'biathlon', 0, 37],
  [42, 'kabaddi', 'kabaddi', 3, null],
];

export const SPORTS: readonly Sport[] = ROWS.map(([id, name, slug, parts, parentId]) =>
  Object.freeze({
    id,
    name,
    slug,
    parts,
    parentId,
    isGroup: id === 31 || id === 37,
    noDuel: NO_DUEL.has(id),
    serving: SERVING.has(id),
    meeting: MEETING.has(id),
    stage: STAGE.has(id),
    teamTransfers: id === 1 || id === 4,
    playerProfile: id === 1 || id === 3 || id === 4,
    playerRatings: id === 1 || id === 4,
    oddsType: THREE_WAY.has(id) ? '1x2' : '12',
    categoryPages: CATEGORY_PAGES.has(id),
    noDetailPage: NO_DETAIL_PAGE.has(id),
    noDuelParticipantPage: NO_DUEL_PARTICIPANT_PAGE.has(id),
    reversedTimeSetting: REVERSED_TIME.has(id),
    sounds: !NO_SOUNDS.has(id),
  }),
);

const BY_ID = new Map(SPORTS.map((s) => [s.id, s]));
const BY_NAME = new Map(SPORTS.map((s) => [s.name, s]));
const BY_SLUG = new Map(SPORTS.map((s) => [s.slug, s]));

export function sportById(id: number): Sport | undefined {
  return BY_ID.get(id);
}

export function sportBySlug(slug: string): Sport | undefined {
  return BY_SLUG.get(slug);
}

/** Sports named in configuration must exist: an unknown name aborts start-up (S5-9). */
export function requireSportByName(name: string): Sport {
  const sport = BY_NAME.get(name) ?? BY_SLUG.get(name);
  if (!sport) throw new Error(`Unknown sport name '${name}': initialisation aborted (S5-9)`);
  return sport;
}

/** Child sports of a group (S3-2). */
export function childSports(parentId: number): Sport[] {
  return SPORTS.filter((s) => s.parentId === parentId);
}
