// Feed cycle (S4-1…S4-9, S8-1…S8-3, S9-4, S9-5): how a list page keeps its scoreboard in step
// with the feeds. The states are the spec's:
//
//   loading            S4-1 the initial action: the repair feed first for day 0 and −1 (S2-29),
//                      then the full feed; My Games loads the full feeds of its sports and days,
//                      then a repair feed (S4-9).
//   waitingToRetry     S4-5/S8-3 a failed parse (or S8-1 max attempts) retries the initial action
//                      after a random 20–80 s.
//   running            parallel regions:
//     updates          S4-2 periodic update feeds (every 5 s while polling, S9-4 update 5; every
//                      10 s while push is open, S9-4 default 10, to repair lost push messages);
//                      before each poll, S4-3: a sync older than 0.8 × cache time (10 s) runs the
//                      repair feed if within 0.8 × 300 s, else the page restarts with the initial feed.
//                      The age of the last sync is read from its time (context.lastSyncAt) when the
//                      poll is due: fresh, stale (8 s) or expired (240 s) only matters then, and a
//                      timer per sync would step every page's machine between polls for nothing.
//     push             S4-2 push connects when data exists; if it fails, polling takes over (S8-3).
//     system           S4-2 the sys feed every 60 s in fallback (while push is not open).
//     odds             S2-28/S9-5 the odds feed while the odds tab shows, every 60 s.
//     highlights       S9-4 highlight lifetimes: resting while nothing is highlighted; the engine
//                      sends highlights.due after a step that made one, and the region then waits
//                      for the first highlight's end (the provided highlightEnd delay) and clears it.
//
// S4-6 (304/204/1223/empty = no data), S4-7 (unknown events ignored) and S4-8 (removal rules) are
// applied by the scoreboard the provided actions write to. An update whose A2 (refresh utime) is
// newer than the one the page loaded with triggers a full reload.
//
// Each request channel reports with its own event types (machines/feed/channel-request.ts):
// `initial.loaded` / `initial.failed` in loading, `update.*` in the updates region, `sys.*` and
// `odds.*` in theirs. `<channel>.error` (a network failure being retried, S8-1) needs no handling.
//
// No I/O here: fetching happens in feed-request children (their `fetchFeed` actor is provided),
// push in the provided `pushSubscription` callback actor, and every store write goes to the list's
// board given in the input (machines/feed/board.ts). The feed engine (machines/feed/engine-machine.ts)
// runs the cycle, provides those effects and, after each step, hands what the writes changed to
// the live marker and wakes the highlights region.
// Vocabulary and timings: machines/feed/cycle-types.ts; implementations: machines/feed/cycle-setup.ts;
// pure helpers: machines/feed/cycle-plan.ts.
//
// Events the UI may send (through the engine's `send`):
//   { type: 'day.select', day }                 date selector (−7…+7 style offsets, S2-29)
//   { type: 'tab.select', tab }                 'all' | 'live' | 'finished' | 'scheduled' | 'odds' | 'myGames'
//   { type: 'myGames.changed', needs, ids }     My Games entries changed (sports/days needed, event and league ids)
//   { type: 'league.toggleCollapsed', leagueId } collapse or expand a league (S4-13 cookie)
//   { type: 'page.visibility', visible }        document visibility (A4-11)
//   { type: 'page.online', online }             navigator online state (A4-11)
//   { type: 'reload' }                          restart with the initial feed
import { and } from 'xstate';
import { updateSubject } from '../src/net/feed-names';
import { uniqueSports } from './feed/cycle-plan';
import { answerOf, cycleSetup, feedOfAnswer } from './feed/cycle-setup';

export { initialPlan } from './feed/cycle-plan';
export * from './feed/cycle-types';

export const feedCycleMachine = cycleSetup.createMachine({
  id: 'feedCycle',
  context: ({ input }) => ({
    sport: input.sport,
    day: input.tab === 'myGames' ? 0 : (input.day ?? 0),
    tab: input.tab ?? 'all',
    scope: input.tab === 'myGames' ? 'mygames' : 'default',
    myGames: { needs: input.myGames?.needs ?? [], ids: input.myGames?.ids ?? [] },
    load: { plan: [], index: 0, loadedFull: false, stash: null },
    signatures: {},
    refreshUtime: null,
    hasData: false,
    pushEnabled: input.push ?? false,
    pushOpen: false,
    round: [],
    signals: { online: input.online ?? true, visible: input.visible ?? true },
    lastSyncAt: 0,
    highlightWaitEndsAt: Number.POSITIVE_INFINITY,
    now: input.now,
    board: input.board,
  }),
  entry: 'spawnRequests',
  initial: 'loading',
  on: {
    'day.select': { target: '.loading', actions: 'selectDay' },
    'tab.select': [
      // S4-9
      {
        guard: { type: 'selectsMyGames', params: ({ event }) => event },
        target: '.loading',
        actions: 'enterMyGames',
      },
      {
        guard: { type: 'leavesMyGames', params: ({ event }) => event },
        target: '.loading',
        actions: 'leaveMyGames',
      },
      { actions: 'selectTab' },
    ],
    'myGames.changed': [
      { guard: 'showingMyGames', target: '.loading', actions: 'noteMyGames' },
      { actions: 'noteMyGames' },
    ],
    'league.toggleCollapsed': {
      actions: { type: 'toggleCollapsed', params: ({ event }) => ({ leagueId: event.leagueId }) },
    },
    'page.online': { actions: 'forwardPage' },
    'page.visibility': { actions: 'forwardPage' },
    reload: '.loading',
  },
  states: {
    // S4-1: the initial action.
    loading: {
      entry: ['abortRunning', 'planInitialLoad'],
      initial: 'next',
      states: {
        next: {
          always: [{ guard: 'planDone', target: '#feedCycle.running' }, { target: 'fetching' }],
        },
        fetching: {
          entry: 'requestPlanStep',
          on: {
            'initial.loaded': [
              { guard: { type: 'parseFailed', params: answerOf }, target: '#feedCycle.waitingToRetry' }, // S4-5
              { target: 'next', reenter: true, actions: 'takePlanAnswer' },
            ],
            // S8-1: max attempts on the initial action; it is retried like a failed parse.
            'initial.failed': '#feedCycle.waitingToRetry',
          },
        },
      },
    },

    // S4-5, S8-3: a randomized retry of the initial action after 20–80 s.
    waitingToRetry: {
      after: { parseRetry: '#feedCycle.loading' },
    },

    running: {
      type: 'parallel',
      entry: 'markSynced', // the initial action just synced the page
      on: {
        'push.message': [
          { guard: { type: 'refreshNewer', params: ({ event }) => event.feed }, target: '#feedCycle.loading' },
          { actions: 'takePushMessage' },
        ],
      },
      states: {
        updates: {
          initial: 'waiting',
          states: {
            waiting: {
              after: {
                updateInterval: [
                  { guard: 'nothingToPoll', target: 'waiting', reenter: true },
                  // S4-3 (while push is open the 10 s check is a cumulative update: the rule is for polling).
                  { guard: and(['polling', 'syncExpired']), target: '#feedCycle.loading' },
                  { guard: and(['polling', 'syncStale']), target: 'fetching', actions: 'planRepairRound' },
                  { target: 'fetching', actions: 'planUpdateRound' },
                ],
              },
            },
            // One call of the round at a time (My Games polls each of its sports).
            fetching: {
              entry: 'requestRoundCall',
              on: {
                'update.loaded': [
                  // A2 newer: full reload.
                  { guard: { type: 'refreshNewer', params: feedOfAnswer }, target: '#feedCycle.loading' },
                  {
                    guard: 'roundContinues',
                    target: 'fetching',
                    reenter: true,
                    actions: 'takeRoundAnswer',
                  },
                  { target: 'waiting', actions: 'takeRoundAnswer' },
                ],
                // An odds feed answering meanwhile is read for A2 too, like every list answer here.
                'odds.loaded': { guard: { type: 'refreshNewer', params: feedOfAnswer }, target: '#feedCycle.loading' },
                'update.failed': [
                  { guard: 'roundContinues', target: 'fetching', reenter: true, actions: 'shiftRound' },
                  { target: 'waiting', actions: 'shiftRound' },
                ],
              },
            },
          },
        },

        // S4-2: push connects when data exists; if it fails, polling takes over.
        push: {
          initial: 'deciding',
          states: {
            deciding: {
              always: [{ guard: 'pushWanted', target: 'subscribed' }, { target: 'unavailable' }],
            },
            unavailable: {},
            subscribed: {
              invoke: {
                src: 'pushSubscription',
                input: ({ context }) => ({ subjects: uniqueSports(context).map((sport) => updateSubject(sport)) }),
              },
              initial: 'connecting',
              on: {
                'push.failed': { target: 'failed', actions: 'pushClosed' },
              },
              states: {
                connecting: {
                  on: { 'push.open': { target: 'open', actions: 'pushOpened' } },
                },
                open: {
                  on: {
                    'push.closed': { target: 'connecting', actions: 'pushClosed' },
                  },
                },
              },
            },
            failed: {}, // S8-3: polling carries the updates
          },
          exit: 'pushClosed',
        },

        // S4-2: the sys feed every 60 s in fallback.
        system: {
          initial: 'waiting',
          states: {
            waiting: {
              after: {
                systemPoll: [
                  { guard: 'polling', target: 'fetching' },
                  { target: 'waiting', reenter: true },
                ],
              },
            },
            fetching: {
              entry: 'requestSys',
              on: {
                'sys.loaded': { target: 'waiting', actions: 'takeSysAnswer' },
                'sys.failed': 'waiting',
              },
            },
          },
        },

        // S2-28, S9-5: odds load while the odds tab shows.
        odds: {
          initial: 'off',
          states: {
            off: { always: { guard: 'oddsShown', target: 'on' } },
            on: {
              always: { guard: 'oddsHidden', target: 'off' },
              initial: 'fetching',
              states: {
                fetching: {
                  entry: 'requestOdds',
                  on: {
                    'odds.loaded': { target: 'waiting', actions: 'takeOddsAnswer' },
                    'odds.failed': 'waiting',
                  },
                },
                waiting: { after: { oddsSync: 'fetching' } },
              },
            },
          },
        },

        // S9-4: highlight lifetimes. Highlights are made only while a step applies a feed; after
        // such a step the engine sends highlights.due when the new highlight ends before the wait
        // under way (or nothing was waited for), so the region wakes or re-aims without a tick.
        highlights: {
          initial: 'resting',
          states: {
            resting: {
              entry: 'noteHighlightsResting',
              on: { 'highlights.due': 'waiting' },
            },
            waiting: {
              entry: 'noteHighlightWait',
              on: { 'highlights.due': { target: 'waiting', reenter: true } },
              after: { highlightEnd: 'clearing' },
            },
            // Passed through at once: the ended highlights go, then the next wait or rest.
            clearing: {
              entry: 'expireHighlights',
              always: [{ guard: 'highlightsPending', target: 'waiting' }, { target: 'resting' }],
            },
          },
        },
      },
    },
  },
});
