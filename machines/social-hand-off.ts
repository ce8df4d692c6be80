// The hand-off of a social sign-in coming back from the provider (A7-4) to the login flow, one task later:
// under React's StrictMode the first login actor is stopped right after mounting, and an event sent to it
// then would be lost. The wait is an XState delay of 0 ms, so the actor system's clock runs it (the
// browser's timers, a SimulatedClock in tests); stopping the actor before it fires cancels the hand-off.
//
//   waiting ──after 0 ms──▶ handedOff (final; runs `handOff`)
import { setup } from 'xstate';

export const socialHandOffMachine = setup({
  actions: {
    /** Provided by the dialogs: opens the login window and sends the provider's token to the login flow. */
    handOff: () => {},
  },
}).createMachine({
  id: 'socialHandOff',
  initial: 'waiting',
  states: {
    waiting: { after: { 0: 'handedOff' } },
    handedOff: { type: 'final', entry: 'handOff' },
  },
});
