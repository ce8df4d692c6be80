import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, setup } from 'xstate';
import { feedRequestMachine, type FeedRequestReport } from '../../machines/feed-request';
import type { FeedAnswer, FeedCall } from '../../src/net/feed-call';
import { answer } from '../scoreboard/helpers/answers';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

interface Pending {
  call: FeedCall;
  resolve: (answer: FeedAnswer) => void;
  reject: (error: Error) => void;
}

/** A parent that owns one feed-request child and records what it reports. */
function harness() {
  const pending: Pending[] = [];
  const reports: FeedRequestReport[] = [];
  const child = feedRequestMachine.provide({
    actors: {
      fetchFeed: fromPromise<FeedAnswer, FeedCall>(
        ({ input }) =>
          new Promise<FeedAnswer>((resolve, reject) => {
            pending.push({ call: input, resolve, reject });
          }),
      ),
    },
  });
  const parent = setup({
    types: {
      events: {} as
        | FeedRequestReport
        | { type: 'forward'; event: Parameters<ReturnType<typeof createActor<typeof child>>['send']>[0] },
    },
    actors: { child },
  }).createMachine({
    invoke: { src: 'child', id: 'request', input: { channel: 'update' } },
    on: {
      forward: { actions: ({ event, self }) => self.getSnapshot().children.request?.send(event.event) },
      'feed.answer': { actions: ({ event }) => reports.push(event) },
      'feed.error': { actions: ({ event }) => reports.push(event) },
      'feed.failed': { actions: ({ event }) => reports.push(event) },
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(parent, { clock }).start();
  const request = () => actor.getSnapshot().children.request!;
  const send = (event: Parameters<ReturnType<typeof request>['send']>[0]) => actor.send({ type: 'forward', event });
  const state = () => request().getSnapshot().value;
  return { actor, clock, pending, reports, send, state };
}

const call: FeedCall = { kind: 'update', sport: 1, signature: null };

describe('feed request machine', () => {
  it('S4-10 idle → updating → idle, the answer delivered to the parent', async () => {
    const h = harness();
    expect(h.state()).toBe('idle');
    h.send({ type: 'request', call });
    expect(h.state()).toBe('updating');
    h.pending[0].resolve(answer(call));
    await flush();
    expect(h.state()).toBe('idle');
    expect(h.reports.map((r) => r.type)).toEqual(['feed.answer']);
  });

  it('S4-10 a new request for the same context aborts the running one; its answer is ignored', async () => {
    const h = harness();
    h.send({ type: 'request', call });
    const second: FeedCall = { kind: 'update', sport: 1, signature: '7' };
    h.send({ type: 'request', call: second });
    expect(h.pending).toHaveLength(2);
    h.pending[0].resolve(answer(call, { body: 'old' }));
    await flush();
    expect(h.reports).toHaveLength(0);
    expect(h.state()).toBe('updating');
    h.pending[1].resolve(answer(second, { body: 'new' }));
    await flush();
    expect(h.reports).toHaveLength(1);
    expect(h.reports[0].type === 'feed.answer' && h.reports[0].answer.body).toBe('new');
  });

  it('S4-10 abort moves to aborted and the late answer is ignored', async () => {
    const h = harness();
    h.send({ type: 'request', call });
    h.send({ type: 'abort' });
    expect(h.state()).toBe('aborted');
    h.pending[0].resolve(answer(call));
    await flush();
    expect(h.reports).toHaveLength(0);
    h.send({ type: 'request', call });
    expect(h.state()).toBe('updating');
  });

  it.each([200, 304, 204, 1223, 0])('S8-1 status %i is accepted', async (status) => {
    const h = harness();
    h.send({ type: 'request', call });
    h.pending[0].resolve(answer(call, { status }));
    await flush();
    expect(h.reports.map((r) => r.type)).toEqual(['feed.answer']);
    expect(h.pending).toHaveLength(1);
  });

  it('S8-1 other statuses retry: first at once, then 250 ms × (attempt − 1); after 3 retries max attempts', async () => {
    const h = harness();
    h.send({ type: 'request', call });
    h.pending[0].resolve(answer(call, { status: 503 }));
    await flush();
    // Retry 1 is immediate.
    expect(h.pending).toHaveLength(2);
    h.pending[1].resolve(answer(call, { status: 500 }));
    await flush();
    expect(h.pending).toHaveLength(2);
    h.clock.increment(249);
    expect(h.pending).toHaveLength(2);
    h.clock.increment(1);
    expect(h.pending).toHaveLength(3); // retry 2 after 250 ms
    h.pending[2].resolve(answer(call, { status: 404 }));
    await flush();
    h.clock.increment(499);
    expect(h.pending).toHaveLength(3);
    h.clock.increment(1);
    expect(h.pending).toHaveLength(4); // retry 3 after 500 ms
    h.pending[3].resolve(answer(call, { status: 502 }));
    await flush();
    expect(h.state()).toBe('idle');
    expect(h.reports.map((r) => r.type)).toEqual(['feed.failed']);
    h.clock.increment(10_000);
    expect(h.pending).toHaveLength(4);
  });

  it('S8-1 a network failure calls the error callback and retries', async () => {
    const h = harness();
    h.send({ type: 'request', call });
    h.pending[0].reject(new Error('ECONNRESET'));
    await flush();
    expect(h.reports[0]).toMatchObject({ type: 'feed.error', error: 'ECONNRESET' });
    expect(h.pending).toHaveLength(2);
    h.pending[1].resolve(answer(call));
    await flush();
    expect(h.reports.map((r) => r.type)).toEqual(['feed.error', 'feed.answer']);
  });

  it('A9-2 a request that never answers times out after 30 s and is retried', async () => {
    const h = harness();
    h.send({ type: 'request', call });
    h.clock.increment(29_999);
    expect(h.pending).toHaveLength(1);
    h.clock.increment(1);
    expect(h.reports[0]).toMatchObject({ type: 'feed.error', error: 'timeout' });
    expect(h.pending).toHaveLength(2);
  });

  it('A4-11 retries pause while offline or hidden and resume when both are back', async () => {
    const h = harness();
    h.send({ type: 'page.online', online: false });
    h.send({ type: 'request', call });
    h.pending[0].reject(new Error('offline'));
    await flush();
    expect(h.state()).toEqual({ retrying: 'paused' });
    h.clock.increment(60_000);
    expect(h.pending).toHaveLength(1);
    h.send({ type: 'page.visibility', visible: false });
    h.send({ type: 'page.online', online: true });
    expect(h.state()).toEqual({ retrying: 'paused' });
    expect(h.pending).toHaveLength(1);
    h.send({ type: 'page.visibility', visible: true });
    expect(h.pending).toHaveLength(2);
  });
});
