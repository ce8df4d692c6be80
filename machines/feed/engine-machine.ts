// The feed engine: one actor per runtime that runs the list pages' feed cycles and coordinates each
// with its live marker and its store (the list's board, machines/feed/board.ts).
//
//   feedEngine
//   ├── <list id>              feed cycle (machines/feed-cycle.ts), with its feed-request children
//   └── liveMarker:<list id>   live marker (machines/live-marker.ts)
//
// Lists open with `list.open` (or come in the input, so their actors exist before the engine
// starts) and close with `list.close`. A cycle writes to its board inside its own step; the engine
// hears the end of every step (`xstate.snapshot.<list id>`) and then
//   - hands the step's stage changes to the list's live marker (S4-11), and the tab shown;
//   - emits `list.fieldsChanged` for each update or repair feed that changed shown fields, while
//     somebody watches (`list.watch` / `list.unwatch`; live sounds compare them);
//   - wakes the highlights region (S9-4): after a step that applied a feed, or with the region
//     resting, a highlight ending before the wait under way sends the cycle `highlights.due`.
// It also fans the page's online and visibility state out to every cycle (A4-11), writes the live
// marker's clears to the board, and logs a child that stopped on an error.
//
// Effects (the feed fetch, push subscription, problem log, random source, page signals) are
// provided once per runtime (provideFeedEngine, machines/feed/engine-effects.ts); a list brings its
// own board and clock (`now`).
import { type ActorRefFrom, fromCallback, type SnapshotFrom, sendParent, setup } from 'xstate';
import type { FieldChange } from '../../src/scoreboard/store';
import { feedCycleMachine } from '../feed-cycle';
import { type LiveMarkerInput, liveMarkerMachine } from '../live-marker';
import type { FeedBoard } from './board';
import type { FeedCycleInput, FeedTab, MyGamesNeed, PageSignals } from './cycle-types';

/** One list page as the engine runs it. */
export interface FeedListSetup {
  /** The list's id: its feed cycle's actor id. */
  readonly id: string;
  readonly sport: number;
  readonly day?: number;
  readonly tab?: FeedTab;
  readonly myGames?: { readonly needs: readonly MyGamesNeed[]; readonly ids: readonly string[] };
  /** Whether the list subscribes to push (S4-2); false: it polls only. */
  readonly push: boolean;
  /** Our clock, epoch ms. */
  readonly now: () => number;
  readonly board: FeedBoard;
  /** S9-1 time_keep_match_live; default 180 s. */
  readonly keepLiveMs?: number;
}

export interface FeedEngineInput {
  /** A4-11: the page's state at start (default online and visible). */
  readonly online?: boolean;
  readonly visible?: boolean;
  /** Lists open from the start. */
  readonly lists?: readonly FeedListSetup[];
}

/** What the engine keeps of one list. */
interface ListState {
  readonly board: FeedBoard;
  /** The live marker was last told the live tab shows (S4-11). */
  readonly liveTab: boolean;
  /** Watchers of the list's field changes. */
  readonly watchers: number;
}

export interface FeedEngineContext {
  readonly page: PageSignals;
  readonly lists: Readonly<Record<string, ListState>>;
}

/** What a live marker asks of its list's board (S4-11). */
type MarkerEvent =
  | { readonly type: 'marker.clearLive'; readonly list: string; readonly id: string }
  | { readonly type: 'marker.refreshViews'; readonly list: string }
  | { readonly type: 'marker.reloadLiveTab'; readonly list: string };

export type EngineEvent =
  | { readonly type: 'list.open'; readonly list: FeedListSetup }
  | { readonly type: 'list.close'; readonly id: string }
  | { readonly type: 'list.watch'; readonly id: string }
  | { readonly type: 'list.unwatch'; readonly id: string }
  | { readonly type: 'page.online'; readonly online: boolean }
  | { readonly type: 'page.visibility'; readonly visible: boolean }
  | MarkerEvent;

/** What XState tells the engine of its children: a cycle's step ended; a child stopped on an error. */
type ChildEvent =
  | { readonly type: `xstate.snapshot.${string}`; readonly snapshot: SnapshotFrom<typeof feedCycleMachine> }
  | { readonly type: `xstate.error.actor.${string}`; readonly error: unknown };

/** Emitted: the shown events an update or repair feed changed, with their fields before and after. */
export interface FeedEngineEmitted {
  readonly type: 'list.fieldsChanged';
  readonly list: string;
  readonly changes: readonly FieldChange[];
}

const MARKER_PREFIX = 'liveMarker:';
const SNAPSHOT_PREFIX = 'xstate.snapshot.';
const ERROR_PREFIX = 'xstate.error.actor.';

/** The live marker of a list, by actor id. */
export function liveMarkerId(list: string): string {
  return MARKER_PREFIX + list;
}

const markerList = (self: { id: string }) => self.id.slice(MARKER_PREFIX.length);

/** The live marker asking the engine to write its clears to the list's board, once its step is over. */
const boardLiveMarker = liveMarkerMachine.provide({
  actions: {
    clearLive: sendParent(({ self }, params: { id: string }) => ({
      type: 'marker.clearLive',
      list: markerList(self),
      id: params.id,
    })),
    refreshViews: sendParent(({ self }) => ({ type: 'marker.refreshViews', list: markerList(self) })),
    reloadLiveTab: sendParent(({ self }) => ({ type: 'marker.reloadLiveTab', list: markerList(self) })),
  },
});

/** A finished cycle step as the engine sees it: the list, its state and what its writes changed. */
function stepOf(context: FeedEngineContext, event: { type: string }) {
  if (!event.type.startsWith(SNAPSHOT_PREFIX) || !('snapshot' in event)) return null;
  const id = event.type.slice(SNAPSHOT_PREFIX.length);
  const list = context.lists[id];
  if (!list) return null;
  const cycle = event.snapshot as SnapshotFrom<typeof feedCycleMachine>;
  return { id, list, cycle, changes: list.board.changes(), liveTab: cycle.context.tab === 'live' };
}

type Step = NonNullable<ReturnType<typeof stepOf>>;

/**
 * S9-4: whether the highlights region must wake. Highlights are made only by applies, so the end
 * to wait for can only have come sooner after a step that applied a feed, or while the region rests.
 */
function highlightsDue({ list, cycle, changes }: Step): boolean {
  const resting = cycle.matches({ running: { highlights: 'resting' } });
  if (changes === null && !resting) return false;
  return list.board.nextHighlightEnd() < cycle.context.highlightWaitEndsAt;
}

function withList(context: FeedEngineContext, id: string, patch: Partial<ListState>): Partial<FeedEngineContext> {
  const list = context.lists[id];
  return list ? { lists: { ...context.lists, [id]: { ...list, ...patch } } } : {};
}

const base = setup({
  types: {} as {
    context: FeedEngineContext;
    events: EngineEvent | ChildEvent;
    input: FeedEngineInput;
    emitted: FeedEngineEmitted;
  },
  actors: {
    feedCycle: feedCycleMachine,
    liveMarker: boardLiveMarker,
    // Provided for a runtime with a page signal source of its own: sends page.online / page.visibility.
    pageSignals: fromCallback<EngineEvent>(() => () => {}),
  },
  actions: {
    // The live marker's writes (S4-11); a list that closed meanwhile has no board left.
    clearLiveMark: (_, params: { board: FeedBoard | undefined; id: string }) => params.board?.clearLiveMark(params.id),
    refreshViews: (_, params: { board: FeedBoard | undefined }) => params.board?.refreshViews(),
    reloadLiveTab: (_, params: { board: FeedBoard | undefined }) => params.board?.reloadLiveTab(),
    collectFieldChanges: (_, params: { board: FeedBoard; on: boolean }) => params.board.collectFieldChanges(params.on),
    handOver: (_, params: { board: FeedBoard }) => params.board.handOver(),
    // Provided by the runtime.
    logProblem: (_, _params: { message: string }) => {},
  },
  guards: {
    /** The cycle step left something to hand on or a tab to tell, or the highlights must wake. */
    stepMatters: ({ context, event }) => {
      const step = stepOf(context, event);
      return step !== null && (step.changes !== null || step.liveTab !== step.list.liveTab || highlightsDue(step));
    },
  },
});

/** The spawner of the engine's assign actions, as spawnList uses it. */
interface ListSpawner {
  (src: 'liveMarker', options: { id: string; input: LiveMarkerInput }): unknown;
  (src: 'feedCycle', options: { id: string; input: FeedCycleInput; syncSnapshot: boolean }): unknown;
}

/** Spawns a list's live marker and then its feed cycle, so the marker runs first. */
function spawnList(spawn: ListSpawner, page: PageSignals, list: FeedListSetup): ListState {
  const liveTab = list.tab === 'live';
  spawn('liveMarker', { id: liveMarkerId(list.id), input: { keepLiveMs: list.keepLiveMs, liveTabShown: liveTab } });
  const input: FeedCycleInput = {
    sport: list.sport,
    day: list.day,
    tab: list.tab,
    push: list.push,
    myGames: list.myGames,
    online: page.online,
    visible: page.visible,
    now: list.now,
    board: list.board,
  };
  // syncSnapshot: the engine hears the end of every step of the cycle.
  spawn('feedCycle', { id: list.id, input, syncSnapshot: true });
  return { board: list.board, liveTab, watchers: 0 };
}

const engine = base.extend({
  actions: {
    openList: base.assign(({ context, event, spawn }) =>
      event.type === 'list.open'
        ? { lists: { ...context.lists, [event.list.id]: spawnList(spawn, context.page, event.list) } }
        : {},
    ),
    closeList: base.enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'list.close') return;
      enqueue.stopChild(event.id);
      enqueue.stopChild(liveMarkerId(event.id));
      const { [event.id]: _closed, ...lists } = context.lists;
      enqueue.assign({ lists });
    }),
    // Field changes are collected only while somebody watches them.
    watch: base.enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'list.watch' && event.type !== 'list.unwatch') return;
      const list = context.lists[event.id];
      if (!list) return;
      const watchers = Math.max(0, list.watchers + (event.type === 'list.watch' ? 1 : -1));
      enqueue.assign(withList(context, event.id, { watchers }));
      enqueue({ type: 'collectFieldChanges', params: { board: list.board, on: watchers > 0 } });
    }),
    notePage: base.enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'page.online' && event.type !== 'page.visibility') return;
      const page =
        event.type === 'page.online'
          ? { ...context.page, online: event.online }
          : { ...context.page, visible: event.visible };
      enqueue.assign({ page });
      for (const id of Object.keys(context.lists)) enqueue.sendTo(id, event);
    }),
    // The end of a cycle step: what its writes changed goes on, then the highlights may wake.
    afterCycleStep: base.enqueueActions(({ context, event, enqueue }) => {
      const step = stepOf(context, event);
      if (!step) return;
      const { id, list, changes, liveTab } = step;
      const marker = liveMarkerId(id);
      if (changes) {
        for (const change of changes.stageChanges) enqueue.sendTo(marker, { type: 'event.stageChanged', ...change });
        for (const fields of changes.fieldChanges)
          enqueue.emit({ type: 'list.fieldsChanged', list: id, changes: fields });
        enqueue({ type: 'handOver', params: { board: list.board } });
      }
      if (liveTab !== list.liveTab) {
        enqueue.sendTo(marker, { type: 'tab.shown', live: liveTab });
        enqueue.assign(withList(context, id, { liveTab }));
      }
      if (highlightsDue(step)) enqueue.sendTo(id, { type: 'highlights.due' });
    }),
    logStopped: base.enqueueActions(({ context, event, enqueue }) => {
      if (!event.type.startsWith(ERROR_PREFIX) || !('error' in event)) return;
      const id = event.type.slice(ERROR_PREFIX.length);
      const what = id in context.lists ? 'feed cycle' : id;
      enqueue({ type: 'logProblem', params: { message: `${what} stopped: ${String(event.error)}` } });
    }),
  },
});

export const feedEngineMachine = engine.createMachine({
  id: 'feedEngine',
  context: ({ input, spawn }) => {
    const page = { online: input.online ?? true, visible: input.visible ?? true };
    const lists: Record<string, ListState> = {};
    for (const list of input.lists ?? []) lists[list.id] = spawnList(spawn, page, list);
    return { page, lists };
  },
  invoke: { id: 'pageSignals', src: 'pageSignals' },
  on: {
    'list.open': { actions: 'openList' },
    'list.close': { actions: 'closeList' },
    'list.watch': { actions: 'watch' },
    'list.unwatch': { actions: 'watch' },
    'page.online': { actions: 'notePage' },
    'page.visibility': { actions: 'notePage' },
    'marker.clearLive': {
      actions: {
        type: 'clearLiveMark',
        params: ({ context, event }) => ({ board: context.lists[event.list]?.board, id: event.id }),
      },
    },
    'marker.refreshViews': {
      actions: { type: 'refreshViews', params: ({ context, event }) => ({ board: context.lists[event.list]?.board }) },
    },
    'marker.reloadLiveTab': {
      actions: { type: 'reloadLiveTab', params: ({ context, event }) => ({ board: context.lists[event.list]?.board }) },
    },
    'xstate.snapshot.*': { guard: 'stepMatters', actions: 'afterCycleStep' },
    'xstate.error.actor.*': { actions: 'logStopped' },
  },
});

export type FeedEngineRef = ActorRefFrom<typeof feedEngineMachine>;
