// The followed rows a list holds go to My Games as `feed.events` (S4-27, S4-28, S4-29): the machine fills in
// entries loaded from the account's form, confirms finished and scheduled matches, and rebuilds an entry whose
// times moved. Only followed rows are looked at (at most the limit's 500), and a batch goes out only when
// those rows or the followed entries changed.
import { useEffect } from 'react';
import type { FollowRow } from '../../../machines/my-games';
import { cleanLabelId, parseGameKey } from '../../../src/domain/my-games-rules';
import type { FollowState } from '../../../src/follow/state';
import type { ScoreboardSnapshot } from '../../../src/scoreboard/types';
import type { ScoreboardView } from '../store/scoreboard-view';
import { followRowOf } from './game-input';
import { type MyGamesRef, useMyGames } from './use-follow';

/** The rows of a snapshot that a followed game or tournament names. */
export function followedRows(snapshot: ScoreboardSnapshot, follow: FollowState, sportId: number): FollowRow[] {
  const rows: FollowRow[] = [];
  const add = (id: string) => {
    const event = snapshot.events.get(id);
    if (!event) return;
    const row = followRowOf(event, event.leagueId ? snapshot.leagues.get(event.leagueId) : undefined, sportId);
    if (row) rows.push(row);
  };
  const tournaments = new Set<string>();
  for (const [key, entry] of Object.entries(follow.games)) {
    if (entry.sport_id !== sportId) continue;
    const game = parseGameKey(key);
    if (game) add(game.eventId);
    else tournaments.add(key);
  }
  if (tournaments.size > 0)
    for (const league of snapshot.leagues.values())
      if (tournaments.has(cleanLabelId(league.id))) for (const id of league.eventIds) add(id);
  return rows;
}

const signature = (rows: readonly FollowRow[]) =>
  rows.map((r) => `${r.eventId}:${r.leagueId}:${r.AD}:${r.AP ?? ''}:${r.AB}`).join('|');

/** Watches a list's scoreboard and My Games; sends the followed rows when either changed them. */
export function watchFollowedRows(view: ScoreboardView, myGames: MyGamesRef, sportId: number): () => void {
  let sent = '';
  let seenVersion: number | null = null;
  let seenFollow: FollowState | null = null;
  const report = () => {
    const snapshot = view.snapshot();
    const follow = myGames.getSnapshot().context.follow;
    if (snapshot.version === seenVersion && follow === seenFollow) return;
    const followChanged = follow !== seenFollow;
    seenVersion = snapshot.version;
    seenFollow = follow;
    if (Object.keys(follow.games).length === 0) return;
    const rows = followedRows(snapshot, follow, sportId);
    const next = signature(rows);
    // The same rows go again after the entries changed (a login's entries wait for their rows).
    if (rows.length === 0 || (next === sent && !followChanged)) return;
    sent = next;
    myGames.send({ type: 'feed.events', rows });
  };
  const stopView = view.subscribe(report);
  const watching = myGames.subscribe(report);
  report();
  return () => {
    stopView();
    watching.unsubscribe();
  };
}

export function useReportFollowedRows(view: ScoreboardView | null, sportId: number): void {
  const myGames = useMyGames();
  useEffect(() => (view ? watchFollowedRows(view, myGames, sportId) : undefined), [view, myGames, sportId]);
}
