import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { createGeoLookup } from '../../src/net/geo-lookup';
import { manualPageSignals } from '../../src/net/page-signals';
import {
  createWebSocketPush,
  type PushStatus,
  readPushFrame,
  reconnectDelay,
  sourcePush,
  type WebSocketLike,
} from '../../machines/push-client';
import type { FeedRequest, PushMessage } from '../../src/protocol/feed-source';

describe('geo lookup', () => {
  it('A4-10 A7-22 one request with x-geoip: 1, the result shared and never repeated after it resolves', async () => {
    const requests: FeedRequest[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const lookup = createGeoLookup({
      transport: async (request) => {
        requests.push(request);
        await gate;
        return { status: 200, headers: { 'x-geoip-country-code': 'KZ', 'x-geoip-city-name': 'Almaty' }, body: '' };
      },
    });
    const a = lookup.lookup();
    const b = lookup.lookup();
    expect(a).toBe(b);
    release();
    expect(await a).toMatchObject({ countryCode: 'KZ', cityName: 'Almaty' });
    await lookup.lookup();
    expect(requests).toHaveLength(1);
    expect(requests[0].headers['x-geoip']).toBe('1');
  });

  it('A4-10 a failed lookup is asked again next time', async () => {
    let calls = 0;
    const lookup = createGeoLookup({
      transport: async () => {
        calls++;
        if (calls === 1) throw new Error('offline');
        return { status: 200, headers: {}, body: '' };
      },
    });
    await expect(lookup.lookup()).rejects.toThrow('offline');
    expect(await lookup.lookup()).toBeNull();
    expect(calls).toBe(2);
  });
});

class FakeSocket implements WebSocketLike {
  sent: string[] = [];
  closed = false;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
  }
}

function fakeTimers() {
  const queue: { fn: () => void; ms: number; id: number }[] = [];
  let next = 1;
  return {
    queue,
    setTimeout: (fn: () => void, ms: number) => {
      const id = next++;
      queue.push({ fn, ms, id });
      return id;
    },
    clearTimeout: (id: unknown) => {
      const i = queue.findIndex((t) => t.id === id);
      if (i >= 0) queue.splice(i, 1);
    },
    runNext() {
      const t = queue.shift()!;
      t.fn();
      return t.ms;
    },
  };
}

function socketFor(sockets: FakeSocket[]): FakeSocket {
  const socket = new FakeSocket();
  sockets.push(socket);
  return socket;
}

describe('push client', () => {
  it('S7-23 subscribes with {"subscribe": [...]} on open and delivers {subject, body} frames of its subjects', () => {
    const sockets: FakeSocket[] = [];
    const push = createWebSocketPush({
      url: 'ws://x/push',
      connect: () => socketFor(sockets),
      timers: fakeTimers(),
    });
    const messages: PushMessage[] = [];
    const statuses: PushStatus[] = [];
    push.subscribe(
      ['u_1_1'],
      (m) => messages.push(m),
      (s) => statuses.push(s),
    );
    sockets[0].onopen!({});
    expect(JSON.parse(sockets[0].sent[0])).toEqual({ subscribe: ['u_1_1'] });
    sockets[0].onmessage!({ data: JSON.stringify({ subject: 'u_1_1', body: 'SA÷1¬~' }) });
    sockets[0].onmessage!({ data: JSON.stringify({ subject: 'u_2_1', body: 'x' }) });
    sockets[0].onmessage!({ data: 'not json' });
    sockets[0].onmessage!({ data: JSON.stringify({ subject: 'u_1_1' }) });
    expect(messages).toEqual([{ subject: 'u_1_1', body: 'SA÷1¬~' }]);
    expect(statuses).toEqual(['open']);
  });

  it('S8-3 a dropped socket reports closed and reconnects with doubling backoff; an open resets it', () => {
    const sockets: FakeSocket[] = [];
    const timers = fakeTimers();
    const push = createWebSocketPush({
      url: 'ws://x',
      connect: () => socketFor(sockets),
      timers,
      initialBackoffMs: 1000,
      maxBackoffMs: 4000,
    });
    const statuses: PushStatus[] = [];
    push.subscribe(
      ['u_1_1'],
      () => {},
      (s) => statuses.push(s),
    );
    sockets[0].onclose!({});
    expect(statuses).toEqual(['closed']);
    expect(timers.runNext()).toBe(1000);
    sockets[1].onerror!({});
    sockets[1].onclose!({}); // one report per socket
    expect(timers.runNext()).toBe(2000);
    sockets[2].onclose!({});
    expect(timers.runNext()).toBe(4000);
    sockets[3].onclose!({});
    expect(timers.runNext()).toBe(4000);
    sockets[4].onopen!({});
    sockets[4].onclose!({});
    expect(timers.runNext()).toBe(1000);
    expect(statuses.filter((s) => s === 'closed')).toHaveLength(5);
    expect(reconnectDelay(10, 1000, 30_000)).toBe(30_000);
  });

  it('S8-3 after maxReconnects failures in a row the channel reports failed and stops', () => {
    const sockets: FakeSocket[] = [];
    const timers = fakeTimers();
    const push = createWebSocketPush({
      url: 'ws://x',
      connect: () => socketFor(sockets),
      timers,
      maxReconnects: 1,
    });
    const statuses: PushStatus[] = [];
    push.subscribe(
      ['u_1_1'],
      () => {},
      (s) => statuses.push(s),
    );
    sockets[0].onclose!({});
    timers.runNext();
    sockets[1].onclose!({});
    expect(statuses).toEqual(['closed', 'failed']);
    expect(timers.queue).toHaveLength(0);
  });

  it('unsubscribing closes the socket and cancels a pending reconnect', () => {
    const sockets: FakeSocket[] = [];
    const timers = fakeTimers();
    const push = createWebSocketPush({
      url: 'ws://x',
      connect: () => socketFor(sockets),
      timers,
    });
    const stop = push.subscribe(['u_1_1'], () => {});
    stop();
    expect(sockets[0].closed).toBe(true);
    const stop2 = push.subscribe(['u_1_1'], () => {});
    sockets[1].onclose!({});
    expect(timers.queue).toHaveLength(1);
    stop2();
    expect(timers.queue).toHaveLength(0);
  });

  it('S7-23 push frames: text or bytes; anything else ignored', () => {
    expect(readPushFrame(new TextEncoder().encode('{"subject":"s","body":"b"}'))).toEqual({ subject: 's', body: 'b' });
    expect(readPushFrame(42)).toBeNull();
    expect(readPushFrame('[1]')).toBeNull();
  });

  it('S8-3 on a SimulatedClock passed as its clock the reconnect waits 1 s, then 2 s; nothing is left after unsubscribing', () => {
    const sockets: FakeSocket[] = [];
    const clock = new SimulatedClock();
    const push = createWebSocketPush({ url: 'ws://x', connect: () => socketFor(sockets), clock });
    const statuses: PushStatus[] = [];
    const stop = push.subscribe(
      ['u_1_1'],
      () => {},
      (s) => statuses.push(s),
    );
    sockets[0].onerror!({});
    clock.increment(999);
    expect(sockets).toHaveLength(1);
    clock.increment(1);
    expect(sockets).toHaveLength(2);
    sockets[1].onclose!({});
    clock.increment(1_999);
    expect(sockets).toHaveLength(2);
    clock.increment(1);
    expect(sockets).toHaveLength(3);
    sockets[2].onopen!({});
    expect(JSON.parse(sockets[2].sent[0])).toEqual({ subscribe: ['u_1_1'] });
    expect(statuses).toEqual(['closed', 'closed', 'open']);
    stop();
    expect(sockets[2].closed).toBe(true);
    clock.increment(60_000);
    expect(sockets).toHaveLength(3);
  });

  it('S8-3 a socket that cannot be made counts as a drop and is tried again after the back-off', () => {
    const sockets: FakeSocket[] = [];
    const clock = new SimulatedClock();
    let refuse = true;
    const push = createWebSocketPush({
      url: 'ws://x',
      clock,
      connect: () => {
        if (refuse) throw new Error('refused');
        return socketFor(sockets);
      },
    });
    const statuses: PushStatus[] = [];
    const stop = push.subscribe(
      ['u_1_1'],
      () => {},
      (s) => statuses.push(s),
    );
    expect(statuses).toEqual(['closed']);
    refuse = false;
    clock.increment(1_000);
    sockets[0].onopen!({});
    expect(statuses).toEqual(['closed', 'open']);
    stop();
  });

  it('a FeedSource push channel opens at once and filters subjects', async () => {
    const listeners: ((m: PushMessage) => void)[] = [];
    const channel = sourcePush({
      onPush: (l) => {
        listeners.push(l);
        return () => {};
      },
    });
    const got: PushMessage[] = [];
    const statuses: PushStatus[] = [];
    channel.subscribe(
      ['u_1_1'],
      (m) => got.push(m),
      (s) => statuses.push(s),
    );
    await Promise.resolve();
    listeners[0]({ subject: 'u_1_1', body: 'a' });
    listeners[0]({ subject: 'sys_1', body: 'b' });
    expect(got).toEqual([{ subject: 'u_1_1', body: 'a' }]);
    expect(statuses).toEqual(['open']);
  });
});

describe('page signals', () => {
  it('A4-11 manual signals notify online and visibility changes', () => {
    const signals = manualPageSignals();
    const seen: string[] = [];
    signals.subscribe((s) => seen.push(`${s.online}/${s.visible}`));
    signals.set({ online: false });
    signals.set({ visible: false });
    expect(seen).toEqual(['false/true', 'false/false']);
  });
});
