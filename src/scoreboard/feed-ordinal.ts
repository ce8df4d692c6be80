// The ordering rule that keeps an older update from overwriting a newer value.
//
// The server encodes the world version a list feed was rendered at in its signature `A1`
// (docs/architecture.md: "the update signature A1 encodes that version"). We read it as the
// feed's ordinal: `A1÷1234¬`, `A1÷1234.<hash>¬`, `A1÷1234:<hash>¬`, `A1÷1234-<hash>¬` or
// `A1÷v1234¬` all mean version 1234. A real provider's md5 signature (32 hex chars) has no
// readable version: such feeds get a null ordinal and are applied in arrival order.
//
// The store keeps, per event and per field, the ordinal of the feed that last wrote it. A field
// is written only when the incoming ordinal is at least the stored one, so applying the same
// feeds in any order (reordered responses, push racing a poll, a replayed stale response)
// ends in the same values: the newest write of each field wins.
import type { ListFeed } from '../protocol/list-feed-types';

const ORDINAL = /^v?(\d{1,15})(?:[.:_-][0-9A-Za-z]*)?$/;

/** The world version a signature carries, or null when it carries none. */
export function signatureOrdinal(signature: string | null | undefined): number | null {
  if (!signature) return null;
  const match = ORDINAL.exec(signature);
  if (!match) return null;
  const value = Number(match[1]);
  return Number.isSafeInteger(value) ? value : null;
}

export function feedOrdinal(feed: Pick<ListFeed, 'signature'>): number | null {
  return signatureOrdinal(feed.signature);
}

/** True when a write at `incoming` may replace a value written at `stored`. */
export function isNotOlder(incoming: number | null, stored: number | undefined): boolean {
  return incoming === null || stored === undefined || incoming >= stored;
}
