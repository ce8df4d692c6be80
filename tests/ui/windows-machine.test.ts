import { createActor, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import { LANG_BOX_VISITS, windowsMachine } from '../../machines/windows';

function start(langBoxShown = false) {
  const calls: string[] = [];
  const actor = createActor(
    windowsMachine.provide({
      actions: {
        cancelLoginFlow: () => {
          calls.push('cancel');
        },
        rememberLangBoxShown: () => {
          calls.push('remember');
        },
      },
    }),
    { input: { langBoxShown }, clock: new SimulatedClock() },
  );
  actor.start();
  return { actor, calls, active: () => actor.getSnapshot().context.active };
}

describe('windows machine', () => {
  it('S2-38 opening a window closes the one before; toggling the open one closes it', () => {
    const { actor, active } = start();
    actor.send({ type: 'window.open', name: 'settings' });
    expect(active()).toBe('settings');
    actor.send({ type: 'window.open', name: 'search' });
    expect(active()).toBe('search');
    actor.send({ type: 'window.toggle', name: 'verticalMenu' });
    expect(active()).toBe('verticalMenu');
    actor.send({ type: 'window.toggle', name: 'verticalMenu' });
    expect(active()).toBeNull();
  });

  it('S2-38 closing a window that is not the active one changes nothing', () => {
    const { actor, active } = start();
    actor.send({ type: 'window.open', name: 'settings' });
    actor.send({ type: 'window.close', name: 'search' });
    expect(active()).toBe('settings');
    actor.send({ type: 'window.close' });
    expect(active()).toBeNull();
  });

  it('S2-39 another window may replace a running login flow only when the flow can be cancelled', () => {
    const { actor, active, calls } = start();
    actor.send({ type: 'window.open', name: 'login' });
    actor.send({ type: 'login.flowStarted', cancelable: false });
    actor.send({ type: 'window.open', name: 'settings' });
    expect(active()).toBe('login');
    expect(calls).toEqual([]);
    actor.send({ type: 'login.cancelableChanged', cancelable: true });
    actor.send({ type: 'window.open', name: 'settings' });
    expect(active()).toBe('settings');
    expect(calls).toEqual(['cancel']);
    expect(actor.getSnapshot().context.loginRunning).toBe(false);
  });

  it('S2-40 closing the login window cancels the flow', () => {
    const { actor, active, calls } = start();
    actor.send({ type: 'window.open', name: 'login' });
    actor.send({ type: 'login.flowStarted', cancelable: false });
    actor.send({ type: 'window.close', name: 'login' });
    expect(active()).toBeNull();
    expect(calls).toEqual(['cancel']);
  });

  it('S2-40 a login flow that ends on its own closes its window without a cancel', () => {
    const { actor, active, calls } = start();
    actor.send({ type: 'window.open', name: 'login' });
    actor.send({ type: 'login.flowStarted', cancelable: true });
    actor.send({ type: 'login.flowEnded' });
    expect(active()).toBeNull();
    expect(calls).toEqual([]);
  });

  it('S2-41 the language box shows once, after 3 visits, and not over another window', () => {
    const first = start();
    first.actor.send({ type: 'visits.counted', visits: LANG_BOX_VISITS - 1 });
    expect(first.active()).toBeNull();
    first.actor.send({ type: 'window.open', name: 'settings' });
    first.actor.send({ type: 'visits.counted', visits: LANG_BOX_VISITS });
    expect(first.active()).toBe('settings');

    const second = start();
    second.actor.send({ type: 'visits.counted', visits: LANG_BOX_VISITS });
    expect(second.active()).toBe('langBox');
    expect(second.calls).toEqual(['remember']);
    second.actor.send({ type: 'window.close' });
    second.actor.send({ type: 'visits.counted', visits: LANG_BOX_VISITS + 1 });
    expect(second.active()).toBeNull();

    const shownBefore = start(true);
    shownBefore.actor.send({ type: 'visits.counted', visits: 10 });
    expect(shownBefore.active()).toBeNull();
  });
});
