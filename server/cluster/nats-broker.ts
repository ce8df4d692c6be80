// What one server must tell the others (an account's followed games changed, so every edge holding that
// account's personal push reads them again) as NATS subjects. It is the push broker's interface, so a single
// process keeps the in-process broker and an edge of a cluster passes this one, with nothing else changed.
import type { NatsConnection, Subscription } from '@nats-io/nats-core';
import type { Broker, BrokerHandler } from '../push/broker';

/** Subjects of the site's own messages live under this prefix, apart from JetStream's and anyone else's. */
const PREFIX = 'scores.events.';

export function createNatsBroker(
  nc: NatsConnection,
  onHandlerError?: (error: unknown, subject: string) => void,
): Broker {
  const counts = new Map<string, number>();
  return {
    publish(subject, body) {
      nc.publish(PREFIX + subject, body);
    },
    subscribe(subject, handler: BrokerHandler) {
      const subscription: Subscription = nc.subscribe(PREFIX + subject, {
        callback: (error, message) => {
          if (error) return onHandlerError?.(error, subject);
          try {
            handler(message.string(), subject);
          } catch (failure) {
            onHandlerError?.(failure, subject);
          }
        },
      });
      counts.set(subject, (counts.get(subject) ?? 0) + 1);
      let open = true;
      return () => {
        if (!open) return;
        open = false;
        subscription.unsubscribe();
        const left = (counts.get(subject) ?? 1) - 1;
        if (left > 0) counts.set(subject, left);
        else counts.delete(subject);
      };
    },
    subscriberCount(subject) {
      return counts.get(subject) ?? 0;
    },
    subjects() {
      return counts.keys();
    },
  };
}
