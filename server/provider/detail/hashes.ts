// Version hashes g_<sport>_<id> (protocol.md §4.2): one md5 per content section, so a detail page
// re-fetches a tab only when its hash moves. CA = core (dc_), CD = summary and line-ups (df_su_,
// df_li_), CE = statistics (df_st_), CF = odds (df_od_); A1 = md5 of the four.
import { serializeRows } from '../../../src/protocol/codec';
import { md5Hex } from '../signature';

export interface DetailBodies {
  readonly core: string;
  readonly summary: string;
  readonly lineups: string;
  readonly stats: string;
  readonly odds: string;
}

export function renderHashes(bodies: DetailBodies): string {
  const ca = md5Hex(bodies.core);
  const cd = md5Hex(bodies.summary + bodies.lineups);
  const ce = md5Hex(bodies.stats);
  const cf = md5Hex(bodies.odds);
  return serializeRows([
    [
      ['CA', ca],
      ['CD', cd],
      ['CE', ce],
      ['CF', cf],
      ['A1', md5Hex(ca + cd + ce + cf)],
    ],
  ]);
}
