// The ordering rule that keeps an older update from overwriting a newer value.
//
// The server encodes the world version a list feed was rendered at in its signature `A1`
// (server/provider/signature.ts): 32 hex characters like an md5, the first 12 the version in hex,
// the last 20 a check the client cannot verify (it needs the server's salt). We read the version
// as the feed's ordinal when the first 4 hex digits are zero (versions below 2^32): a real
// provider's md5 passes that test with odds of 1 in 65,536, so real feeds almost always get a
// null ordinal and are applied in arrival order. Plain digits (`A1÷1234¬`, `A1÷1234.<hash>¬`,
// `A1÷v1234¬`) are read too, for hand-made feeds.
//
// The store keeps, per event and per field, the ordinal of the feed that last wrote it. A field
// is written only when the incoming ordinal is at least the stored one, so applying the same
// feeds in any order (reordered responses, push racing a poll, a replayed stale response)
// ends in the same values: the newest write of each field wins.
import type { ListFeed } from '../protocol/list-feed-types';

const ORDINAL = /^v?(\d{1,15})(?:[.:_-][0-9A-Za-z]*)?$/;
const WORLD_SIGNATURE = /^0000[0-9a-f]{28}$/;

/** The world version a signature carries, or null when it carries none. */
export function signatureOrdinal(signature: string | null | undefined): number | null {
  if (!signature) return null;
  if (WORLD_SIGNATURE.test(signature)) return Number.parseInt(signature.slice(0, 12), 16);
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
