// Feed captures: what a client received from a server, with times. JSON lines: a header, then
// `{time, kind: 'feed', feed, status, headers, body}` for feed responses and
// `{time, kind: 'push', subject, body}` for push messages. Lines without `kind` are feed lines
// (the shape server/recorded-feed-source.ts reads), so both formats replay the same way.
import { type CapturedFeed, capturedFeedOf } from '../../server/recorded-feed-source';
import { EDITION } from '../../src/domain/edition';
import type { FeedPage } from '../../src/net/feed-names';
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
