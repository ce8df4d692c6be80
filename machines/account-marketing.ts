// Marketing statement and consent (A4-2, A7-18, A7-19): a required statement is asked in its variant; the consent
// can be read and changed from the account settings.
import { assign, fromPromise, setup } from 'xstate';
import type { MarketingApproval, MarketingConsent, MarketingVariant } from '../src/wire/account';

export interface MarketingContext {
  variant: MarketingVariant;
  required: boolean;
  consent: MarketingConsent | null;
  saved: boolean;
  error: unknown;
}
export interface MarketingChoice {
  marketingApproved: boolean;
  thirdPartiesApproved: boolean;
}
export type MarketingEvent =
  | ({ type: 'SUBMIT' } & MarketingChoice)
  | ({ type: 'SAVE' } & MarketingChoice)
  | { type: 'DISMISS' }
  | { type: 'OPEN_SETTINGS' }
  | { type: 'CLOSE' }
  | { type: 'APPROVAL_CHANGED'; approval: MarketingApproval | null };

export const accountMarketingMachine = setup({
  types: {} as {
    context: MarketingContext;
    events: MarketingEvent;
    input: { approval: MarketingApproval | null };
  },
  actors: {
    submitApproval: fromPromise<void, MarketingChoice>(async () => {
      throw new Error('submitApproval actor not provided');
    }),
    loadConsent: fromPromise<MarketingConsent, void>(async () => {
      throw new Error('loadConsent actor not provided');
    }),
    saveConsent: fromPromise<MarketingConsent, MarketingChoice>(async () => {
      throw new Error('saveConsent actor not provided');
    }),
  },
}).createMachine({
  id: 'accountMarketing',
  context: ({ input }) => ({
    variant: input.approval?.variant ?? 'NONE',
    required: input.approval?.required === true,
    consent: null,
    saved: false,
    error: null,
  }),
  initial: 'checking',
  on: {
    APPROVAL_CHANGED: {
      target: '.checking',
      actions: assign({
        variant: ({ event }) => event.approval?.variant ?? 'NONE',
        required: ({ event }) => event.approval?.required === true,
      }),
    },
  },
  states: {
    checking: {
      // A4-2: the statement is asked when required and its variant is known
      always: [
        { guard: ({ context }) => context.required && context.variant !== 'NONE', target: 'asking' },
        { target: 'idle' },
      ],
    },
    asking: {
      on: {
        SUBMIT: { target: 'submitting', actions: assign({ error: null }) },
        DISMISS: 'idle', // asked again on the next data fetch
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        src: 'submitApproval',
        input: ({ event }) => {
          const e = event as Extract<MarketingEvent, { type: 'SUBMIT' }>;
          return { marketingApproved: e.marketingApproved, thirdPartiesApproved: e.thirdPartiesApproved };
        },
        onDone: { target: 'idle', actions: assign({ required: false }) },
        onError: { target: 'asking', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    idle: {
      on: { OPEN_SETTINGS: { target: 'loadingConsent', actions: assign({ error: null, saved: false }) } },
    },
    loadingConsent: {
      tags: ['busy'],
      invoke: {
        src: 'loadConsent',
        onDone: { target: 'editing', actions: assign({ consent: ({ event }) => event.output }) },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    editing: {
      on: {
        SAVE: { target: 'saving', actions: assign({ error: null, saved: false }) },
        CLOSE: 'idle',
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'saveConsent',
        input: ({ event }) => {
          const e = event as Extract<MarketingEvent, { type: 'SAVE' }>;
          return { marketingApproved: e.marketingApproved, thirdPartiesApproved: e.thirdPartiesApproved };
        },
        onDone: { target: 'editing', actions: assign({ consent: ({ event }) => event.output, saved: true }) },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
  },
});
