// What a replayed sport page's update and repair feeds change goes to the first tab's notifications child as
// game changes (`feed.changes`), as the browser's lists do (web/app/notifications-session.ts): only while it
// follows a game and notifications are not off, with the league's name from the page's scoreboard.
import type { GameChange } from '../../machines/notifications';
import type { ReplayClient } from './client';
import type { VisitorTab } from './visitor-tab';

/** Watches every page's applied feeds for the tab `tab()` names now; returns the unwatch. */
export function feedNotifications(clients: readonly ReplayClient[], tab: () => VisitorTab | null): () => void {
  const stops = clients.map((client) =>
    client.engine.watchApplies((fieldChanges) => {
      const notifications = tab()?.notifications;
      if (!notifications) return;
      const { setting, followed } = notifications.getSnapshot().context;
      if (setting === 'no' || Object.keys(followed).length === 0) return;
      const { scoreboard } = client.engine;
      const changes: GameChange[] = [];
      for (const { before, after } of fieldChanges) {
        const sportId = after.sportId ?? scoreboard.snapshot().sportId ?? client.sport;
        const leagueId = after.leagueId ?? before.leagueId ?? null;
        const label = leagueId ? (scoreboard.getLeague(leagueId)?.name ?? '') : '';
        changes.push({ eventId: after.id, sportId, leagueId, label, before, after });
      }
      if (changes.length > 0) notifications.send({ type: 'feed.changes', changes });
    }),
  );
  return () => {
    for (const stop of stops) stop();
  };
}
