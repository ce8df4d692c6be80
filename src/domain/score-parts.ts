// What a duel's score reads as, per sport (S3-9…S3-21, S3-5, S4-22): the totals, the live detail beside them
// (tennis points, cricket overs, darts legs of the set, baseball outs), the part scores (sets with their
// tie-breaks, quarters, innings), who has the serve, throw, bat or ball, and the cricket result. Rows and the
// match header read the same answer, so a sport reads alike in the list and on its page.
import { isLiveStage } from './stages';
import { sportById } from './sports';

/** The event fields these rules read (a ScoreboardEvent or a detail core satisfies it). */
export interface ScoreFields {
  readonly stageType?: number;
  readonly stage?: number;
  readonly homeScore?: number;
  readonly awayScore?: number;
  readonly homeWickets?: number;
  readonly awayWickets?: number;
  readonly homeOvers?: string;
  readonly awayOvers?: string;
  readonly homeLegs?: number;
  readonly awayLegs?: number;
  readonly outs?: number;
  readonly homeGamePoints?: string;
  readonly awayGamePoints?: string;
  readonly playingOnSets?: string;
  readonly service?: number;
  readonly infoNotice?: string;
}

export const CRICKET = 13;
const TENNIS = 2;
const DARTS = 14;
const BASEBALL = 6;
const PESAPALLO = 30;
const AMERICAN_FOOTBALL = 5;

/** Sports whose live row shows tennis-style game points (WA/WB): tennis only (protocol.md §3.3). */
const GAME_POINT_SPORTS = new Set([TENNIS]);
/** Sports with outs (the half-inning's outs while live). */
const OUTS_SPORTS = new Set([BASEBALL, PESAPALLO]);

export interface PartCell {
  /** Position of the part (1 …), stable as a React key. */
  readonly n: number;
  readonly home: string;
  readonly away: string;
  /** Tie-break points of a tennis set (S3-21, DA…DJ), shown small after the games. */
  readonly homeTiebreak?: string;
  readonly awayTiebreak?: string;
}

export interface DuelScoreText {
  /** The totals: sets, legs, frames, runs (cricket: runs/wickets), or '-' when no result shows. */
  readonly home: string;
  readonly away: string;
  /** Live detail beside the totals: tennis points, cricket overs, darts legs of the set, baseball outs; '' none. */
  readonly homeDetail: string;
  readonly awayDetail: string;
}

type Side = 'home' | 'away';

const text = (value: number | string | undefined): string => (value === undefined || value === '' ? '' : String(value));

/** Cricket runs with the wickets that fell (`155/6`); all out (10) reads as the runs alone. */
export function cricketScore(runs: number | undefined, wickets: number | undefined): string {
  const r = runs ?? 0;
  if (wickets === undefined || wickets >= 10 || wickets < 0) return String(r);
  return `${r}/${wickets}`;
}

/** Overs as shown after a cricket score: `(19.4)`; '' when the side has not batted. */
export function oversText(overs: string | undefined): string {
  return overs ? `(${overs})` : '';
}

/** Darts is on sets when WL is set to anything but empty or '0' (S4-22). */
export function dartsOnSets(playingOnSets: string | undefined): boolean {
  return playingOnSets !== undefined && playingOnSets !== '' && playingOnSets !== '0';
}

/**
 * The totals and the live detail of one duel (S3-9…S3-21). `shows` is whether the result shows at all
 * (S4-14); a side whose total is hidden shows '-'.
 */
export function duelScoreText(event: ScoreFields, sportId: number, shows: boolean): DuelScoreText {
  if (!shows) return { home: '-', away: '-', homeDetail: '', awayDetail: '' };
  const live = isLiveStage(event.stageType);
  const total = (side: Side): string =>
    sportId === CRICKET
      ? cricketScore(event[`${side}Score`], event[`${side}Wickets`])
      : String(event[`${side}Score`] ?? 0);
  return {
    home: total('home'),
    away: total('away'),
    homeDetail: detail(event, sportId, 'home', live),
    awayDetail: detail(event, sportId, 'away', live),
  };
}

function detail(event: ScoreFields, sportId: number, side: Side, live: boolean): string {
  if (sportId === CRICKET) return oversText(event[`${side}Overs`]);
  if (!live) return '';
  if (GAME_POINT_SPORTS.has(sportId)) return text(event[`${side}GamePoints`]);
  if (sportId === DARTS && dartsOnSets(event.playingOnSets)) return text(event[`${side}Legs`]);
  if (OUTS_SPORTS.has(sportId) && event.service === (side === 'home' ? 1 : 2) && event.outs !== undefined) {
    return outsText(event.outs);
  }
  return '';
}

/** Outs of the half-inning in play, shown beside the batting side. */
export function outsText(outs: number): string {
  return `${Math.max(0, Math.min(3, outs))} аут`;
}

/** What the detail column holds, for its title: '' when the sport shows none. */
export function detailTitle(sportId: number): string {
  if (sportId === CRICKET) return 'Оверлер';
  if (GAME_POINT_SPORTS.has(sportId)) return 'Ағымдағы гейм';
  if (sportId === DARTS) return 'Сеттегі легтер';
  if (OUTS_SPORTS.has(sportId)) return 'Аут';
  return '';
}

/** Whether rows of this sport keep a detail column (tennis points, cricket overs, darts legs, outs). */
export function hasDetailColumn(sportId: number): boolean {
  return detailTitle(sportId) !== '';
}

/** Wide totals (cricket's runs/wickets) need a wider score column than one or two digits. */
export function wideScore(sportId: number): boolean {
  return sportId === CRICKET;
}

/** Any event record: parts are read by name (homePart1 …). */
type PartSource = object;

const field = (event: PartSource, name: string): unknown => (event as Record<string, unknown>)[name];

const partOf = (event: PartSource, side: Side, n: number): number | undefined => {
  const v = field(event, `${side}Part${n}`);
  return typeof v === 'number' ? v : undefined;
};
const tiebreakOf = (event: PartSource, side: Side, n: number): number | undefined => {
  const v = field(event, `${side}Tiebreak${n}`);
  return typeof v === 'number' ? v : undefined;
};

/**
 * The part scores a duel shows, up to its sport's count (S3-9…S3-21): games per set with their tie-break
 * points (tennis, DA…DJ), quarters, periods, innings. Cricket's parts are its innings: a one-innings match
 * (T20, ODI) has its runs in the totals already, so it shows none.
 */
export function partCells(event: PartSource, sportId: number): PartCell[] {
  const count = sportById(sportId)?.parts ?? 0;
  if (count < 2) return [];
  if (sportId === CRICKET && partOf(event, 'home', 2) === undefined && partOf(event, 'away', 2) === undefined) {
    return [];
  }
  const cells: PartCell[] = [];
  for (let n = 1; n <= count; n++) {
    const home = partOf(event, 'home', n);
    const away = partOf(event, 'away', n);
    if (home === undefined && away === undefined) continue;
    const homeTb = n <= 5 ? tiebreakOf(event, 'home', n) : undefined;
    const awayTb = n <= 5 ? tiebreakOf(event, 'away', n) : undefined;
    const hasTb = homeTb !== undefined || awayTb !== undefined;
    cells.push({
      n,
      home: text(home),
      away: text(away),
      ...(hasTb ? { homeTiebreak: text(homeTb), awayTiebreak: text(awayTb) } : {}),
    });
  }
  return cells;
}

/** The part fields (and tie-breaks) a sport's part cells read, for narrow subscriptions. */
export function partFieldNames(sportId: number): string[] {
  const count = sportById(sportId)?.parts ?? 0;
  const names: string[] = [];
  for (let n = 1; n <= count; n++) {
    names.push(`homePart${n}`, `awayPart${n}`);
    if (n <= 5) names.push(`homeTiebreak${n}`, `awayTiebreak${n}`);
  }
  return names;
}

/** The serve mark's meaning per sport (S3-5): serve, throw, bat or ball. */
export function serveTitle(sportId: number): string {
  if (sportId === AMERICAN_FOOTBALL) return 'Доп осы командада';
  if (sportId === CRICKET || sportId === BASEBALL || sportId === PESAPALLO) return 'Соққы беріп жатыр';
  if (sportId === DARTS) return 'Бірінші лақтырады';
  return 'Беруде';
}

/** The cricket result line (`… 6 ранмен жеңді`) a finished match carries as its notice (AM); '' otherwise. */
export function resultNote(event: ScoreFields, sportId: number): string {
  if (sportId !== CRICKET || event.stageType !== 3) return '';
  return event.infoNotice ?? '';
}

/** Rows of these sports carry a result line under the sides, and are taller (cricket). */
export function hasResultNote(sportId: number): boolean {
  return sportId === CRICKET;
}
