// Assembles a feed body: rows, then the real feeds' trailer form `~~A1÷<hash>¬~` (an empty row
// before the signature, protocol.md §1 rule 2), with the optional `A2` refresh row before it.
import { type FeedRow, serializeRows } from '../../src/protocol/codec';

export interface Trailer {
  readonly signature: string;
  readonly refreshUtime?: number;
}

export function feedBody(rows: readonly FeedRow[], trailer: Trailer): string {
  return feedBodyFromText(serializeRows(rows), trailer);
}

/** The same, for rows already serialized. */
export function feedBodyFromText(head: string, trailer: Trailer): string {
  const tail: FeedRow[] = [];
  if (trailer.refreshUtime !== undefined) tail.push([['A2', String(trailer.refreshUtime)]]);
  tail.push([['A1', trailer.signature]]);
  return `${head}~${serializeRows(tail)}`;
}
