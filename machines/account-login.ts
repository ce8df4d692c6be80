// Login, registration, logout and deletion as one flow (A4-3…A4-6, S2-39, S2-40, S5-5). No I/O inside: the
// account calls come in as promise actors (AccountClient methods in the browser, fakes in tests).
import { assign, fromPromise, setup } from 'xstate';
import type { LoginOutcome } from '../src/account/client';
import type { RegistrationInput } from '../src/account/api';

export interface LoginContext {
  /** The last failure, shown in the dialog (its user message follows A8-4 / S8-9). */
  error: unknown;
  outcome: LoginOutcome | null;
  /** Why the login dialog was opened, e.g. 'loginNeeded' when a guest tried to pin (S5-5). */
  reason: string | null;
  /** The email of a registration waiting for confirmation. */
  registeredEmail: string | null;
  startLoggedIn: boolean;
}

export type LoginEvent =
  | { type: 'LOGIN'; email: string; password: string }
  | { type: 'LOGIN_PROVIDER'; provider: string; token: string; nonce?: string }
  | { type: 'REGISTER'; input: RegistrationInput }
  | { type: 'CANCEL' }
  | { type: 'LOGOUT' }
  | { type: 'DELETE' }
  | { type: 'CLEAR_ERROR' }
  | { type: 'REQUIRE_LOGIN'; reason: string }
  /** The dialogs handled the outcome of the last login (opened consent, marketing or closed). */
  | { type: 'OUTCOME_HANDLED' }
  /** The stored user appeared or vanished outside this flow (another tab, forced logout). */
  | { type: 'SESSION_STARTED' }
  | { type: 'SESSION_ENDED' };

export const accountLoginMachine = setup({
  types: {} as { context: LoginContext; events: LoginEvent; input: { loggedIn: boolean } },
  actors: {
    login: fromPromise<LoginOutcome, { email: string; password: string }>(async () => {
      throw new Error('login actor not provided');
    }),
    loginProvider: fromPromise<LoginOutcome, { provider: string; token: string; nonce?: string }>(async () => {
      throw new Error('loginProvider actor not provided');
    }),
    register: fromPromise<void, RegistrationInput>(async () => {
      throw new Error('register actor not provided');
    }),
    logout: fromPromise<void, void>(async () => {
      throw new Error('logout actor not provided');
    }),
    deleteAccount: fromPromise<void, void>(async () => {
      throw new Error('deleteAccount actor not provided');
    }),
  },
  actions: {
    rememberError: assign({ error: ({ event }) => (event as { error?: unknown }).error ?? null }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'accountLogin',
  context: ({ input }) => ({
    error: null,
    outcome: null,
    reason: null,
    registeredEmail: null,
    startLoggedIn: input.loggedIn,
  }),
  initial: 'boot',
  states: {
    // The first state follows what storage says (A3-3: logged in when id and hash are stored).
    boot: {
      always: [{ guard: ({ context }) => context.startLoggedIn, target: 'loggedIn' }, { target: 'guest' }],
    },
    guest: {
      on: {
        LOGIN: { target: 'loggingIn', actions: 'clearError' },
        LOGIN_PROVIDER: { target: 'loggingInProvider', actions: 'clearError' },
        REGISTER: {
          target: 'registering',
          actions: ['clearError', assign({ registeredEmail: ({ event }) => event.input.email })],
        },
        REQUIRE_LOGIN: { actions: assign({ reason: ({ event }) => event.reason }) },
        CLEAR_ERROR: { actions: assign({ error: null, reason: null }) },
        SESSION_STARTED: 'loggedIn',
      },
    },
    loggingIn: {
      tags: ['busy', 'cancellable'],
      invoke: {
        src: 'login',
        input: ({ event }) => {
          const e = event as Extract<LoginEvent, { type: 'LOGIN' }>;
          return { email: e.email, password: e.password };
        },
        onDone: { target: 'loggedIn', actions: assign({ outcome: ({ event }) => event.output, reason: null }) },
        onError: { target: 'guest', actions: 'rememberError' },
      },
      on: { CANCEL: 'guest' }, // S2-40: closing the login window cancels the flow
    },
    loggingInProvider: {
      tags: ['busy', 'cancellable'],
      invoke: {
        src: 'loginProvider',
        input: ({ event }) => {
          const e = event as Extract<LoginEvent, { type: 'LOGIN_PROVIDER' }>;
          return { provider: e.provider, token: e.token, nonce: e.nonce };
        },
        onDone: { target: 'loggedIn', actions: assign({ outcome: ({ event }) => event.output, reason: null }) },
        onError: { target: 'guest', actions: 'rememberError' },
      },
      on: { CANCEL: 'guest' },
    },
    registering: {
      tags: ['busy', 'cancellable'],
      invoke: {
        src: 'register',
        input: ({ event }) => (event as Extract<LoginEvent, { type: 'REGISTER' }>).input,
        onDone: 'registered',
        onError: { target: 'guest', actions: 'rememberError' },
      },
      on: { CANCEL: 'guest' },
    },
    /** Registration done; the account waits for its emailed confirmation. */
    registered: {
      on: {
        LOGIN: { target: 'loggingIn', actions: 'clearError' },
        LOGIN_PROVIDER: { target: 'loggingInProvider', actions: 'clearError' },
        CANCEL: 'guest',
        SESSION_STARTED: 'loggedIn',
      },
    },
    loggedIn: {
      on: {
        LOGOUT: { target: 'loggingOut', actions: 'clearError' },
        DELETE: { target: 'deleting', actions: 'clearError' },
        SESSION_ENDED: { target: 'guest', actions: assign({ outcome: null }) },
        CLEAR_ERROR: { actions: 'clearError' },
        OUTCOME_HANDLED: { actions: assign({ outcome: null }) },
      },
    },
    loggingOut: {
      tags: ['busy'],
      invoke: {
        src: 'logout',
        onDone: { target: 'guest', actions: assign({ outcome: null }) },
        // A4-4: logout clears the user only when the call succeeds
        onError: { target: 'loggedIn', actions: 'rememberError' },
      },
      on: { SESSION_ENDED: { target: 'guest', actions: assign({ outcome: null }) } },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        src: 'deleteAccount',
        onDone: { target: 'guest', actions: assign({ outcome: null }) },
        // A4-4: deletion clears the user even when the call fails
        onError: { target: 'guest', actions: ['rememberError', assign({ outcome: null })] },
      },
    },
  },
});
