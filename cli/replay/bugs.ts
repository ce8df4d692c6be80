// Deliberately broken parts, injected through the harness's options, to prove that fuzz and replay
// catch what they claim to catch. Never used by the site. Each is the site's own part with one thing
// changed: a scoreboard method wrapped in place, or a machine implementation replaced with XState's
// `.provide()` through the feed engine's `alter` hook. The visitor's machines' are in visitor-bugs.ts.
import type { feedCycleMachine } from '../../machines/feed-cycle';
import type { FeedEngineMachine } from '../../machines/feed-engine';
import { cycleSetup } from '../../machines/feed/cycle-setup';
import type { ListFeed } from '../../src/protocol/list-feed-types';
import type { Scoreboard } from '../../src/scoreboard/store';

export const INJECTABLE_BUGS = [
  'older-overwrites',
  'live-never-clears',
  'update-scores-ignored',
  'refresh-ignored',
  'repair-dropped',
  'push-unapplied',
  'follow-limit-off',
  'local-write-lost',
  'pin-never-confirms',
  'pin-no-revert',
  'notify-unfollowed',
] as const;
export type InjectableBug = (typeof INJECTABLE_BUGS)[number];

/** The feed engine's planted bugs (issue #16's table), each with the check meant to catch it. */
export const FEED_BUGS = {
  'live-never-clears': 'live-mark-expires', // the live marker's clears never reach the store (S4-11)
  'update-scores-ignored': 'older-never-overwrites', // the store drops the score keys of update feeds
  'refresh-ignored': 'refresh-reloads', // a newer A2 never reloads the page
  'repair-dropped': 'stale-sync-repairs', // a repair answered while polling is never applied (S4-3)
  'push-unapplied': 'push-latency', // push messages are parsed, counted as a sync, never applied (S4-2)
} as const satisfies Partial<Record<InjectableBug, string>>;
export type FeedBug = keyof typeof FEED_BUGS;

export function isInjectableBug(value: string): value is InjectableBug {
  return (INJECTABLE_BUGS as readonly string[]).includes(value);
}

/** Breaks a scoreboard in place (the engine calls its methods by property); other bugs leave it whole. */
export function injectBug(scoreboard: Scoreboard, bug: InjectableBug): void {
  const target = scoreboard as unknown as {
    applyUpdate: (feed: ListFeed) => ReturnType<Scoreboard['applyUpdate']>;
  };
  const inner = target.applyUpdate.bind(scoreboard);
  switch (bug) {
    case 'older-overwrites': {
      // An update applier that re-applies the previous update after the current one, with its
      // ordering stripped: the older values overwrite the newer ones.
      let previous: ListFeed | null = null;
      target.applyUpdate = (feed) => {
        const result = inner(feed);
        if (previous) inner({ ...previous, signature: null });
        previous = feed;
        return result;
      };
      return;
    }
    case 'update-scores-ignored':
      // Update feeds (polled or pushed) lose their score keys on the way into the store.
      target.applyUpdate = (feed) =>
        inner({
          ...feed,
          events: feed.events.map(({ homeScore: _h, awayScore: _a, ...rest }) => rest as (typeof feed.events)[number]),
        });
      return;
  }
}

type Cycle = typeof feedCycleMachine;

/** The engine's feed cycle with some implementations replaced. */
function withCycle(engine: FeedEngineMachine, change: (cycle: Cycle) => Cycle): FeedEngineMachine {
  const cycle = engine.implementations.actors.feedCycle as unknown as Cycle;
  return engine.provide({ actors: { feedCycle: change(cycle) as never } }) as FeedEngineMachine;
}

/** The alteration of the feed engine machine a bug makes, or undefined when it leaves the machines whole. */
export function bugMachine(
  bug: InjectableBug | null | undefined,
): ((engine: FeedEngineMachine) => FeedEngineMachine) | undefined {
  switch (bug) {
    case 'live-never-clears':
      // The live marker's timers fire, but the engine never writes the clear to the store.
      return (engine) => engine.provide({ actions: { clearLiveMark: () => {} } }) as FeedEngineMachine;
    case 'refresh-ignored':
      return (engine) => withCycle(engine, (cycle) => cycle.provide({ guards: { refreshNewer: () => false } }));
    case 'repair-dropped':
      return (engine) =>
        withCycle(engine, (cycle) => {
          const take = cycle.implementations.actions.takeRoundAnswer;
          return cycle.provide({
            actions: {
              // A repair answer of a poll round moves the round on and counts as a sync, and is dropped.
              takeRoundAnswer: cycleSetup.enqueueActions(({ context, event, enqueue }) => {
                if (event.type === 'update.loaded' && event.answer.call.kind === 'repair') {
                  enqueue.assign({ round: context.round.slice(1), lastSyncAt: context.now() });
                } else if (take) enqueue(take as never);
              }),
            },
          });
        });
    case 'push-unapplied':
      return (engine) =>
        withCycle(engine, (cycle) =>
          cycle.provide({
            actions: {
              // The message parsed and counts as a sync; its rows never reach the store.
              takePushMessage: cycleSetup.enqueueActions(({ context, enqueue, event }) => {
                if (event.type === 'push.message' && event.feed) enqueue.assign({ lastSyncAt: context.now() });
              }),
            },
          }),
        );
    default:
      return undefined;
  }
}
