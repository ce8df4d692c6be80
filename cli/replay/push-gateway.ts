// The replayed site's push gateway: a socket actor for machines/push-connection.ts over the current server (a
// FeedSource that a restart replaces). A socket opens on the next microtask, keeps the subjects its frames
// subscribe, and passes the server's push messages on those subjects as frames. A frame arrives through a 0 ms
// timer of the site's clock: the world pushes while the harness moves it to the end of a step, before the
// site's clock gets there, and the frame must arrive at the new time. `drop` closes the open socket
// (`socket.down`) and can refuse new ones for a while, each failing at once, so the connection's back-off runs
// on the site's SimulatedClock exactly as it would in the browser.
import { fromCallback } from 'xstate';
import type { PushSocketCommand, PushSocketInput, PushSocketReport } from '../../machines/push-connection';
import type { FeedSource } from '../../src/protocol/feed-source';

interface OpenSocket {
  close(): void;
}

/** The site's clock (a SimulatedClock). */
export interface GatewayClock {
  now(): number;
  setTimeout(fn: () => void, timeout: number): unknown;
}

/** What a subscribe or unsubscribe frame names (push-frame.ts writes them). */
function subjectsOf(data: string): { subscribe: string[]; unsubscribe: string[] } {
  try {
    const frame = JSON.parse(data) as { subscribe?: unknown; unsubscribe?: unknown };
    const list = (value: unknown) => (Array.isArray(value) ? value.filter((s) => typeof s === 'string') : []);
    return { subscribe: list(frame.subscribe), unsubscribe: list(frame.unsubscribe) };
  } catch {
    return { subscribe: [], unsubscribe: [] };
  }
}

export class SimulatedPushGateway {
  private open: OpenSocket | null = null;
  private refusingUntil = Number.NEGATIVE_INFINITY;
  /** The socket actor the push connection is provided with. */
  readonly socket = fromCallback<PushSocketCommand, PushSocketInput>(({ sendBack, receive }) => {
    const report = (event: PushSocketReport) => sendBack(event);
    let closed = false;
    if (this.clock.now() < this.refusingUntil) {
      queueMicrotask(() => {
        if (!closed) report({ type: 'socket.down' });
      });
      return () => {
        closed = true;
      };
    }
    const subjects = new Set<string>();
    const stopListening = this.server().onPush(
      (message) => {
        if (closed || !subjects.has(message.subject)) return;
        const data = JSON.stringify(message);
        this.clock.setTimeout(() => {
          if (!closed) report({ type: 'socket.frame', data });
        }, 0);
      },
      { wants: (subject) => subjects.has(subject) },
    );
    const close = () => {
      if (closed) return;
      closed = true;
      stopListening();
      if (this.open === socket) this.open = null;
    };
    const socket: OpenSocket = {
      close: () => {
        if (closed) return;
        close();
        report({ type: 'socket.down' });
      },
    };
    this.open = socket;
    receive((command) => {
      const { subscribe, unsubscribe } = subjectsOf(command.data);
      for (const subject of subscribe) subjects.add(subject);
      for (const subject of unsubscribe) subjects.delete(subject);
    });
    queueMicrotask(() => {
      if (!closed) report({ type: 'socket.open' });
    });
    return close;
  });

  constructor(
    private readonly server: () => FeedSource,
    private readonly clock: GatewayClock,
  ) {}

  /** Closes the open socket, if any, and refuses new ones for `refuseMs`. */
  drop(refuseMs = 0): void {
    this.refusingUntil = Math.max(this.refusingUntil, this.clock.now() + refuseMs);
    this.open?.close();
  }
}
