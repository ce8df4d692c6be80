// Feed captures: what a client received from a server, with times. JSON lines: a header, then
// `{time, kind: 'feed', feed, status, headers, body}` for feed responses and
// `{time, kind: 'push', subject, body}` for push messages. Lines without `kind` are feed lines
// (the shape server/recorded-feed-source.ts reads), so both formats replay the same way.
import { type CapturedFeed, capturedFeedOf } from '../../server/recorded-feed-source';
import { EDITION } from '../../src/domain/edition';
import type { FeedCall } from '../../src/net/feed-call';
import { DEFAULT_FEED_PAGE, type FeedPage, feedNameFor } from '../../src/net/feed-names';
import { parseSysFeed } from '../../src/net/sys-feed';
import type { FeedBodyKind } from '../../src/protocol/feed-body-kind';
import { inspectFeed, isNotAFeed } from '../../src/protocol/feed-inspect';
import type { PushMessage } from '../../src/protocol/feed-source';
import { parseListFeed } from '../../src/protocol/list-feed';
import { type BadLine, jsonLines } from './json-lines';

export const CAPTURE_FORMAT = 'scores-capture';

export interface CaptureHeader {
  readonly format: typeof CAPTURE_FORMAT;
  readonly version: 1;
  /** Sport the capture follows. */
  readonly sport: number;
  /** Day offset of the recorded list (S2-29). */
  readonly day: number;
  /** The feed names' page: timezone hour, language, project type. */
  readonly page: FeedPage;
  /** Where it came from: a URL, or a file name for wrapped real feeds. */
  readonly source?: string;
  /** Epoch ms the recording started. */
  readonly start?: number;
}

export interface CapturedPush extends PushMessage {
  readonly time: number;
}

export interface Capture {
  readonly header: CaptureHeader;
  readonly feeds: readonly CapturedFeed[];
  readonly pushes: readonly CapturedPush[];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readPage(value: unknown): FeedPage {
  const page = isObject(value) ? value : {};
  return {
    timezoneHour: typeof page.timezoneHour === 'number' ? page.timezoneHour : EDITION.timezoneHour,
    language: typeof page.language === 'string' ? page.language : EDITION.language,
    projectType: typeof page.projectType === 'number' ? page.projectType : EDITION.projectType,
  };
}

/** True when a parsed first line names a capture (our header, or a bare feed line). */
export function isCaptureLine(value: unknown): boolean {
  if (!isObject(value)) return false;
  if (value.format === CAPTURE_FORMAT) return true;
  return (value.kind === 'feed' || value.kind === 'push' || typeof value.feed === 'string') && 'body' in value;
}

/** Parses a capture. Without a header, sport and page are read from the first list feed's name. */
export function parseCapture(text: string, onBadLine?: BadLine): Capture {
  const feeds: CapturedFeed[] = [];
  const pushes: CapturedPush[] = [];
  let header: CaptureHeader | null = null;
  for (const { value, lineNumber } of jsonLines(text, onBadLine)) {
    if (!isObject(value)) {
      onBadLine?.(lineNumber, 'not an object');
      continue;
    }
    if (value.format === CAPTURE_FORMAT) {
      header = {
        format: CAPTURE_FORMAT,
        version: 1,
        sport: typeof value.sport === 'number' ? value.sport : 1,
        day: typeof value.day === 'number' ? value.day : 0,
        page: readPage(value.page),
        source: typeof value.source === 'string' ? value.source : undefined,
        start: typeof value.start === 'number' ? value.start : undefined,
      };
      continue;
    }
    if (value.kind === 'push') {
      if (typeof value.time !== 'number' || typeof value.subject !== 'string' || typeof value.body !== 'string') {
        onBadLine?.(lineNumber, 'push line needs time, subject and body');
        continue;
      }
      pushes.push({ time: value.time, subject: value.subject, body: value.body });
      continue;
    }
    const feed = capturedFeedOf(value);
    if (typeof feed === 'string') onBadLine?.(lineNumber, feed);
    else feeds.push(feed);
  }
  feeds.sort((a, b) => a.time - b.time);
  pushes.sort((a, b) => a.time - b.time);
  return { header: header ?? guessHeader(feeds), feeds, pushes };
}

const FULL_FEED = /^f_(\d+)_(-?\d+)_(-?\d+)_([a-z]{2,3})_(\d+)$/;

function guessHeader(feeds: readonly CapturedFeed[]): CaptureHeader {
  for (const capture of feeds) {
    const m = FULL_FEED.exec(capture.feed);
    if (!m) continue;
    return {
      format: CAPTURE_FORMAT,
      version: 1,
      sport: Number(m[1]),
      day: Number(m[2]),
      page: { timezoneHour: Number(m[3]), language: m[4]!, projectType: Number(m[5]) },
    };
  }
  return { format: CAPTURE_FORMAT, version: 1, sport: 1, day: 0, page: readPage(null) };
}

export function serializeCaptureHeader(header: Omit<CaptureHeader, 'format' | 'version'>): string {
  return JSON.stringify({ format: CAPTURE_FORMAT, version: 1, ...header });
}

export interface WrapFeedOptions {
  /** The feed name the body was recorded under, e.g. `f_1_0_3_en_2`. */
  readonly feed: string;
  readonly body: string;
  readonly source?: string;
}

/**
 * A recorded full-feed body as a one-response capture. Its time is placed on the recorded day:
 * the median start of its events, shifted by the day offset, so the client's day window (S4-8)
 * holds the same events the recording did.
 */
export function wrapFeedAsCapture(options: WrapFeedOptions): string {
  const m = FULL_FEED.exec(options.feed);
  if (!m) throw new Error(`not a full day feed name: ${options.feed}`);
  const sport = Number(m[1]);
  const day = Number(m[2]);
  const page: FeedPage = { timezoneHour: Number(m[3]), language: m[4]!, projectType: Number(m[5]) };
  const starts = parseListFeed(options.body)
    .events.map((event) => event.startTime)
    .filter((t): t is number => typeof t === 'number' && Number.isFinite(t))
    .sort((a, b) => a - b);
  const median = starts[Math.floor(starts.length / 2)] ?? Date.UTC(2026, 8, 2) / 1000;
  const time = median * 1000 - day * 86_400_000;
  const header = serializeCaptureHeader({ sport, day, page, source: options.source, start: time });
  const line = JSON.stringify({ time, kind: 'feed', feed: options.feed, status: 200, headers: {}, body: options.body });
  return `${header}\n${line}\n`;
}

/** A raw feed body as recorded (a file of `fixtures/real-feeds/`, say): its bytes and where it came from. */
export interface RawFeedFile {
  readonly path: string;
  readonly bytes: Uint8Array;
}

/** A raw body the day's machines do not read (a detail tab names no event), or that is no feed. */
export interface SkippedRawFeed {
  readonly path: string;
  readonly kind: FeedBodyKind;
}

export interface WrappedRawFeeds {
  /** The capture, as `scores record` writes it. */
  readonly text: string;
  readonly feeds: number;
  readonly sport: number;
  readonly skipped: readonly SkippedRawFeed[];
}

const DAY_MS = 86_400_000;
/** The bodies the list machines ask for (S7-2, S7-3, S7-4, S7-6, S7-11), by the kind `feed parse` names. */
const DAY_KINDS: ReadonlySet<FeedBodyKind> = new Set(['list', 'update', 'repair', 'sys', 'odds-list']);

interface RawBody {
  readonly path: string;
  readonly kind: FeedBodyKind;
  readonly body: string;
  readonly sport: number | null;
  /** Epoch ms the body speaks of: its refresh time (A2), server time (utime), or a list's median start. */
  readonly time: number | null;
  /** True when `time` is when it was served (A2, utime), not when its events start. */
  readonly served: boolean;
  readonly order: number;
}

function readRawBody(file: RawFeedFile, order: number): RawBody | SkippedRawFeed {
  const inspection = inspectFeed(file.bytes);
  if (isNotAFeed(inspection.kind) || !DAY_KINDS.has(inspection.kind)) return { path: file.path, kind: inspection.kind };
  const body = Buffer.from(file.bytes).toString('utf8');
  const base = { path: file.path, kind: inspection.kind, body, sport: inspection.sport, order };
  if (inspection.kind === 'sys') {
    const utime = parseSysFeed(body).utime;
    return { ...base, time: utime === null ? null : utime * 1000, served: utime !== null };
  }
  const feed = parseListFeed(body);
  if (feed.refreshUtime !== null) return { ...base, time: feed.refreshUtime * 1000, served: true };
  const starts = feed.events
    .map((event) => event.startTime)
    .filter((t): t is number => typeof t === 'number' && Number.isFinite(t))
    .sort((a, b) => a - b);
  const median = starts[Math.floor(starts.length / 2)];
  return { ...base, time: median === undefined ? null : median * 1000, served: false };
}

function localDay(time: number, timezoneHour: number): number {
  return Math.floor((time + timezoneHour * 3_600_000) / DAY_MS);
}

/**
 * Raw recorded feed bodies (any kind `scores feed parse` tells) as one capture of a day, in the order of their time
 * keys: a list's refresh time (A2) or the median start of its events, an update's A2, the sys feed's server time.
 * Each body is served under the name our client asks for on `page`: a list under its day's full feed (the day
 * counted from the day the recording was made: the latest refresh time, else the middle list's day), an update
 * under u_, a repair under r_. Detail bodies name no event, so they are skipped and listed. A string result is why
 * the files make no capture.
 */
export function wrapRawFeeds(
  files: readonly RawFeedFile[],
  options: { readonly page?: FeedPage; readonly source?: string } = {},
): WrappedRawFeeds | string {
  const page = options.page ?? DEFAULT_FEED_PAGE;
  const bodies: RawBody[] = [];
  const skipped: SkippedRawFeed[] = [];
  files.forEach((file, i) => {
    const read = readRawBody(file, i);
    if ('body' in read) bodies.push(read);
    else skipped.push(read);
  });
  if (bodies.length === 0) {
    const kinds = [...new Set(skipped.map((s) => s.kind))].join(', ');
    return `no day list, update, repair, odds or sys feed body among ${files.length} file(s) (found: ${kinds || 'none'})`;
  }
  const sports = [...new Set(bodies.map((b) => b.sport).filter((s): s is number => s !== null))];
  if (sports.length > 1) return `feeds of sports ${sports.join(', ')}: a capture follows one sport`;
  const sport = sports[0];
  if (sport === undefined) return 'no body names its sport (SA): add the day list it belongs to';
  const served = bodies.filter((b) => b.served && b.time !== null).map((b) => b.time!);
  const listDays = bodies
    .filter((b) => b.kind === 'list' && b.time !== null)
    .map((b) => localDay(b.time!, page.timezoneHour))
    .sort((a, b) => a - b);
  const today =
    served.length > 0
      ? localDay(Math.max(...served), page.timezoneHour)
      : (listDays[Math.floor((listDays.length - 1) / 2)] ?? null);
  const days = bodies.map((b) =>
    b.kind === 'list' && b.time !== null && today !== null ? localDay(b.time, page.timezoneHour) - today : 0,
  );
  const todayTimes = bodies.filter((b, i) => days[i] === 0 && b.time !== null).map((b) => b.time!);
  const recordedAt = todayTimes.length > 0 ? Math.min(...todayTimes) : null;
  // A list of another day was fetched on the recording's day: place it with the day's first body.
  const placed = bodies.map((b, i) => {
    const day = days[i]!;
    if (day === 0 || b.time === null) return { ...b, day };
    return { ...b, day, time: recordedAt ?? b.time - day * DAY_MS };
  });
  const known = placed.filter((b) => b.time !== null).map((b) => b.time!);
  const start = known.length > 0 ? Math.min(...known) : Date.UTC(2026, 8, 2);
  const lines = placed
    .map((b) => ({ ...b, time: b.time ?? start }))
    .sort((a, b) => a.time - b.time || a.order - b.order)
    .map((b) => {
      const call: FeedCall =
        b.kind === 'list'
          ? { kind: 'full', sport, day: b.day }
          : b.kind === 'update'
            ? { kind: 'update', sport, signature: null }
            : b.kind === 'repair'
              ? { kind: 'repair', sport }
              : b.kind === 'sys'
                ? { kind: 'sys' }
                : { kind: 'odds', sport, day: 0 };
      return JSON.stringify({
        time: b.time,
        kind: 'feed',
        feed: feedNameFor(call, page),
        status: 200,
        headers: {},
        body: b.body,
      });
    });
  const header = serializeCaptureHeader({ sport, day: 0, page, source: options.source, start });
  return { text: `${header}\n${lines.join('\n')}\n`, feeds: lines.length, sport, skipped };
}
