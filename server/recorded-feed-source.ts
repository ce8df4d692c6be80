// A FeedSource that answers from a capture: JSON lines of {time, feed, status, headers, body}
// (feed responses recorded from our server or the real provider). A request gets the latest
// capture of that feed at or before the source's current time; moving time forward pushes the
// captured update and sys bodies it passes over on their subjects (S7-23).
import { readFile } from 'node:fs/promises';
import type { FeedRequest, FeedResponse, FeedSource, PushMessage, Unsubscribe } from '../src/protocol/feed-source';

export interface CapturedFeed {
  /** Epoch ms when the response was recorded. */
  readonly time: number;
  readonly feed: string;
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

export interface RecordedFeedSourceOptions {
  /** Start time (epoch ms); default the first capture's time. */
  readonly startTime?: number;
  /** Called for every capture line that could not be read (it is skipped). */
  readonly onBadLine?: (lineNumber: number, reason: string) => void;
}

export interface RecordedFeedSource extends FeedSource {
  /** Moves the source's time forward (never back) and pushes the u_/uo_/sys_ captures passed over. */
  advanceTo(time: number): void;
  /** Captures held, in time order. */
  readonly captures: readonly CapturedFeed[];
}

const NOT_FOUND: FeedResponse = Object.freeze({
  status: 404,
  headers: Object.freeze({ 'content-type': 'text/plain; charset=utf-8' }),
  body: '0',
});
const PUSHED_FEED = /^(u|uo)_\d+_\d+$|^sys_\d+$/;

/** One capture line, or a reason it is unusable. Never throws. */
export function parseCaptureLine(line: string): CapturedFeed | string {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return 'not JSON';
  }
  return capturedFeedOf(value);
}

/** A captured feed response from a line's parsed JSON, or the reason it is not one. */
export function capturedFeedOf(value: unknown): CapturedFeed | string {
  if (typeof value !== 'object' || value === null) return 'not an object';
  const v = value as Record<string, unknown>;
  if (typeof v.time !== 'number' || !Number.isFinite(v.time)) return 'time is not a number';
  if (typeof v.feed !== 'string' || v.feed.length === 0) return 'feed is missing';
  if (typeof v.body !== 'string') return 'body is not text';
  const status = typeof v.status === 'number' && Number.isInteger(v.status) ? v.status : 200;
  const headers: Record<string, string> = {};
  if (typeof v.headers === 'object' && v.headers !== null) {
    for (const [name, header] of Object.entries(v.headers as Record<string, unknown>)) {
      if (typeof header === 'string') headers[name.toLowerCase()] = header;
    }
  }
  return { time: v.time, feed: v.feed, status, headers, body: v.body };
}

/** Captures from JSON-lines text; blank lines are skipped, bad lines reported and skipped. */
export function parseCaptures(text: string, onBadLine?: (lineNumber: number, reason: string) => void): CapturedFeed[] {
  const out: CapturedFeed[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]?.trim() ?? '';
    if (line === '') continue;
    const parsed = parseCaptureLine(line);
    if (typeof parsed === 'string') onBadLine?.(i + 1, parsed);
    else out.push(parsed);
  }
  return out;
}

export function createRecordedFeedSource(
  captures: readonly CapturedFeed[],
  options: RecordedFeedSourceOptions = {},
): RecordedFeedSource {
  const ordered = [...captures].sort((a, b) => a.time - b.time);
  const byFeed = new Map<string, CapturedFeed[]>();
  for (const capture of ordered) {
    const list = byFeed.get(capture.feed) ?? [];
    list.push(capture);
    byFeed.set(capture.feed, list);
  }
  const listeners = new Set<(message: PushMessage) => void>();
  let time = options.startTime ?? ordered[0]?.time ?? 0;
  // Index of the first capture after `time`: time only moves forward, so pushes resume here.
  let cursor = 0;
  while (cursor < ordered.length && (ordered[cursor]?.time ?? 0) <= time) cursor++;

  /** Latest capture at or before `time` (binary search over the feed's captures). */
  function latest(feed: string): CapturedFeed | undefined {
    const list = byFeed.get(feed);
    if (!list) return undefined;
    let lo = 0;
    let hi = list.length - 1;
    let found: CapturedFeed | undefined;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const capture = list[mid];
      if (capture && capture.time <= time) {
        found = capture;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  }

  return {
    captures: ordered,
    fetch(request: FeedRequest): FeedResponse {
      const capture = latest(request.feed);
      if (!capture) return NOT_FOUND;
      return { status: capture.status, headers: capture.headers, body: capture.body };
    },
    onPush(listener): Unsubscribe {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    now: () => time,
    advanceTo(next) {
      if (!(next > time)) return;
      time = next;
      for (; cursor < ordered.length; cursor++) {
        const capture = ordered[cursor];
        if (!capture || capture.time > next) break;
        if (capture.status !== 200 || !PUSHED_FEED.test(capture.feed)) continue;
        for (const listener of [...listeners]) {
          try {
            listener({ subject: capture.feed, body: capture.body });
          } catch {
            // One failing listener never stops the replay.
          }
        }
      }
    },
  };
}

/** Reads a capture file (JSON lines) into a recorded source. */
export async function loadRecordedFeedSource(
  path: string,
  options: RecordedFeedSourceOptions = {},
): Promise<RecordedFeedSource> {
  const text = await readFile(path, 'utf8');
  return createRecordedFeedSource(parseCaptures(text, options.onBadLine), options);
}
