// A list page's handle on the feed engine that runs it: its feed cycle and live marker, the UI
// events it sends, the field changes it watches and its closing. createFeedEngine and the browser's
// list sessions (web/app/engine-session.ts) use the same handle.
import type { Actor } from 'xstate';
import type { FieldChange } from '../../src/scoreboard/store';
import type { feedCycleMachine } from '../feed-cycle';
import type { liveMarkerMachine } from '../live-marker';
import type { FeedUiEvent } from './cycle-types';
import { type FeedEngineRef, type FeedListSetup, liveMarkerId } from './engine-machine';

/**
 * Hears the shown events an update or repair feed changed, with their fields before and after (live
 * sounds compare them). Called at the end of the cycle's step: do the work later. Full feeds are
 * not reported.
 */
export type ApplyListener = (changes: readonly FieldChange[]) => void;

export interface FeedListHandle {
  readonly id: string;
  readonly cycle: Actor<typeof feedCycleMachine>;
  readonly liveMarker: Actor<typeof liveMarkerMachine>;
  send(event: FeedUiEvent): void;
  /** Adds a listener of what update and repair feeds change; returns its removal. */
  watchApplies(listener: ApplyListener): () => void;
  /** Closes the list: its cycle and live marker stop. */
  close(): void;
}

/** The handle of a list the engine holds (opened in its input, or by `list.open` while it runs). */
export function feedListHandle(engine: FeedEngineRef, id: string): FeedListHandle {
  const children = engine.getSnapshot().children as Readonly<Record<string, unknown>>;
  const cycle = children[id] as Actor<typeof feedCycleMachine> | undefined;
  const liveMarker = children[liveMarkerId(id)] as Actor<typeof liveMarkerMachine> | undefined;
  if (!cycle || !liveMarker) throw new Error(`the feed engine has no list '${id}'`);
  return {
    id,
    cycle,
    liveMarker,
    // UI events go straight to the cycle, as the page's own events.
    send: (event) => cycle.send(event),
    watchApplies(listener) {
      const listening = engine.on('list.fieldsChanged', (event) => {
        if (event.list === id) listener(event.changes);
      });
      engine.send({ type: 'list.watch', id });
      return () => {
        listening.unsubscribe();
        engine.send({ type: 'list.unwatch', id });
      };
    },
    close: () => engine.send({ type: 'list.close', id }),
  };
}

/** Opens a list on a running engine and returns its handle. */
export function openFeedList(engine: FeedEngineRef, list: FeedListSetup): FeedListHandle {
  engine.send({ type: 'list.open', list });
  return feedListHandle(engine, list.id);
}
