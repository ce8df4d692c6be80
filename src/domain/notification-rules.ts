// Game notifications (S2-45, S3-62, S3-63, S4-40, S4-41, S5-6, S9-9): which change of a followed game
// makes one, what it carries, how its broadcast body reads back, and how many boxes fit the window.
// Pure rules shared by the page's notifications machine and the server's personal push (S7-23 lsid_):
// no React, XState, Node or DOM here.
//
// A change of one game makes a notification per kind (read from its values before and after):
//   goal      a side's total score goes up while the game is live before or after the change;
//   redCard   a side's red cards go up;
//   finished  the stage type goes from live to finished (the final whistle).
// A score that goes down is a correction: no notification (the sound machine has its own rule for it).
import { kk } from '../i18n/kk';
import type { EventFields } from '../protocol/keys';
import {
  NOTIFICATION_BOX_GAP_PX,
  NOTIFICATION_BOX_WIDTH_PX,
  NOTIFICATION_EXPIRE_MS,
  NOTIFICATION_LOGO_MAX_SIDE,
} from './limits';
import { cleanLabelId, gameKey } from './my-games-rules';
import type { SoundKind } from './sound-rules';
import { isFinishedStage, isLiveStage } from './stages';

export { NOTIFICATION_EXPIRE_MS };

/** S3-62 mygamesNotifications: boxes with a sound, boxes without, or none. */
export const NOTIFICATION_SETTINGS = ['yessound', 'yessilent', 'no'] as const;
export type NotificationSetting = (typeof NOTIFICATION_SETTINGS)[number];
export const DEFAULT_NOTIFICATION_SETTING: NotificationSetting = 'yessilent'; // S3-62

export function isNotificationSetting(value: unknown): value is NotificationSetting {
  return typeof value === 'string' && (NOTIFICATION_SETTINGS as readonly string[]).includes(value);
}

export const NOTIFICATION_KINDS = ['goal', 'redCard', 'finished'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** S3-63, plus what the page needs to play its sound and name the sides (kind, sportId, home, away). */
export interface GameNotification {
  /** Names the game, the kind and the values it reports: the same change heard twice has one id. */
  readonly id: string;
  readonly kind: NotificationKind;
  readonly text: string;
  /** The league's name, or '' when unknown. */
  readonly label: string;
  /** `home-away`, e.g. `2-1`. */
  readonly score: string;
  readonly home: string;
  readonly away: string;
  readonly homeLogo: string;
  readonly awayLogo: string;
  /** The event id (AA). */
  readonly gameId: string;
  readonly sportId: number;
  /** The logos' size code; a logo shows only when it is at most NOTIFICATION_LOGO_MAX_SIDE (S9-9). */
  readonly imageSize: number;
  readonly homeUrl: string;
  readonly awayUrl: string;
  readonly seasonUrl: string;
  /** When the change was seen, epoch ms. */
  readonly timestamp: number;
  /** Beyond the number of boxes the window fits (S4-41). */
  readonly hidden: boolean;
}

/** The values a notification rule reads from an event (any event record or stored fields fit). */
export type NotificationFields = Partial<
  Pick<
    EventFields,
    | 'stageType'
    | 'stage'
    | 'homeScore'
    | 'awayScore'
    | 'homeRedCards'
    | 'awayRedCards'
    | 'home'
    | 'away'
    | 'homeImage'
    | 'awayImage'
    | 'homeSlug'
    | 'awaySlug'
  >
>;

/** One game's change, with what the page knows of its sport and league. */
export interface GameChange {
  readonly eventId: string;
  readonly sportId: number;
  /** `<sport>_<ZC>` of the game's league (a whole-tournament entry follows it), or null. */
  readonly leagueId: string | null;
  /** The league's name, or ''. */
  readonly label?: string;
  readonly before: NotificationFields;
  readonly after: NotificationFields;
}

const SIDE_LOGO_SIZE = 1; // ours: feed images are small side logos

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** The kinds one change of a game makes, in a fixed order (goal, redCard, finished). */
export function notificationKinds(before: NotificationFields, after: NotificationFields): NotificationKind[] {
  const kinds: NotificationKind[] = [];
  const live = isLiveStage(before.stageType) || isLiveStage(after.stageType);
  const homeUp = count(after.homeScore) > count(before.homeScore);
  const awayUp = count(after.awayScore) > count(before.awayScore);
  const down = count(after.homeScore) < count(before.homeScore) || count(after.awayScore) < count(before.awayScore);
  if (live && (homeUp || awayUp) && !down) kinds.push('goal');
  if (count(after.homeRedCards) > count(before.homeRedCards) || count(after.awayRedCards) > count(before.awayRedCards))
    kinds.push('redCard');
  if (isLiveStage(before.stageType) && isFinishedStage(after.stageType, after.stage)) kinds.push('finished');
  return kinds;
}

const TEXT: Readonly<Record<NotificationKind, string>> = {
  goal: kk.notifications.goal,
  redCard: kk.notifications.redCard,
  finished: kk.notifications.finished,
};

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

function notificationId(kind: NotificationKind, eventId: string, fields: NotificationFields): string {
  if (kind === 'redCard') return `${eventId}:redCard:${count(fields.homeRedCards)}-${count(fields.awayRedCards)}`;
  return `${eventId}:${kind}:${count(fields.homeScore)}-${count(fields.awayScore)}`;
}

/** The notifications one change makes (S3-63), seen at `timestamp`. */
export function notificationsOf(change: GameChange, timestamp: number): GameNotification[] {
  const { after, eventId } = change;
  // Update rows carry only what changed: names and logos come from before when after lacks them.
  const pick = (key: 'home' | 'away' | 'homeImage' | 'awayImage' | 'homeSlug' | 'awaySlug') =>
    str(after[key]) || str(change.before[key]);
  return notificationKinds(change.before, after).map((kind) => ({
    id: notificationId(kind, eventId, after),
    kind,
    text: TEXT[kind],
    label: change.label ?? '',
    score: `${count(after.homeScore)}-${count(after.awayScore)}`,
    home: pick('home'),
    away: pick('away'),
    homeLogo: pick('homeImage'),
    awayLogo: pick('awayImage'),
    gameId: eventId,
    sportId: change.sportId,
    imageSize: SIDE_LOGO_SIZE,
    homeUrl: '',
    awayUrl: '',
    seasonUrl: '',
    timestamp,
    hidden: false,
  }));
}

/** S9-9: a logo shows only when the size code is at most 2. */
export function showsLogo(notification: Pick<GameNotification, 'imageSize'>, logo: string): boolean {
  return logo !== '' && notification.imageSize <= NOTIFICATION_LOGO_MAX_SIDE;
}

/** S4-41, S9-9: how many 262 px boxes with 8 px gaps fit the window's width (at least one). */
export function visibleLimit(widthPx: number): number {
  const fits = Math.floor((widthPx + NOTIFICATION_BOX_GAP_PX) / (NOTIFICATION_BOX_WIDTH_PX + NOTIFICATION_BOX_GAP_PX));
  return Math.max(1, Number.isFinite(fits) ? fits : 1);
}

/** Whether a change of this game concerns the followed keys: its game key, or its whole tournament (S3-56, S3-57). */
export function isFollowedGame(
  followed: (key: string) => boolean,
  sportId: number,
  eventId: string,
  leagueId: string | null,
): boolean {
  if (followed(gameKey(sportId, eventId))) return true;
  return leagueId !== null && leagueId !== '' && followed(cleanLabelId(leagueId));
}

/** The sound a notification asks for (S4-37): goals and final whistles sound, red cards do not. */
export function notificationSound(kind: NotificationKind): SoundKind | null {
  if (kind === 'goal') return 'score-incremented';
  if (kind === 'finished') return 'finished';
  return null;
}

/** The broadcast body of a notification (the personal push, S7-23 lsid_). */
export function encodeNotification(notification: GameNotification): string {
  return JSON.stringify(notification);
}

const isStr = (v: unknown): v is string => typeof v === 'string';
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** S5-6: a body that does not read as a notification is dropped (null). Never throws. */
export function parseNotification(body: unknown): GameNotification | null {
  if (typeof body !== 'string' || body.length === 0 || body.length > 16_384) return null;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  if (!isStr(v.id) || !isStr(v.gameId) || v.gameId === '' || !isNum(v.timestamp) || !isNum(v.sportId)) return null;
  if (!(NOTIFICATION_KINDS as readonly unknown[]).includes(v.kind)) return null;
  const text = (key: string) => (isStr(v[key]) ? (v[key] as string) : '');
  const kind = v.kind as NotificationKind;
  return {
    id: v.id,
    kind,
    text: text('text') || TEXT[kind],
    label: text('label'),
    score: text('score'),
    home: text('home'),
    away: text('away'),
    homeLogo: text('homeLogo'),
    awayLogo: text('awayLogo'),
    gameId: v.gameId,
    sportId: v.sportId,
    imageSize: isNum(v.imageSize) ? v.imageSize : SIDE_LOGO_SIZE,
    homeUrl: text('homeUrl'),
    awayUrl: text('awayUrl'),
    seasonUrl: text('seasonUrl'),
    timestamp: v.timestamp,
    hidden: false,
  };
}
