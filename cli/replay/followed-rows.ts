// The followed rows a replayed sport page holds go to the first tab's My Games as `feed.events` (S4-27, S4-28),
// as the browser's list does (web/ui/follow/use-report-rows.ts): the machine fills in entries read from the
// account's form, confirms finished and scheduled matches and rebuilds an entry whose times moved. A page sends
// only when its followed rows or the followed entries changed. Games only: visitor events star no tournament.
import type { FollowRow } from '../../machines/my-games';
import { parseGameKey } from '../../src/domain/my-games-rules';
import { followRowOfEvent } from '../../src/follow/row-of-event';
import type { FollowState } from '../../src/follow/state';
import type { ScoreboardSnapshot } from '../../src/scoreboard/types';
import type { ReplayClient } from './client';
import type { VisitorTab } from './visitor-tab';

/** The rows of a snapshot that a followed game of the sport names. */
export function followedRows(snapshot: ScoreboardSnapshot, follow: FollowState, sportId: number): FollowRow[] {
  const rows: FollowRow[] = [];
  for (const [key, entry] of Object.entries(follow.games)) {
    const game = entry.sport_id === sportId ? parseGameKey(key) : null;
    const event = game ? snapshot.events.get(game.eventId) : undefined;
    const row = followRowOfEvent(event, sportId);
    if (row) rows.push(row);
  }
  return rows;
}

const signature = (rows: readonly FollowRow[]) =>
  rows.map((r) => `${r.eventId}:${r.leagueId}:${r.AD}:${r.AP ?? ''}:${r.AB}`).join('|');

interface Seen {
  version: number | null;
  follow: FollowState | null;
  sent: string;
}

export class FollowedRowsReporter {
  private readonly seen = new Map<ReplayClient, Seen>();

  /** Sends each page's followed rows to the tab when they or its entries changed. */
  report(clients: readonly ReplayClient[], tab: VisitorTab): void {
    for (const client of clients) {
      const seen = this.seen.get(client) ?? { version: null, follow: null, sent: '' };
      this.seen.set(client, seen);
      const snapshot = client.engine.scoreboard.snapshot();
      const follow = tab.myGames.getSnapshot().context.follow;
      if (snapshot.version === seen.version && follow === seen.follow) continue;
      const followChanged = follow !== seen.follow;
      seen.version = snapshot.version;
      seen.follow = follow;
      const rows = followedRows(snapshot, follow, client.sport);
      const next = signature(rows);
      // The same rows go again after the entries changed (a login's entries wait for their rows).
      if (rows.length === 0 || (next === seen.sent && !followChanged)) continue;
      seen.sent = next;
      tab.myGames.send({ type: 'feed.events', rows });
    }
  }
}
