// The few response shapes of the world feeds.
import type { FeedResponse } from '../../src/protocol/feed-source';

const TEXT_HEADERS = Object.freeze({ 'content-type': 'text/plain; charset=utf-8' });
/**
 * Feed answers are stored but revalidated on every request (their ETag makes that a 304): each answer's Date is the
 * server clock the client sets its own by (S7-21), and the client's polls (S9-4: update 5 s, default 10 s) must see
 * an A2 refresh at once, so no answer may be reused unasked for even a second.
 */
const FEED_HEADERS = Object.freeze({ 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache' });

/** S8-1: unknown feeds and unknown events. */
export const NOT_FOUND: FeedResponse = Object.freeze({ status: 404, headers: TEXT_HEADERS, body: '0' });
/** S7-19: the client's signature is current. */
export const NOT_MODIFIED: FeedResponse = Object.freeze({ status: 304, headers: TEXT_HEADERS, body: '' });
/** A rendering fault answers like an unknown feed rather than taking the server down. */
export const SERVER_ERROR: FeedResponse = Object.freeze({ status: 500, headers: TEXT_HEADERS, body: '0' });

export function ok(body: string): FeedResponse {
  return { status: 200, headers: FEED_HEADERS, body };
}
