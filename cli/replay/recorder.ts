// Records a running server's feeds as a capture (cli/replay/capture.ts): the full, repair, update
// and sys feeds (sent with x-fsign, update with the last signature, S7-19) and the push messages
// of the sport's update subject (WebSocket /push, S7-23). Times are the server's (Date header),
// so a replay sees the same "today" the server did.
import { WebSocket } from 'ws';
import { EDITION } from '../../src/domain/edition';
import type { FeedCall } from '../../src/net/feed-call';
import { type FeedPage, feedNameFor, updateSubject } from '../../src/net/feed-names';
import { readPushFrame } from '../../machines/push-client';
import { createServerClock, readDateHeader } from '../../src/net/server-clock';
import { feedUrl } from '../../src/net/transport';
import { parseListFeed } from '../../src/protocol/list-feed';
import { serializeCaptureHeader } from './capture';

export interface RecordOptions {
  /** Server origin, e.g. http://127.0.0.1:3000 */
  readonly url: string;
  readonly sport: number;
  readonly seconds: number;
  readonly day?: number;
  readonly page?: FeedPage;
  /** Update poll interval (S9-4: 5 s). */
  readonly updateEveryMs?: number;
  /** Repair and sys interval (S9-4: 60 s). */
  readonly slowEveryMs?: number;
  readonly log?: (message: string) => void;
}

export interface RecordResult {
  /** The capture as JSON lines. */
  readonly text: string;
  readonly feeds: number;
  readonly pushes: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function recordCapture(options: RecordOptions): Promise<RecordResult> {
  const page = options.page ?? {
    timezoneHour: EDITION.timezoneHour,
    language: EDITION.language,
    projectType: EDITION.projectType,
  };
  const day = options.day ?? 0;
  const log = options.log ?? (() => {});
  const origin = options.url.replace(/\/+$/, '');
  const serverClock = createServerClock(() => Date.now());
  const lines: string[] = [];
  let feeds = 0;
  let pushes = 0;
  let signature: string | null = null;
  const startedAt = Date.now();

  async function record(call: FeedCall): Promise<void> {
    const feed = feedNameFor(call, page);
    const headers: Record<string, string> = { 'x-fsign': EDITION.feedSignature };
    if (call.kind === 'update' && signature) headers['x-signature'] = signature; // S7-19
    try {
      const response = await fetch(feedUrl(origin, feed, EDITION.projectId), { headers });
      const body = await response.text();
      const answerHeaders: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        answerHeaders[name.toLowerCase()] = value;
      });
      const serverTime = readDateHeader(answerHeaders.date);
      if (serverTime !== null) serverClock.observe(serverTime);
      if (response.status === 200 && (call.kind === 'full' || call.kind === 'update')) {
        const parsed = parseListFeed(body);
        if (parsed.signature) signature = parsed.signature;
      }
      lines.push(
        JSON.stringify({
          time: serverClock.now(),
          kind: 'feed',
          feed,
          status: response.status,
          headers: answerHeaders,
          body,
        }),
      );
      feeds++;
    } catch (error) {
      log(`${feed}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  const pushUrl = `${origin.replace(/^http/, 'ws')}/push`;
  const subject = updateSubject(options.sport, page);
  const socket = new WebSocket(pushUrl);
  socket.on('open', () => socket.send(JSON.stringify({ subscribe: [subject] })));
  socket.on('message', (data) => {
    const message = readPushFrame(data.toString());
    if (!message || message.subject !== subject) return;
    lines.push(JSON.stringify({ time: serverClock.now(), kind: 'push', subject: message.subject, body: message.body }));
    pushes++;
  });
  socket.on('error', (error) => log(`push: ${error.message}`));

  await record({ kind: 'sys' });
  const start = serverClock.now();
  await record({ kind: 'repair', sport: options.sport });
  await record({ kind: 'full', sport: options.sport, day });
  const updateEvery = options.updateEveryMs ?? 5_000; // S9-4 update 5
  const slowEvery = options.slowEveryMs ?? 60_000; // S9-4 system poll 60
  let lastSlow = Date.now();
  const endAt = startedAt + options.seconds * 1000;
  while (Date.now() < endAt) {
    await sleep(Math.min(updateEvery, Math.max(0, endAt - Date.now())));
    if (Date.now() >= endAt) break;
    await record({ kind: 'update', sport: options.sport, signature: null });
    if (Date.now() - lastSlow >= slowEvery) {
      lastSlow = Date.now();
      await record({ kind: 'sys' });
      await record({ kind: 'repair', sport: options.sport });
    }
  }
  // The lists as they ended, so a replay's final sync has the truth to reload.
  await record({ kind: 'repair', sport: options.sport });
  await record({ kind: 'full', sport: options.sport, day });
  socket.close();
  // Lines are written in arrival order; a replay sorts them by time.
  const header = serializeCaptureHeader({ sport: options.sport, day, page, source: options.url, start });
  return { text: `${header}\n${lines.join('\n')}\n`, feeds, pushes };
}
