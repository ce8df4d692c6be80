// Group sports (S3-2): motorsport (31) and winter sports (37) hold no matches of their own; their
// lists are made of their children's matches (S7-2: group sports' day lists are fp_ feeds).
import { childSports, SPORTS, sportById } from '../../src/domain/sports';

const GROUP_MEMBERS: ReadonlyMap<number, readonly number[]> = new Map(
  SPORTS.filter((s) => s.isGroup).map((s) => [s.id, childSports(s.id).map((c) => c.id)]),
);

/** The sports whose matches make up a sport's lists: a group's children, else the sport itself. */
export function listSports(sportId: number): readonly number[] {
  return GROUP_MEMBERS.get(sportId) ?? [sportId];
}

export function isGroupSport(sportId: number): boolean {
  return GROUP_MEMBERS.has(sportId);
}

/** The sports whose lists change with a sport's matches: the sport, and its group when it has one. */
export function listsOf(sportId: number): readonly number[] {
  const parentId = sportById(sportId)?.parentId ?? null;
  return parentId === null ? [sportId] : [sportId, parentId];
}
