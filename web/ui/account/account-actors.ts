// Wires the account machines to an account client: the effects each machine declares come from the client.
import type { ActorRefFrom } from 'xstate';
import { fromPromise } from 'xstate';
import { accountConsentMachine } from '../../../machines/account-consent';
import { accountLoginMachine } from '../../../machines/account-login';
import { accountMarketingMachine } from '../../../machines/account-marketing';
import type { RegistrationInput } from '../../../src/account/api';
import type { AccountClient, LoginOutcome } from '../../../src/account/client';
import type { MarketingConsent, TermsDocument } from '../../../src/wire/account';

export type AccountLoginRef = ActorRefFrom<typeof accountLoginMachine>;

export function loginMachineFor(client: AccountClient) {
  return accountLoginMachine.provide({
    actors: {
      // The signal aborts when the flow is cancelled (S2-39, S2-40): the client then undoes the login.
      login: fromPromise<LoginOutcome, { email: string; password: string }>(({ input, signal }) =>
        client.login(input.email, input.password, signal),
      ),
      loginProvider: fromPromise<LoginOutcome, { provider: string; token: string; nonce?: string }>(
        ({ input, signal }) => client.loginUsingProvider(input.provider, input.token, input.nonce, signal),
      ),
      register: fromPromise<void, RegistrationInput>(({ input }) => client.register(input)),
      logout: fromPromise<void, void>(() => client.logout()),
      deleteAccount: fromPromise<void, void>(() => client.deleteAccount()),
    },
  });
}

export function consentMachineFor(client: AccountClient) {
  return accountConsentMachine.provide({
    actors: {
      loadDocuments: fromPromise<TermsDocument[], void>(async () => (await client.termsDocuments('latest')).documents),
      acceptTerms: fromPromise<void, void>(() => client.acceptTerms()),
    },
  });
}

export function marketingMachineFor(client: AccountClient) {
  return accountMarketingMachine.provide({
    actors: {
      submitApproval: fromPromise<void, { marketingApproved: boolean; thirdPartiesApproved: boolean }>(({ input }) =>
        client.submitMarketingApproval(input.marketingApproved, input.thirdPartiesApproved),
      ),
      loadConsent: fromPromise<MarketingConsent, void>(() => client.getMarketingConsent()),
      saveConsent: fromPromise<MarketingConsent, { marketingApproved: boolean; thirdPartiesApproved: boolean }>(
        ({ input }) => client.putMarketingConsent(input.marketingApproved, input.thirdPartiesApproved),
      ),
    },
  });
}
