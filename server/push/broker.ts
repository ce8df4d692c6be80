// Push broker (S7-23): subjects to handlers. The in-process broker is the default; anything that
// implements Broker (a real message broker client) can replace it without touching the gateway.
import type { Unsubscribe } from '../../src/protocol/feed-source';

export type BrokerHandler = (body: string, subject: string) => void;

export interface Broker {
  publish(subject: string, body: string): void;
  subscribe(subject: string, handler: BrokerHandler): Unsubscribe;
  /** Number of handlers on a subject (for status and tests). */
  subscriberCount(subject: string): number;
  /** The subjects that have a handler now. */
  subjects(): Iterable<string>;
}

/** In-process broker: publish calls every handler of the subject synchronously. */
export function createInProcessBroker(onHandlerError?: (error: unknown, subject: string) => void): Broker {
  const handlers = new Map<string, Set<BrokerHandler>>();
  return {
    publish(subject, body) {
      const set = handlers.get(subject);
      if (!set) return;
      // Copy so handlers may unsubscribe while being called.
      for (const handler of [...set]) {
        try {
          handler(body, subject);
        } catch (error) {
          // One failing subscriber never stops delivery to the others.
          onHandlerError?.(error, subject);
        }
      }
    },
    subscribe(subject, handler) {
      let set = handlers.get(subject);
      if (!set) {
        set = new Set();
        handlers.set(subject, set);
      }
      set.add(handler);
      return () => {
        const current = handlers.get(subject);
        if (!current) return;
        current.delete(handler);
        if (current.size === 0) handlers.delete(subject);
      };
    },
    subscriberCount(subject) {
      return handlers.get(subject)?.size ?? 0;
    },
    subjects() {
      return handlers.keys();
    },
  };
}
