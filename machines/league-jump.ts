// A visitor's request to bring one league of the day list into view (S2-31 left menu league links).
// The menu and the list are siblings, so the request lives here between them: the menu sends
// `league.show`; the list, which alone knows where the league's header sits, answers `list.scrolled`
// once it has the league and has scrolled to its header, and `list.focused` once the header's toggle
// is rendered and holds the keyboard focus. Until the list has the league the request waits (a
// `league=` address arriving before the day's feed, another tab that hides it for now).
import { assign, setup } from 'xstate';

export interface LeagueJumpContext {
  /** The league last asked for; kept after the jump so the address sync can tell it was applied. */
  readonly leagueId: string | null;
}

export type LeagueJumpEvent =
  | { type: 'league.show'; leagueId: string }
  | { type: 'league.cancel' }
  | { type: 'list.scrolled'; leagueId: string }
  | { type: 'list.focused'; leagueId: string };

export type LeagueJumpPhase = 'idle' | 'scrolling' | 'focusing';

export const leagueJumpMachine = setup({
  types: {} as { context: LeagueJumpContext; events: LeagueJumpEvent },
  guards: {
    isRequested: ({ context, event }) => 'leagueId' in event && event.leagueId === context.leagueId,
  },
}).createMachine({
  id: 'leagueJump',
  initial: 'idle',
  context: { leagueId: null },
  on: {
    // A new request (or the same league again, after the visitor scrolled away) starts over.
    'league.show': {
      target: '.scrolling',
      reenter: true,
      actions: assign({ leagueId: ({ event }) => event.leagueId }),
    },
    'league.cancel': { target: '.idle', actions: assign({ leagueId: null }) },
  },
  states: {
    idle: {},
    /** Waiting for the list to have the league and scroll to its header. */
    scrolling: { on: { 'list.scrolled': { guard: 'isRequested', target: 'focusing' } } },
    /** Scrolled; waiting for the header's toggle to be rendered and focused. */
    focusing: { on: { 'list.focused': { guard: 'isRequested', target: 'idle' } } },
  },
});
