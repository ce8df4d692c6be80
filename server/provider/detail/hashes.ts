// Version hashes g_<pt>_<id> (protocol.md §4.2): one md5 per content section, so a detail page re-fetches
// a tab only when its hash moves, and each detail feed carries its section's hash in its own A1.
// CA = core (dc_), CD = summary and line-ups (df_su_ then df_li_), CE = statistics (df_st_), CF = odds
// (df_od_, main market); A1 = md5 of the four. A section's content is its feed body without the A1 cell.
import { serializeRows } from '../../../src/protocol/codec';
import { md5Hex } from '../signature';

export interface DetailBodies {
  readonly core: string;
  readonly summary: string;
  readonly lineups: string;
  readonly stats: string;
  readonly odds: string;
}

export interface SectionHashes {
  readonly CA: string;
  readonly CD: string;
  readonly CE: string;
  readonly CF: string;
}

// The closing A1 cell, empty or signed; in dc_ it closes the core row, elsewhere it is a row of its own.
const TRAILER = /A1÷[0-9a-f]*¬~$/;

/** A detail body without its closing A1 cell: what its hash covers. */
export function detailContent(body: string): string {
  return body.replace(TRAILER, '');
}

/** The body with `hash` in its closing A1 cell (md5 of its content when none is given). */
export function signDetail(body: string, hash: string = md5Hex(detailContent(body))): string {
  return `${detailContent(body)}A1÷${hash}¬~`;
}

export function sectionHashes(bodies: DetailBodies): SectionHashes {
  return {
    CA: md5Hex(detailContent(bodies.core)),
    CD: md5Hex(detailContent(bodies.summary) + detailContent(bodies.lineups)),
    CE: md5Hex(detailContent(bodies.stats)),
    CF: md5Hex(detailContent(bodies.odds)),
  };
}

export function renderHashes(bodies: DetailBodies): string {
  const { CA, CD, CE, CF } = sectionHashes(bodies);
  return serializeRows([
    [
      ['CA', CA],
      ['CD', CD],
      ['CE', CE],
      ['CF', CF],
      ['A1', md5Hex(CA + CD + CE + CF)],
    ],
  ]);
}
