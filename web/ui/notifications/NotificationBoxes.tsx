// Game notification boxes along the bottom of the page (S2-45, S4-41, S9-9): the site's 'notifications' child
// holds them; the newest the window fits are shown (older ones carry the hidden flag), each fades in, and fades
// out when it expires or is closed. A box is a link to its match: a plain click tells the machine (box.open),
// whose effect asks the page to open the match (open-match.ts), which this component does with the router.
import { useSelector } from '@xstate/react';
import { memo, useEffect } from 'react';
import { useNavigate } from 'react-router';
import type { NotificationBox } from '../../../machines/notifications';
import { showsLogo } from '../../../src/domain/notification-rules';
import { kk } from '../../../src/i18n/kk';
import { useSiteChild } from '../common/actors';
import { matchHref } from '../list/row-navigation';
import type { MatchHint } from '../match/match-hint';
import { OPEN_MATCH_EVENT, type OpenMatchDetail } from './open-match';

type Send = ReturnType<typeof useSiteChild<'notifications'>>['send'];

const Box = memo(function Box({ box, send }: { readonly box: NotificationBox; readonly send: Send }) {
  const n = box.notification;
  const onClick = (e: React.MouseEvent<HTMLAnchorElement>) => {
    // Modified clicks open a tab as links do; a plain one opens the match here.
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    send({ type: 'box.open', id: n.id });
  };
  return (
    <div className={`notification notification--${box.phase}`} data-testid="notification-box" data-kind={n.kind}>
      <a
        className="notification__open"
        href={matchHref(n.gameId)}
        onClick={onClick}
        aria-label={kk.notifications.openMatch(n.home, n.away)}
      >
        <span className="notification__text">{n.text}</span>
        {n.label ? <span className="notification__label">{n.label}</span> : null}
        <span className="notification__teams">
          {showsLogo(n, n.homeLogo) ? <img className="notification__logo" src={n.homeLogo} alt="" /> : null}
          <span className="notification__home">{n.home}</span>
          <span className="notification__score">{n.score}</span>
          <span className="notification__away">{n.away}</span>
          {showsLogo(n, n.awayLogo) ? <img className="notification__logo" src={n.awayLogo} alt="" /> : null}
        </span>
      </a>
      <button
        type="button"
        className="notification__close"
        aria-label={kk.notifications.close}
        title={kk.notifications.close}
        onClick={() => send({ type: 'box.close', id: n.id })}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
});

/** Opens the match a box or a browser notification asks for, through the router. */
function useOpenMatchRequests(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const open = (event: Event) => {
      const detail = (event as CustomEvent<OpenMatchDetail>).detail;
      if (!detail?.eventId) return;
      const hint: MatchHint = { sportId: detail.sportId, home: detail.home, away: detail.away };
      navigate(matchHref(detail.eventId), { state: hint });
    };
    window.addEventListener(OPEN_MATCH_EVENT, open);
    return () => window.removeEventListener(OPEN_MATCH_EVENT, open);
  }, [navigate]);
}

export function NotificationBoxes() {
  const notifications = useSiteChild('notifications');
  const boxes = useSelector(notifications, (s) => s.context.boxes);
  useOpenMatchRequests();
  const shown = boxes.filter((box) => !box.notification.hidden);
  return (
    <section className="notifications" aria-label={kk.notifications.region} aria-live="polite">
      {shown.map((box) => (
        <Box key={box.notification.id} box={box} send={notifications.send} />
      ))}
    </section>
  );
}
