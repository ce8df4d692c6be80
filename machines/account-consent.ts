// Terms and privacy consent (A4-1, A7-15, A7-17): when a login or data fetch flags terms, the documents are shown
// and accepting sends the flagged terms back. Declining ends in 'declined', after which the caller logs out (A4-6).
import { assign, fromPromise, setup } from 'xstate';
import type { TermsDocument } from '../src/wire/account';

export interface ConsentContext {
  needsTerms: boolean;
  documents: TermsDocument[];
  error: unknown;
}
export type ConsentEvent = { type: 'ACCEPT' } | { type: 'DECLINE' } | { type: 'CHECK'; needsTerms: boolean };

export const accountConsentMachine = setup({
  types: {} as { context: ConsentContext; events: ConsentEvent; input: { needsTerms: boolean } },
  actors: {
    loadDocuments: fromPromise<TermsDocument[], void>(async () => []),
    acceptTerms: fromPromise<void, void>(async () => {
      throw new Error('acceptTerms actor not provided');
    }),
  },
}).createMachine({
  id: 'accountConsent',
  context: ({ input }) => ({ needsTerms: input.needsTerms, documents: [], error: null }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: ({ context }) => context.needsTerms, target: 'loading' }, { target: 'confirmed' }],
    },
    loading: {
      invoke: {
        src: 'loadDocuments',
        onDone: { target: 'reviewing', actions: assign({ documents: ({ event }) => event.output }) },
        // the documents are also linked from the dialog, so a failed load still lets the user answer
        onError: { target: 'reviewing', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    reviewing: {
      on: {
        ACCEPT: { target: 'accepting', actions: assign({ error: null }) },
        DECLINE: 'declined',
      },
    },
    accepting: {
      tags: ['busy'],
      invoke: {
        src: 'acceptTerms',
        onDone: { target: 'confirmed', actions: assign({ needsTerms: false }) },
        onError: { target: 'reviewing', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    confirmed: {
      on: { CHECK: { target: 'checking', actions: assign({ needsTerms: ({ event }) => event.needsTerms }) } },
    },
    declined: { type: 'final' },
  },
});
