import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, SimulatedClock, setup, spawnChild } from 'xstate';
import {
  type PushConnectionInput,
  type PushSocketCommand,
  type PushSocketInput,
  pushConnectionMachine,
} from '../../machines/push-connection';
import { INITIAL_BACKOFF_MS, MAX_BACKOFF_MS, type PushStatus, pushChannelOf } from '../../machines/push-client';
import type { PushMessage } from '../../src/protocol/feed-source';

/** Timers the SimulatedClock still holds (it keeps them in a private map). */
function pendingTimers(clock: SimulatedClock): number {
  return (clock as unknown as { timeouts: Map<number, unknown> }).timeouts.size;
}

/** A socket the test drives: what the machine sent it, whether it was closed, and its reports. */
interface FakeSocket {
  readonly url: string;
  readonly sent: unknown[];
  closed: boolean;
  open(): void;
  frame(data: unknown): void;
  drop(): void;
}

function fakeSockets() {
  const sockets: FakeSocket[] = [];
  const actor = fromCallback<PushSocketCommand, PushSocketInput>(({ input, sendBack, receive }) => {
    const socket: FakeSocket = {
      url: input.url,
      sent: [],
      closed: false,
      open: () => sendBack({ type: 'socket.open' }),
      frame: (data) => sendBack({ type: 'socket.frame', data }),
      drop: () => sendBack({ type: 'socket.down' }),
    };
    sockets.push(socket);
    receive((command) => socket.sent.push(JSON.parse(command.data)));
    return () => {
      socket.closed = true;
    };
  });
  return { sockets, actor };
}

function harness(input: Partial<PushConnectionInput> = {}) {
  const clock = new SimulatedClock();
  const { sockets, actor: socket } = fakeSockets();
  const statuses: PushStatus[] = [];
  const messages: PushMessage[] = [];
  const actor = createActor(pushConnectionMachine.provide({ actors: { socket } }), {
    clock,
    input: { url: 'ws://x/push', subjects: ['u_1_1'], ...input },
  });
  actor.on('push.status', (event) => statuses.push(event.status));
  actor.on('push.message', (event) => messages.push(event.message));
  actor.start();
  const last = () => sockets[sockets.length - 1];
  return { clock, sockets, statuses, messages, actor, last };
}

describe('push connection machine', () => {
  it('S7-23 opens a socket on the url, subscribes its subjects on open and reports open', () => {
    const h = harness({ subjects: ['u_1_1', 'games_kk_AbCd1234', 'u_1_1'] });
    expect(h.sockets).toHaveLength(1);
    expect(h.sockets[0].url).toBe('ws://x/push');
    expect(h.actor.getSnapshot().value).toBe('connecting');
    h.sockets[0].open();
    expect(h.actor.getSnapshot().value).toBe('open');
    expect(h.sockets[0].sent).toEqual([{ subscribe: ['u_1_1', 'games_kk_AbCd1234'] }]);
    expect(h.statuses).toEqual(['open']);
  });

  it('S7-23 A7-23: with the account’s proof, every subscribe carries it: on each open and for subjects added later', () => {
    const auth = { id: 'u1', hash: 'h1' };
    const h = harness({ subjects: ['lsid_u1_kz-scores'], auth });
    h.sockets[0].open();
    h.actor.send({ type: 'subjects.add', subjects: ['u_1_1'] });
    h.sockets[0].drop();
    h.clock.increment(INITIAL_BACKOFF_MS);
    h.last().open();
    expect([...h.sockets[0].sent, ...h.last().sent]).toEqual([
      { auth, subscribe: ['lsid_u1_kz-scores'] },
      { auth, subscribe: ['u_1_1'] },
      { auth, subscribe: ['lsid_u1_kz-scores', 'u_1_1'] },
    ]);
  });

  it("S8-3 a dropped socket reconnects after 1 s, 2 s, 4 s … capped at 30 s (the browser's back-off)", () => {
    expect(INITIAL_BACKOFF_MS).toBe(1_000);
    expect(MAX_BACKOFF_MS).toBe(30_000);
    const h = harness();
    h.sockets[0].open();
    const waits: number[] = [];
    for (let drop = 0; drop < 8; drop++) {
      const before = h.sockets.length;
      h.last().drop();
      expect(h.last().closed).toBe(true);
      expect(h.actor.getSnapshot().value).toBe('waitingToReconnect');
      let waited = 0;
      while (h.sockets.length === before && waited < 60_000) {
        h.clock.increment(100);
        waited += 100;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
    expect(h.statuses).toEqual(['open', ...Array(8).fill('closed')]);
  });

  it('S8-3 an open starts the back-off again from 1 s', () => {
    const h = harness();
    h.sockets[0].drop();
    h.clock.increment(1_000);
    h.sockets[1].drop();
    h.clock.increment(2_000);
    h.sockets[2].open();
    h.sockets[2].drop();
    h.clock.increment(999);
    expect(h.sockets).toHaveLength(3);
    h.clock.increment(1);
    expect(h.sockets).toHaveLength(4);
  });

  it('S7-23 S4-2 resubscribes every subject on reopen and reports closed then open', () => {
    const h = harness({ subjects: ['u_1_1', 'sys_1'] });
    h.sockets[0].open();
    h.sockets[0].drop();
    expect(h.statuses).toEqual(['open', 'closed']);
    // Subjects changed while down are only noted: the reopen subscribes what is wanted then.
    h.actor.send({ type: 'subjects.add', subjects: ['games_kk_AbCd1234'] });
    h.actor.send({ type: 'subjects.remove', subjects: ['sys_1'] });
    h.clock.increment(INITIAL_BACKOFF_MS);
    expect(h.sockets).toHaveLength(2);
    expect(h.sockets[1].sent).toEqual([]);
    h.sockets[1].open();
    expect(h.sockets[1].sent).toEqual([{ subscribe: ['u_1_1', 'games_kk_AbCd1234'] }]);
    expect(h.statuses).toEqual(['open', 'closed', 'open']);
  });

  it('S7-23 subjects added or removed while open are sent at once; only subjects asked for are delivered', () => {
    const h = harness();
    h.sockets[0].open();
    h.actor.send({ type: 'subjects.add', subjects: ['games_kk_AbCd1234', 'u_1_1'] });
    h.actor.send({ type: 'subjects.add', subjects: ['u_1_1'] }); // nothing new: nothing sent
    h.sockets[0].frame(JSON.stringify({ subject: 'games_kk_AbCd1234', body: 'CA÷1¬~' }));
    h.actor.send({ type: 'subjects.remove', subjects: ['games_kk_AbCd1234', 'never_asked'] });
    h.sockets[0].frame(JSON.stringify({ subject: 'games_kk_AbCd1234', body: 'CA÷2¬~' }));
    h.sockets[0].frame(JSON.stringify({ subject: 'u_1_1', body: 'SA÷1¬~' }));
    expect(h.sockets[0].sent).toEqual([
      { subscribe: ['u_1_1'] },
      { subscribe: ['games_kk_AbCd1234'] },
      { unsubscribe: ['games_kk_AbCd1234'] },
    ]);
    expect(h.messages).toEqual([
      { subject: 'games_kk_AbCd1234', body: 'CA÷1¬~' },
      { subject: 'u_1_1', body: 'SA÷1¬~' },
    ]);
  });

  it('S7-23 bad frames are ignored: not JSON, not an object, no body, a number; bytes are read', () => {
    const h = harness();
    h.sockets[0].open();
    h.sockets[0].frame('not json');
    h.sockets[0].frame('[1]');
    h.sockets[0].frame(JSON.stringify({ subject: 'u_1_1' }));
    h.sockets[0].frame(42);
    h.sockets[0].frame(new TextEncoder().encode(JSON.stringify({ subject: 'u_1_1', body: 'b' })));
    expect(h.messages).toEqual([{ subject: 'u_1_1', body: 'b' }]);
    expect(h.actor.getSnapshot().value).toBe('open');
  });

  it('S8-3 gives up after maxReconnects drops in a row and reports failed, with nothing left scheduled', () => {
    const h = harness({ maxReconnects: 2 });
    h.sockets[0].drop();
    h.clock.increment(1_000);
    h.sockets[1].drop();
    h.clock.increment(2_000);
    h.sockets[2].drop();
    expect(h.statuses).toEqual(['closed', 'closed', 'failed']);
    expect(h.actor.getSnapshot().status).toBe('done');
    expect(h.actor.getSnapshot().value).toBe('failed');
    expect(h.sockets.every((s) => s.closed)).toBe(true);
    expect(pendingTimers(h.clock)).toBe(0);
    h.clock.increment(60_000);
    expect(h.sockets).toHaveLength(3);
  });

  it('S8-3 stopping closes the socket and cancels a pending reconnect', () => {
    const open = harness();
    open.sockets[0].open();
    open.actor.stop();
    expect(open.sockets[0].closed).toBe(true);

    const waiting = harness();
    waiting.sockets[0].drop();
    expect(pendingTimers(waiting.clock)).toBe(1);
    waiting.actor.stop();
    expect(pendingTimers(waiting.clock)).toBe(0);
    waiting.clock.increment(60_000);
    expect(waiting.sockets).toHaveLength(1);
  });

  it('S7-23 spawned as the child pushConnection of a root actor, pushChannelOf shares it between subscribers', async () => {
    const clock = new SimulatedClock();
    const { sockets, actor: socket } = fakeSockets();
    const root = createActor(
      setup({ actors: { pushConnection: pushConnectionMachine.provide({ actors: { socket } }) } }).createMachine({
        entry: spawnChild('pushConnection', {
          id: 'pushConnection',
          systemId: 'pushConnection',
          input: { url: 'ws://x/push' },
        }),
      }),
      { clock },
    ).start();
    const connection = root.system.get('pushConnection');
    const channel = pushChannelOf(connection);
    const a: string[] = [];
    const b: string[] = [];
    const statuses: PushStatus[] = [];
    const stopA = channel.subscribe(
      ['u_1_1', 'sys_1'],
      (m) => a.push(m.body),
      (s) => statuses.push(s),
    );
    sockets[0].open();
    await Promise.resolve();
    const stopB = channel.subscribe(['u_1_1', 'games_kk_X'], (m) => b.push(m.body));
    sockets[0].frame(JSON.stringify({ subject: 'u_1_1', body: 'both' }));
    sockets[0].frame(JSON.stringify({ subject: 'games_kk_X', body: 'b only' }));
    stopA();
    sockets[0].frame(JSON.stringify({ subject: 'u_1_1', body: 'b still' }));
    stopB();
    expect(a).toEqual(['both']);
    expect(b).toEqual(['both', 'b only', 'b still']);
    expect(statuses).toEqual(['open']);
    expect(sockets[0].sent).toEqual([
      { subscribe: ['u_1_1', 'sys_1'] },
      { subscribe: ['games_kk_X'] },
      { unsubscribe: ['sys_1'] },
      { unsubscribe: ['u_1_1', 'games_kk_X'] },
    ]);
    // A late subscriber hears the current status.
    const late: PushStatus[] = [];
    channel.subscribe(
      ['u_1_1'],
      () => {},
      (s) => late.push(s),
    );
    await Promise.resolve();
    expect(late).toEqual(['open']);
    root.stop();
    expect(sockets[0].closed).toBe(true);
  });
});
