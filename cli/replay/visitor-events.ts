// Visitor events: what a visitor does beside the feed (docs/stream-format.md, "Visitor events"). A scenario
// carries them as operations; a fact log or capture carries the same objects with a `time` (epoch ms). A
// malformed one is an error that stops the replay (exit code 2), never a skipped line: a stream whose visitor
// did something else than written would check the wrong thing.
import { isGroupKey } from '../../src/domain/my-games-rules';
import { isLabelKey } from '../../src/domain/pinned-leagues';

/** Which browser tab acts: 1 the first, 2 the second (`secondTab`). */
export type TabIndex = 1 | 2;

export type NotificationPermission = 'granted' | 'denied' | 'default';

/** A row's fields a star takes (list keys; times in epoch seconds). */
export interface StarRow {
  readonly leagueId: string;
  readonly AD: number;
  readonly AP?: number;
  readonly AB: number;
}

export type VisitorOp =
  /** The star on a game's row (S3-56): league, times and stage come from the row, or are given. */
  | {
      readonly op: 'star';
      readonly tab: TabIndex;
      readonly sport: number;
      readonly eventId: string;
      readonly group?: string;
      readonly row?: StarRow;
    }
  | { readonly op: 'unstar'; readonly tab: TabIndex; readonly sport: number; readonly eventId: string }
  /** S4-30: joins (member true) or leaves a group. */
  | {
      readonly op: 'group';
      readonly tab: TabIndex;
      readonly sport: number;
      readonly eventId: string;
      readonly group: string;
      readonly member: boolean;
    }
  | {
      readonly op: 'followTeam';
      readonly tab: TabIndex;
      readonly sport: number;
      readonly participantId: string;
      readonly name?: string;
    }
  | { readonly op: 'unfollowTeam'; readonly tab: TabIndex; readonly sport: number; readonly participantId: string }
  /** The league's pin as its tooltip offers it (S2-43): a click only when the league is not pinned / pinned. */
  | { readonly op: 'pin'; readonly tab: TabIndex; readonly labelKey: string }
  | { readonly op: 'unpin'; readonly tab: TabIndex; readonly labelKey: string }
  /** Every open tab learns of it (A4-8). */
  | { readonly op: 'login' }
  | { readonly op: 'logout' }
  /** Opens or closes the second tab: a second site root over the same local storage and account. */
  | { readonly op: 'secondTab'; readonly open: boolean }
  | { readonly op: 'notificationPermission'; readonly permission: NotificationPermission }
  /** How the fake account server answers stores from now on: refuse them or not, and after how long. */
  | { readonly op: 'account'; readonly fail: boolean; readonly delayMs?: number };

export type VisitorOpName = VisitorOp['op'];

export const VISITOR_OPS: readonly VisitorOpName[] = [
  'star',
  'unstar',
  'group',
  'followTeam',
  'unfollowTeam',
  'pin',
  'unpin',
  'login',
  'logout',
  'secondTab',
  'notificationPermission',
  'account',
];

const NAMES: ReadonlySet<string> = new Set(VISITOR_OPS);
const PERMISSIONS: ReadonlySet<string> = new Set(['granted', 'denied', 'default']);
/** S3-59: an event id as a game key takes it (8-16 letters and digits). */
const EVENT_ID = /^[A-Za-z0-9]{8,16}$/;
const MAX_DELAY_MS = 600_000;

export function isVisitorOpName(value: unknown): value is VisitorOpName {
  return typeof value === 'string' && NAMES.has(value);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isSport = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0 && v < 1000;
const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '' && v.length <= 100;
const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;

/** The row a star may carry instead of the world's: a string result is what is wrong with it. */
function readRow(value: Record<string, unknown>): StarRow | string {
  const { leagueId, AD, AP, AB } = value;
  if (!isText(leagueId) || !isTime(AD) || typeof AB !== 'number' || (AP !== undefined && !isTime(AP)))
    return 'star: a given row needs leagueId, AD and AB (AP optional), times in epoch seconds';
  return { leagueId, AD, AB, ...(AP === undefined ? {} : { AP }) };
}

/** A visitor event, or what is wrong with it. `value.op` must be one of VISITOR_OPS. */
export function asVisitorOp(value: Record<string, unknown>): VisitorOp | string {
  const op = value.op as VisitorOpName;
  const tab = value.tab ?? 1;
  if (tab !== 1 && tab !== 2) return `${op}: tab must be 1 or 2 (the second tab), got ${JSON.stringify(tab)}`;
  const { sport, eventId, participantId, labelKey } = value;
  const game = () =>
    !isSport(sport)
      ? `${op}: sport must be a sport id, got ${JSON.stringify(sport)}`
      : typeof eventId !== 'string' || !EVENT_ID.test(eventId)
        ? `${op}: eventId must be 8-16 letters and digits (S3-59), got ${JSON.stringify(eventId)}`
        : null;
  const team = () =>
    !isSport(sport)
      ? `${op}: sport must be a sport id, got ${JSON.stringify(sport)}`
      : !isText(participantId)
        ? `${op}: participantId must be a non-empty string`
        : null;
  switch (op) {
    case 'star': {
      const problem = game();
      if (problem) return problem;
      if (value.group !== undefined && (typeof value.group !== 'string' || !isGroupKey(value.group)))
        return `star: group must be a group key (letters, digits, _ and -), got ${JSON.stringify(value.group)}`;
      const given = 'leagueId' in value || 'AD' in value || 'AB' in value;
      const row = given ? readRow(value) : undefined;
      if (typeof row === 'string') return row;
      return {
        op,
        tab,
        sport: sport as number,
        eventId: eventId as string,
        ...(value.group === undefined ? {} : { group: value.group as string }),
        ...(row ? { row } : {}),
      };
    }
    case 'unstar':
      return game() ?? { op, tab, sport: sport as number, eventId: eventId as string };
    case 'group': {
      const problem = game();
      if (problem) return problem;
      if (typeof value.group !== 'string' || !isGroupKey(value.group))
        return `group: group must be a group key (letters, digits, _ and -), got ${JSON.stringify(value.group)}`;
      if (typeof value.member !== 'boolean') return 'group: member must be true (join) or false (leave)';
      return { op, tab, sport: sport as number, eventId: eventId as string, group: value.group, member: value.member };
    }
    case 'followTeam': {
      const problem = team();
      if (problem) return problem;
      if (value.name !== undefined && !isText(value.name)) return 'followTeam: name must be a non-empty string';
      return {
        op,
        tab,
        sport: sport as number,
        participantId: participantId as string,
        ...(value.name === undefined ? {} : { name: value.name as string }),
      };
    }
    case 'unfollowTeam':
      return team() ?? { op, tab, sport: sport as number, participantId: participantId as string };
    case 'pin':
    case 'unpin':
      return isLabelKey(labelKey)
        ? { op, tab, labelKey }
        : `${op}: labelKey must be {sportId}_{templateKey} (S3-60), got ${JSON.stringify(labelKey)}`;
    case 'login':
    case 'logout':
      return { op };
    case 'secondTab':
      return typeof value.open === 'boolean' ? { op, open: value.open } : 'secondTab: open must be true or false';
    case 'notificationPermission':
      return typeof value.permission === 'string' && PERMISSIONS.has(value.permission)
        ? { op, permission: value.permission as NotificationPermission }
        : `notificationPermission: permission must be granted, denied or default, got ${JSON.stringify(value.permission)}`;
    case 'account': {
      if (typeof value.fail !== 'boolean') return 'account: fail must be true or false';
      const { delayMs } = value;
      if (
        delayMs !== undefined &&
        !(Number.isInteger(delayMs) && (delayMs as number) >= 0 && (delayMs as number) <= MAX_DELAY_MS)
      )
        return `account: delayMs must be an integer from 0 to ${MAX_DELAY_MS}`;
      return { op, fail: value.fail, ...(delayMs === undefined ? {} : { delayMs: delayMs as number }) };
    }
  }
}

/** A visitor event of a timed stream (fact log, capture): the same object with `time`, epoch ms. */
export interface TimedVisitorOp {
  readonly time: number;
  readonly op: VisitorOp;
}

/** True for a parsed line that is meant as a visitor event (its `op` names one). */
export function looksLikeVisitorEvent(value: unknown): boolean {
  return isObject(value) && isVisitorOpName(value.op);
}

/** A timed visitor event, or what is wrong with it (`value` looks like one). */
export function asTimedVisitorOp(value: Record<string, unknown>): TimedVisitorOp | string {
  if (!isTime(value.time)) return `${String(value.op)}: a visitor event in a timed stream needs time (epoch ms)`;
  const op = asVisitorOp(value);
  return typeof op === 'string' ? op : { time: value.time as number, op };
}

/** S9-2 limits a replay's visitor runs with (a scenario header may lower them so a run reaches them). */
export interface VisitorLimits {
  readonly maxGames: number;
  readonly maxTeams: number;
}

/** A header's `visitorLimits`, or what is wrong with it; undefined when absent. */
export function readVisitorLimits(value: unknown): VisitorLimits | string | undefined {
  if (value === undefined) return undefined;
  const ok = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n > 0;
  if (!isObject(value) || !ok(value.maxGames) || !ok(value.maxTeams))
    return 'visitorLimits needs maxGames and maxTeams, positive integers';
  return { maxGames: value.maxGames, maxTeams: value.maxTeams };
}

/**
 * Takes the visitor events out of a timed stream's text (their lines become blank, so the rest keeps its line
 * numbers) in time order; a string result names the first malformed one. Only lines that mention `"op"` are
 * parsed twice, so a large fact log costs nothing more.
 */
export function takeVisitorEvents(text: string): { readonly text: string; readonly events: TimedVisitorOp[] } | string {
  if (!text.includes('"op"')) return { text, events: [] };
  const lines = text.split('\n');
  const events: TimedVisitorOp[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.includes('"op"')) continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      continue; // not JSON: the stream's own reader reports it
    }
    if (!looksLikeVisitorEvent(value)) continue;
    const event = asTimedVisitorOp(value as Record<string, unknown>);
    if (typeof event === 'string') return `line ${i + 1}: ${event}`;
    events.push(event);
    lines[i] = '';
  }
  if (events.length === 0) return { text, events };
  events.sort((a, b) => a.time - b.time);
  return { text: lines.join('\n'), events };
}
