// The browser's feed gateway: list sessions per sport and day, detail feeds over HTTP from the chosen
// origin, server time.
import { flushSync } from 'react-dom';
import type { FeedGateway, ListSession } from '../ui/store/feed-gateway';
import { frameBatched } from '../ui/store/scoreboard-view';
import { type EngineSessionOptions, openEngineListSession } from './engine-session';

export interface BrowserGatewayOptions extends EngineSessionOptions {
  /** A detail feed body from the feed origin chosen at start-up (A4-9), or null (machines/site-network.ts). */
  readonly fetchDetail: (name: string) => Promise<string | null>;
}

export function createBrowserGateway(options: BrowserGatewayOptions): FeedGateway {
  const open = new Set<ListSession>();
  // Subscribers redraw inside the frame's callback, synchronously, so the frame paints them.
  const raf = (cb: () => void) => requestAnimationFrame(() => flushSync(cb));
  return {
    openList(request) {
      const session = openEngineListSession(request, options);
      const batched: ListSession = { ...session, view: frameBatched(session.view, raf) };
      const wrapped: ListSession = {
        ...batched,
        close() {
          open.delete(wrapped);
          session.close();
        },
      };
      open.add(wrapped);
      return wrapped;
    },
    fetchDetail: (name) => options.fetchDetail(name),
    findEvent(eventId) {
      for (const session of open) {
        const snapshot = session.view.snapshot();
        const event = snapshot.events.get(eventId);
        if (event) return { event, sportId: event.sportId ?? snapshot.sportId ?? 0 };
      }
      return null;
    },
    now() {
      for (const session of open) if (session.serverNow) return session.serverNow();
      return options.now();
    },
  };
}
