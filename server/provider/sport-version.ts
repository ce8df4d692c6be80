// The version of one sport's slice of the world: the highest version among its matches and its
// moved-event marks. Update signatures encode it, so a change in another sport does not make a
// client's signature stale (S7-19: unchanged → 304).
import type { MatchState, WorldState } from '../../sim/world/state';

export function sportVersion(world: WorldState, sportId: number): number {
  let version = 0;
  for (const match of world.matches.values()) {
    if (match.sportId === sportId && match.version > version) version = match.version;
  }
  for (const [id, moved] of world.moved) {
    if (moved > version && world.matches.get(id)?.sportId === sportId) version = moved;
  }
  return version;
}

export function matchesOfSport(world: WorldState, sportId: number): MatchState[] {
  const out: MatchState[] = [];
  for (const match of world.matches.values()) if (match.sportId === sportId) out.push(match);
  return out;
}

/** Display order inside a league: start time, then the sort participant, then id (stable). */
export function compareMatches(a: MatchState, b: MatchState): number {
  const ta = a.fields.startTime ?? 0;
  const tb = b.fields.startTime ?? 0;
  if (ta !== tb) return ta - tb;
  const pa = a.fields.sortParticipant ?? a.fields.home ?? '';
  const pb = b.fields.sortParticipant ?? b.fields.home ?? '';
  if (pa !== pb) return pa < pb ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
