// Where feeds come from: the geo lookup (A4-10) and the origin choice (A4-9) at start-up.
//
//   geo:    looking ─▶ known | failed             (one lookup, never repeated once it settled)
//   choice: waiting ─▶ chosen                      (as soon as the choice can be made)
//
// The lookup is an invoked actor the composition root provides (an HTTP request with x-geoip: 1 in
// the browser). The choice is the pure resolver of src/net/origin-resolver.ts over the A3-9
// configuration, with the session storage and randomness given as input. A configuration that names
// no country-bound entry needs no country: its default origin is chosen at once, and feeds do not
// wait for the lookup (the site's own configuration is the page's origin, so the feeds start as soon
// as before). A failed lookup chooses as for an unknown country.
import { assign, fromPromise, setup } from 'xstate';
import type { GeoLocation } from '../src/net/geo';
import { type ResolverConfig, resolveOrigin, type SessionStore } from '../src/net/origin-resolver';

export interface OriginInput {
  /** A3-9 resolver configuration (validated, A5-8). */
  readonly config: ResolverConfig;
  /** A4-9: where a chosen origin is kept for the session. */
  readonly storage?: SessionStore | null;
  readonly random?: () => number;
  readonly projectId?: number;
}

export interface OriginContext {
  readonly config: ResolverConfig;
  readonly storage: SessionStore | null;
  readonly random: (() => number) | undefined;
  readonly projectId: number | undefined;
  /** The visitor's location: undefined while looking, null when unknown or the lookup failed. */
  readonly geo: GeoLocation | null | undefined;
  /** The chosen origin, null until chosen. */
  readonly origin: string | null;
}

/** Whether the configuration can give a visitor anything but its default (it names a country somewhere). */
export function choiceNeedsCountry(config: ResolverConfig): boolean {
  return config.local.length > 0 || config.global.length > 0;
}

/** A4-9 over the context; a configuration whose weights cannot choose falls back to its default (A5-8). */
export function chooseOrigin(context: OriginContext): string {
  try {
    return resolveOrigin({
      config: context.config,
      country: context.geo?.countryCode ?? null,
      storage: context.storage,
      projectId: context.projectId,
      random: context.random,
    });
  } catch {
    return context.config.default_url;
  }
}

export const originMachine = setup({
  types: {} as { context: OriginContext; input: OriginInput },
  actors: {
    /** A4-10: one geo lookup; null when the answer names no country. */
    lookupGeo: fromPromise<GeoLocation | null>(async () => null),
  },
  guards: {
    canChoose: ({ context }) => context.geo !== undefined || !choiceNeedsCountry(context.config),
  },
}).createMachine({
  id: 'origin',
  type: 'parallel',
  context: ({ input }) => ({
    config: input.config,
    storage: input.storage ?? null,
    random: input.random,
    projectId: input.projectId,
    geo: undefined,
    origin: null,
  }),
  states: {
    geo: {
      initial: 'looking',
      states: {
        looking: {
          invoke: {
            src: 'lookupGeo',
            onDone: { target: 'known', actions: assign({ geo: ({ event }) => event.output }) },
            onError: { target: 'failed', actions: assign({ geo: null }) },
          },
        },
        known: {},
        failed: {},
      },
    },
    choice: {
      initial: 'waiting',
      states: {
        waiting: {
          always: {
            guard: 'canChoose',
            target: 'chosen',
            actions: assign({ origin: ({ context }) => chooseOrigin(context) }),
          },
        },
        chosen: {},
      },
    },
  },
});

/** The chosen origin, as soon as there is one. */
export function chosenOrigin(origin: {
  getSnapshot(): { context: { origin: string | null } };
  subscribe(observer: (snapshot: { context: { origin: string | null } }) => void): { unsubscribe(): void };
}): Promise<string> {
  const now = origin.getSnapshot().context.origin;
  if (now !== null) return Promise.resolve(now);
  return new Promise((resolve) => {
    const subscription = origin.subscribe((snapshot) => {
      if (snapshot.context.origin === null) return;
      subscription.unsubscribe();
      resolve(snapshot.context.origin);
    });
  });
}
