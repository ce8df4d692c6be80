// Live marker (S4-11, S9-1): when an event was live and no longer is, or its stage type (AB)
// changed, its live flag is cleared time_keep_match_live (180 s) later. An earlier pending timer
// for the same event is cancelled first. Then the views refresh, and the live tab reloads if shown.
//
// One actor for all events: per-event timers are delayed events with ids, not spawned actors
// (DESIGN.md: thousands of child actors do not scale in XState 5). No I/O: clearLive,
// refreshViews and reloadLiveTab are provided by the caller (the engine writes to the scoreboard).
import { enqueueActions, setup } from 'xstate';

export const TIME_KEEP_MATCH_LIVE_MS = 180_000; // S9-1 time_keep_match_live 180 s

export interface LiveMarkerInput {
  readonly keepLiveMs?: number;
  readonly liveTabShown?: boolean;
}

export interface LiveMarkerContext {
  readonly keepLiveMs: number;
  readonly liveTabShown: boolean;
}

export type LiveMarkerEvent =
  /** The scoreboard saw an event's stage type change (S4-11). */
  | {
      readonly type: 'event.stageChanged';
      readonly id: string;
      readonly previous: number | undefined;
      readonly current: number | undefined;
    }
  /** The keep-live delay for an event ran out (raised by this machine). */
  | { readonly type: 'event.expire'; readonly id: string }
  | { readonly type: 'tab.shown'; readonly live: boolean };

/** The delayed event's id, so a later change for the same event can cancel it. */
export function keepLiveTimerId(eventId: string): string {
  return `live:${eventId}`;
}

export const liveMarkerMachine = setup({
  types: {
    context: {} as LiveMarkerContext,
    events: {} as LiveMarkerEvent,
    input: {} as LiveMarkerInput,
  },
  actions: {
    clearLive: (_, _params: { id: string }) => {},
    refreshViews: () => {},
    reloadLiveTab: () => {},
  },
  guards: {
    stageTypeChanged: ({ event }) => event.type === 'event.stageChanged' && event.previous !== event.current,
    liveTabShown: ({ context }) => context.liveTabShown,
  },
  delays: {
    keepLive: ({ context }) => context.keepLiveMs, // S9-1
  },
}).createMachine({
  id: 'liveMarker',
  context: ({ input }) => ({
    keepLiveMs: input.keepLiveMs ?? TIME_KEEP_MATCH_LIVE_MS,
    liveTabShown: input.liveTabShown ?? false,
  }),
  on: {
    'event.stageChanged': {
      guard: 'stageTypeChanged',
      actions: enqueueActions(({ enqueue, event }) => {
        const timer = keepLiveTimerId(event.id);
        enqueue.cancel(timer); // S4-11: any earlier pending timer is cancelled first
        enqueue.raise({ type: 'event.expire', id: event.id }, { delay: 'keepLive', id: timer });
      }),
    },
    'event.expire': {
      actions: enqueueActions(({ enqueue, event, check }) => {
        enqueue({ type: 'clearLive', params: { id: event.id } });
        enqueue('refreshViews');
        if (check('liveTabShown')) enqueue('reloadLiveTab');
      }),
    },
    'tab.shown': {
      actions: enqueueActions(({ enqueue, event }) => enqueue.assign({ liveTabShown: event.live })),
    },
  },
});
