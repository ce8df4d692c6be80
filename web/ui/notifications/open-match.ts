// A game notification (a box, or the browser's notification) asks the page to open a match with this window
// event; the page's router listens for it (NotificationBoxes), so the effect needs no router of its own.
export const OPEN_MATCH_EVENT = 'scores:open-match';

/** The match and what the match page shows before its feeds arrive (its MatchHint). */
export interface OpenMatchDetail {
  readonly eventId: string;
  readonly sportId: number;
  readonly home: string;
  readonly away: string;
}

export function requestOpenMatch(notification: {
  readonly gameId: string;
  readonly sportId: number;
  readonly home: string;
  readonly away: string;
}): void {
  const detail: OpenMatchDetail = {
    eventId: notification.gameId,
    sportId: notification.sportId,
    home: notification.home,
    away: notification.away,
  };
  window.dispatchEvent(new CustomEvent<OpenMatchDetail>(OPEN_MATCH_EVENT, { detail }));
}
