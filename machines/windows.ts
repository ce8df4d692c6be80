// One window or menu at a time (S2-38…S2-41). Every window of the page is opened and closed
// through this machine, so opening one closes the one before. The login window is special: while
// a login flow runs, another window may open only if the flow can be cancelled (S2-39), and
// closing the login window cancels the flow (S2-40): the machine emits `login.cancel` for the account
// dialogs. Other effects come in as provided actions.
import { emit, enqueueActions, setup } from 'xstate';

/** S2-38: the windows and menus that take part in the one-at-a-time rule (plus our sports menu). */
export const WINDOW_NAMES = [
  'verticalMenu',
  'langBox',
  'search',
  'settings',
  'notificationsSettings',
  'loggedIn',
  'login',
  'registrationPrompt',
  'langBoxSetup',
  'moreSports',
] as const;
export type WindowName = (typeof WINDOW_NAMES)[number];

export const LANG_BOX_VISITS = 3; // S2-41, S9-8: language box after 3 visits

export interface WindowsContext {
  readonly active: WindowName | null;
  /** A login flow (login window, social sign-in, captcha …) is running. */
  readonly loginRunning: boolean;
  /** The running login flow may be cancelled by the visitor (S2-39). */
  readonly loginCancelable: boolean;
  /** The language box has been shown once already (S2-41). */
  readonly langBoxShown: boolean;
}

export type WindowsEvent =
  | { type: 'window.open'; name: WindowName }
  | { type: 'window.toggle'; name: WindowName }
  | { type: 'window.close'; name?: WindowName }
  | { type: 'login.flowStarted'; cancelable: boolean }
  | { type: 'login.cancelableChanged'; cancelable: boolean }
  | { type: 'login.flowEnded' }
  | { type: 'visits.counted'; visits: number };

/** What the machine tells its listeners (`windows.on('login.cancel', …)`): the account dialogs stop the flow. */
export type WindowsEmitted = { readonly type: 'login.cancel' };

export interface WindowsInput {
  readonly langBoxShown?: boolean;
}

/** What a request changes: the next context, and whether the running login flow is cancelled. */
interface Step {
  readonly next: Partial<WindowsContext>;
  readonly cancelFlow: boolean;
}

const FLOW_CLEARED: Partial<WindowsContext> = { loginRunning: false, loginCancelable: true };

export function stepOpen(context: WindowsContext, name: WindowName): Step | null {
  if (context.active === name) return null;
  if (name !== 'login' && context.loginRunning) {
    // S2-39: another window replaces a login flow only if the visitor may cancel it.
    if (!context.loginCancelable) return null;
    return { next: { ...FLOW_CLEARED, active: name }, cancelFlow: true };
  }
  return { next: { active: name }, cancelFlow: false };
}

export function stepClose(context: WindowsContext, name: WindowName | undefined): Step | null {
  const target = name ?? context.active;
  if (target === null || context.active !== target) return null;
  // S2-40: closing the login window cancels the flow.
  if (target === 'login' && context.loginRunning) return { next: { ...FLOW_CLEARED, active: null }, cancelFlow: true };
  return { next: { active: null }, cancelFlow: false };
}

export const windowsMachine = setup({
  types: {} as {
    context: WindowsContext;
    events: WindowsEvent;
    input: WindowsInput | undefined;
    emitted: WindowsEmitted;
  },
  actions: {
    /** Tells the running login flow to stop: emitted for the account dialogs, which listen while they are loaded. */
    cancelLoginFlow: emit({ type: 'login.cancel' } as const),
    /** Remembers that the language box was shown (local storage in the browser). */
    rememberLangBoxShown: () => {},
  },
}).createMachine({
  id: 'windows',
  context: ({ input }) => ({
    active: null,
    loginRunning: false,
    loginCancelable: true,
    langBoxShown: input?.langBoxShown ?? false,
  }),
  on: {
    'window.open': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        const step = stepOpen(context, event.name);
        if (!step) return;
        if (step.cancelFlow) enqueue('cancelLoginFlow');
        enqueue.assign(step.next);
      }),
    },
    'window.toggle': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        const step = context.active === event.name ? stepClose(context, event.name) : stepOpen(context, event.name);
        if (!step) return;
        if (step.cancelFlow) enqueue('cancelLoginFlow');
        enqueue.assign(step.next);
      }),
    },
    'window.close': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        const step = stepClose(context, event.name);
        if (!step) return;
        if (step.cancelFlow) enqueue('cancelLoginFlow');
        enqueue.assign(step.next);
      }),
    },
    'login.flowStarted': {
      actions: enqueueActions(({ event, enqueue }) => {
        enqueue.assign({ loginRunning: true, loginCancelable: event.cancelable });
      }),
    },
    'login.cancelableChanged': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        if (context.loginRunning) enqueue.assign({ loginCancelable: event.cancelable });
      }),
    },
    'login.flowEnded': {
      // The flow finished on its own (signed in, or gave up): its window goes with it.
      actions: enqueueActions(({ context, enqueue }) => {
        enqueue.assign({ ...FLOW_CLEARED, active: context.active === 'login' ? null : context.active });
      }),
    },
    'visits.counted': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        // S2-41: the language box shows once, after 3 visits, and never over another window.
        if (context.langBoxShown || event.visits < LANG_BOX_VISITS || context.active !== null) return;
        enqueue.assign({ active: 'langBox', langBoxShown: true });
        enqueue('rememberLangBoxShown');
      }),
    },
  },
});
