// The account machines under XState's SimulatedClock, with fake effects.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { accountConsentMachine } from '../../machines/account-consent';
import {
  accountDataSyncMachine,
  DATA_CHECK_MS,
  DATA_FRESH_MS,
  DATA_INITIAL_DELAY_MAX_MS,
  DATA_MAX_RETRIES,
  DATA_RETRY_MS,
} from '../../machines/account-data-sync';
import { accountLoginMachine } from '../../machines/account-login';
import { accountMarketingMachine } from '../../machines/account-marketing';
import type { LoginOutcome } from '../../src/account/client';
import { AccountError, TechnicalError } from '../../src/account/errors';
import type { TermsDocument } from '../../src/wire/account';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const outcome: LoginOutcome = { id: 'u1', isRegistration: false, needsTerms: false, needsMarketing: false };

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('account-login machine', () => {
  it('A1-1 login success lands in loggedIn with the outcome; failure returns to guest with the error', async () => {
    let fail = true;
    const machine = accountLoginMachine.provide({
      actors: {
        login: fromPromise(async ({ input }: { input: { email: string; password: string } }) => {
          if (fail) throw new AccountError(1001);
          return { ...outcome, id: input.email };
        }),
      },
    });
    const actor = createActor(machine, { clock: new SimulatedClock(), input: { loggedIn: false } }).start();
    actor.send({ type: 'LOGIN', email: 'a@b.kz', password: 'x' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('guest'));
    expect(actor.getSnapshot().context.error).toMatchObject({ code: 1001 });
    fail = false;
    actor.send({ type: 'LOGIN', email: 'a@b.kz', password: 'y' });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(actor.getSnapshot().context).toMatchObject({ error: null, outcome: { id: 'a@b.kz' } });
  });

  it('A3-3 the flow starts logged in when storage says so', () => {
    expect(
      createActor(accountLoginMachine, { clock: new SimulatedClock(), input: { loggedIn: true } })
        .start()
        .getSnapshot().value,
    ).toBe('loggedIn');
    expect(
      createActor(accountLoginMachine, { clock: new SimulatedClock(), input: { loggedIn: false } })
        .start()
        .getSnapshot().value,
    ).toBe('guest');
  });

  it('S2-39 S2-40 a running login can be cancelled; closing the login window cancels the flow and its result is ignored', async () => {
    const pending = deferred<LoginOutcome>();
    const machine = accountLoginMachine.provide({ actors: { login: fromPromise(() => pending.promise) } });
    const actor = createActor(machine, { clock: new SimulatedClock(), input: { loggedIn: false } }).start();
    actor.send({ type: 'LOGIN', email: 'a@b.kz', password: 'x' });
    expect(actor.getSnapshot().can({ type: 'CANCEL' })).toBe(true);
    expect(actor.getSnapshot().hasTag('cancellable')).toBe(true);
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('guest');
    pending.resolve(outcome);
    await flush();
    expect(actor.getSnapshot().value).toBe('guest');
  });

  it('A7-4 social login and A7-2 registration run their own actors', async () => {
    const seen: unknown[] = [];
    const machine = accountLoginMachine.provide({
      actors: {
        loginProvider: fromPromise(async ({ input }) => {
          seen.push(input);
          return { ...outcome, isRegistration: true };
        }),
        register: fromPromise(async ({ input }) => {
          seen.push(input);
        }),
      },
    });
    const actor = createActor(machine, { clock: new SimulatedClock(), input: { loggedIn: false } }).start();
    actor.send({ type: 'REGISTER', input: { email: 'r@b.kz', password: 'P', name: 'N', captcha: 'c' } });
    await waitFor(actor, (s) => s.matches('registered'));
    expect(actor.getSnapshot().context.registeredEmail).toBe('r@b.kz');
    actor.send({ type: 'LOGIN_PROVIDER', provider: 'google', token: 't', nonce: 'n' });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(seen[1]).toEqual({ provider: 'google', token: 't', nonce: 'n' });
    expect(actor.getSnapshot().context.outcome?.isRegistration).toBe(true);
  });

  it('A4-4 logout failing stays logged in; deletion failing still ends as guest', async () => {
    const machine = accountLoginMachine.provide({
      actors: {
        logout: fromPromise<void, void>(async () => {
          throw new TechnicalError();
        }),
        deleteAccount: fromPromise<void, void>(async () => {
          throw new TechnicalError();
        }),
      },
    });
    const actor = createActor(machine, { clock: new SimulatedClock(), input: { loggedIn: true } }).start();
    actor.send({ type: 'LOGOUT' });
    await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(actor.getSnapshot().value).toBe('loggedIn');
    actor.send({ type: 'DELETE' });
    await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(actor.getSnapshot().value).toBe('guest');
  });

  it('A4-6 A4-8 S5-5 a session ended elsewhere (forced logout, another tab) returns to guest; a login-needed reason is kept', () => {
    const actor = createActor(accountLoginMachine, { clock: new SimulatedClock(), input: { loggedIn: true } }).start();
    actor.send({ type: 'SESSION_ENDED' });
    expect(actor.getSnapshot().value).toBe('guest');
    actor.send({ type: 'REQUIRE_LOGIN', reason: 'loginNeeded' });
    expect(actor.getSnapshot().context.reason).toBe('loginNeeded');
    actor.send({ type: 'SESSION_STARTED' });
    expect(actor.getSnapshot().value).toBe('loggedIn');
  });
});

describe('account-consent machine', () => {
  it('A4-1 flagged terms: documents are shown, accepting sends them back', async () => {
    let accepted = 0;
    const machine = accountConsentMachine.provide({
      actors: {
        loadDocuments: fromPromise<TermsDocument[], void>(async () => [
          { projectId: 47, version: 2, type: 'tou' as const, title: 't', body: 'b', publishedAt: '', archived: false },
        ]),
        acceptTerms: fromPromise(async () => {
          accepted += 1;
        }),
      },
    });
    const actor = createActor(machine, { clock: new SimulatedClock(), input: { needsTerms: true } }).start();
    await waitFor(actor, (s) => s.matches('reviewing'));
    expect(actor.getSnapshot().context.documents).toHaveLength(1);
    actor.send({ type: 'ACCEPT' });
    await waitFor(actor, (s) => s.matches('confirmed'));
    expect(accepted).toBe(1);
    expect(
      createActor(machine, { clock: new SimulatedClock(), input: { needsTerms: false } })
        .start()
        .getSnapshot().value,
    ).toBe('confirmed');
  });

  it('A4-1 A4-6 declining ends the flow (the caller logs out); a failed accept can be retried', async () => {
    let tries = 0;
    const machine = accountConsentMachine.provide({
      actors: {
        acceptTerms: fromPromise(async () => {
          tries += 1;
          if (tries === 1) throw new TechnicalError();
        }),
      },
    });
    const actor = createActor(machine, { clock: new SimulatedClock(), input: { needsTerms: true } }).start();
    await waitFor(actor, (s) => s.matches('reviewing'));
    actor.send({ type: 'ACCEPT' });
    await waitFor(actor, (s) => s.matches('reviewing') && s.context.error !== null);
    actor.send({ type: 'DECLINE' });
    expect(actor.getSnapshot().status).toBe('done');
  });
});

describe('account-marketing machine', () => {
  it('A4-2 A3-4 a required statement is asked in its variant; submitting sends the choice', async () => {
    const sent: unknown[] = [];
    const machine = accountMarketingMachine.provide({
      actors: {
        submitApproval: fromPromise(async ({ input }) => {
          sent.push(input);
        }),
      },
    });
    const approval = {
      required: true,
      variant: 'EXTENDED_PERIODIC' as const,
      marketingApproved: false,
      thirdPartiesApproved: false,
    };
    const actor = createActor(machine, { clock: new SimulatedClock(), input: { approval } }).start();
    expect(actor.getSnapshot().value).toBe('asking');
    expect(actor.getSnapshot().context.variant).toBe('EXTENDED_PERIODIC');
    actor.send({ type: 'SUBMIT', marketingApproved: true, thirdPartiesApproved: true });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(sent).toEqual([{ marketingApproved: true, thirdPartiesApproved: true }]);
    const none = createActor(machine, {
      clock: new SimulatedClock(),
      input: { approval: { ...approval, variant: 'NONE' } },
    }).start();
    expect(none.getSnapshot().value).toBe('idle');
  });

  it('A7-19 consent is loaded and saved from the settings', async () => {
    let stored = {
      projectId: 47,
      marketingApproved: false,
      thirdPartiesApproved: false,
      updatedAt: null as string | null,
    };
    const machine = accountMarketingMachine.provide({
      actors: {
        loadConsent: fromPromise(async () => stored),
        saveConsent: fromPromise(async ({ input }) => {
          stored = { ...stored, ...input, updatedAt: 'now' };
          return stored;
        }),
      },
    });
    const actor = createActor(machine, { clock: new SimulatedClock(), input: { approval: null } }).start();
    actor.send({ type: 'OPEN_SETTINGS' });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'SAVE', marketingApproved: true, thirdPartiesApproved: false });
    await waitFor(actor, (s) => s.matches('editing') && s.context.saved);
    expect(actor.getSnapshot().context.consent).toMatchObject({ marketingApproved: true, updatedAt: 'now' });
  });
});

describe('account-data-sync machine', () => {
  function setup(options: { lastSyncedAt?: number; failWith?: () => unknown; random?: number }) {
    const clock = new SimulatedClock();
    clock.set(1_000_000);
    let synced = options.lastSyncedAt ?? 0;
    let calls = 0;
    const machine = accountDataSyncMachine.provide({
      actors: {
        sync: fromPromise(async () => {
          calls += 1;
          const error = options.failWith?.();
          if (error) throw error;
          synced = clock.now();
        }),
      },
    });
    const actor = createActor(machine, {
      clock,
      input: {
        loggedIn: true,
        now: () => clock.now(),
        lastSyncedAt: () => synced,
        random: () => options.random ?? 0.5,
      },
    }).start();
    return { clock, actor, calls: () => calls, synced: () => synced };
  }

  it('A4-7 A9-4 constants: fresh 300000 ms, check 10000 ms, first delay up to 10 s, retry 3000 ms, 99 retries', () => {
    expect([DATA_FRESH_MS, DATA_CHECK_MS, DATA_INITIAL_DELAY_MAX_MS, DATA_RETRY_MS, DATA_MAX_RETRIES]).toEqual([
      300_000, 10_000, 10_000, 3000, 99,
    ]);
  });

  it('A4-7 the first check waits a random delay up to 10 s, then stale data is fetched', async () => {
    const { clock, actor, calls } = setup({ random: 0.25 });
    expect(actor.getSnapshot().context.initialDelayMs).toBe(2500);
    clock.increment(2499);
    await flush();
    expect(calls()).toBe(0);
    clock.increment(1);
    await flush();
    expect(calls()).toBe(1);
  });

  it('A4-7 fresh data is not fetched again before 300000 ms; checks run every 10000 ms', async () => {
    const { clock, calls } = setup({ random: 0 });
    clock.increment(0);
    await flush();
    expect(calls()).toBe(1); // never synced: stale
    for (let t = 0; t < 29; t += 1) {
      clock.increment(DATA_CHECK_MS);
      await flush();
    }
    expect(calls()).toBe(1); // 290 s later still fresh
    clock.increment(DATA_CHECK_MS);
    await flush();
    expect(calls()).toBe(2); // 300 s: stale again
  });

  it('A4-7 a failed fetch is retried every 3000 ms, 99 times, then the machine stops trying', async () => {
    const { clock, actor, calls } = setup({ random: 0, failWith: () => new TechnicalError() });
    clock.increment(0);
    await flush();
    expect(calls()).toBe(1);
    clock.increment(2999);
    await flush();
    expect(calls()).toBe(1);
    clock.increment(1);
    await flush();
    expect(calls()).toBe(2);
    for (let i = 0; i < 200; i += 1) {
      clock.increment(DATA_RETRY_MS);
      await flush();
    }
    expect(calls()).toBe(1 + DATA_MAX_RETRIES);
    expect(actor.getSnapshot().matches({ active: 'failed' })).toBe(true);
    actor.send({ type: 'SYNC_NOW' });
    await flush();
    expect(calls()).toBe(2 + DATA_MAX_RETRIES);
  });

  it('A4-6 A4-7 a product error (login mismatch) is not retried; LOGGED_OUT stops the checks', async () => {
    const { clock, actor, calls } = setup({ random: 0, failWith: () => new AccountError(1001) });
    clock.increment(0);
    await flush();
    clock.increment(DATA_RETRY_MS * 3);
    await flush();
    expect(calls()).toBe(1);
    actor.send({ type: 'LOGGED_OUT' });
    clock.increment(DATA_FRESH_MS * 2);
    await flush();
    expect(calls()).toBe(1);
    expect(actor.getSnapshot().value).toBe('off');
  });
});
