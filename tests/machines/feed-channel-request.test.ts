// The feed cycle's request children report with one event type per channel (machines/feed/
// channel-request.ts), so each cycle state handles its own channel's answers.
import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, SimulatedClock, setup } from 'xstate';
import { channelRequestMachine } from '../../machines/feed/channel-request';
import type { FeedAnswer, FeedCall } from '../../src/net/feed-call';
import { answer } from '../scoreboard/helpers/answers';

const flush = async () => {
  for (let i = 0; i < 4; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

/** A parent holding one channel's request child and noting every event it hears. */
function parentOf(channel: string, fetch: (call: FeedCall) => Promise<FeedAnswer>) {
  const request = channelRequestMachine.provide({
    actors: { fetchFeed: fromPromise<FeedAnswer, FeedCall>(({ input }) => fetch(input)) },
  });
  const machine = setup({
    types: {} as { context: { heard: string[] }; events: { type: string } },
    actors: { request },
  }).createMachine({
    context: { heard: [] },
    invoke: { id: 'request', src: 'request', input: { channel } },
    on: { '*': { actions: assign({ heard: ({ context, event }) => [...context.heard, event.type] }) } },
  });
  const clock = new SimulatedClock();
  const actor = createActor(machine, { clock }).start();
  return { actor, clock, heard: () => actor.getSnapshot().context.heard };
}

describe('feed cycle: channel reports', () => {
  it('S4-10 an answer comes back as <channel>.loaded', async () => {
    const { actor, heard } = parentOf('odds', async (call) => answer(call));
    actor.getSnapshot().children.request?.send({ type: 'request', call: { kind: 'odds', sport: 1, day: 0 } });
    await flush();
    expect(heard()).toEqual(['odds.loaded']);
  });

  it('S8-1 a network failure comes back as <channel>.error, max attempts as <channel>.failed', async () => {
    const { actor, clock, heard } = parentOf('update', async () => {
      throw new Error('down');
    });
    actor
      .getSnapshot()
      .children.request?.send({ type: 'request', call: { kind: 'update', sport: 1, signature: null } });
    for (let i = 0; i < 4; i++) {
      await flush();
      clock.increment(1_000);
    }
    await flush();
    expect(heard()).toEqual(['update.error', 'update.error', 'update.error', 'update.error', 'update.failed']);
  });
});
