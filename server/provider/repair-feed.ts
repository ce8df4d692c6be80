// Repair feed r_<sport>_<pt> (S7-3, protocol.md §6.3): full values of the live events, in the
// `ST÷repair` form. League rows come first so every repaired row names its league; the client
// resets what it holds and creates nothing new from a repair batch.
import { type FeedRow, serializeRows } from '../../src/protocol/codec';
import type { MatchState, WorldState } from '../../sim/world/state';
import { compareLeagues } from './full-feed';
import { feedBodyFromText } from './feed-body';
import { fullEventRowText, leagueRowText, sportRow } from './rows';
import { compareMatches } from './sport-version';

/** AB 2: live (protocol.md §5.4). */
const STAGE_TYPE_LIVE = 2;

export function liveMatchesByLeague(world: WorldState, sportId: number) {
  const byLeague = new Map<string, MatchState[]>();
  for (const match of world.matches.values()) {
    if (match.sportId !== sportId || match.fields.stageType !== STAGE_TYPE_LIVE) continue;
    const list = byLeague.get(match.leagueId) ?? [];
    list.push(match);
    byLeague.set(match.leagueId, list);
  }
  const out = [];
  for (const [leagueId, matches] of byLeague) {
    const league = world.leagues.get(leagueId);
    if (!league) continue;
    matches.sort(compareMatches);
    out.push({ league, matches });
  }
  out.sort((a, b) => compareLeagues(a.league, b.league));
  return out;
}

export function renderRepair(world: WorldState, sportId: number, signature: string): string {
  return feedBodyFromText(repairPart(world, sportId), { signature });
}

/** One sport's rows of a repair feed, without the trailer (a group's is its children's in a row). */
export function repairPart(world: WorldState, sportId: number): string {
  const head: FeedRow[] = [sportRow(sportId), [['ST', 'repair']]];
  const parts = [serializeRows(head)];
  for (const { league, matches } of liveMatchesByLeague(world, sportId)) {
    parts.push(leagueRowText(league));
    for (const match of matches) parts.push(fullEventRowText(match));
  }
  return parts.join('');
}
