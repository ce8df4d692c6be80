// Tabs running the My Games machine on one SimulatedClock: they share a Map-backed local storage and a fake
// account server that applies each stored diff the way the account service merges by dotted key (A7-11).
import { type Actor, createActor, fromPromise, SimulatedClock } from 'xstate';
import { type MyGamesEmitted, type MyGamesInput, myGamesMachine } from '../../../machines/my-games';
import { readLocalRaw, readLocalStamp, memoryStorage, writeLocalRaw } from '../../../src/follow/local-storage';
import type { DataDiff, JsonObject } from '../../../src/wire/account';
import { applyDataDiff } from '../../../src/wire/dotted';

export const TZ = 'Asia/Almaty'; // UTC+5, no daylight saving time
/** 2025-03-15 12:00 local (07:00 UTC). */
export const START_MS = Date.UTC(2025, 2, 15, 7);
export const DAY_S = 86_400;
/** Epoch seconds of a local hour `dayOffset` days from the start day (hour in local time). */
export const at = (dayOffset: number, localHour = 15): number =>
  Date.UTC(2025, 2, 15 + dayOffset, localHour - 5) / 1000;

export interface FakeServer {
  data: JsonObject;
  readonly diffs: DataDiff[];
  /** When set, a store rejects with this message. */
  fail: string | null;
  /** Stores wait for release() while held. */
  hold: boolean;
  readonly waiting: Array<() => void>;
  release(): void;
}

export function fakeServer(data: JsonObject = {}): FakeServer {
  const server: FakeServer = {
    data,
    diffs: [],
    fail: null,
    hold: false,
    waiting: [],
    release: () => {
      server.hold = false;
      for (const go of server.waiting.splice(0)) go();
    },
  };
  return server;
}

export interface World {
  readonly clock: SimulatedClock;
  readonly storage: ReturnType<typeof memoryStorage>;
  readonly server: FakeServer;
  readonly now: () => number;
  readonly counts: { readLocal: number; readStamp: number; writeLocal: number };
  /** While set, local reads take the storage as it is but answer only at releaseReads(). */
  holdReads: boolean;
  readonly heldReads: Array<() => void>;
  releaseReads(): void;
}

export function createWorld(options: { readonly server?: JsonObject } = {}): World {
  const clock = new SimulatedClock();
  const world: World = {
    clock,
    storage: memoryStorage(),
    server: fakeServer(options.server ?? {}),
    now: () => START_MS + clock.now(),
    counts: { readLocal: 0, readStamp: 0, writeLocal: 0 },
    holdReads: false,
    heldReads: [],
    releaseReads: () => {
      world.holdReads = false;
      for (const go of world.heldReads.splice(0)) go();
    },
  };
  return world;
}

export type Tab = ReturnType<typeof openTab>;

export function openTab(world: World, input: Partial<MyGamesInput> = {}) {
  const { storage, server, counts } = world;
  const emitted: MyGamesEmitted[] = [];
  const machine = myGamesMachine.provide({
    actors: {
      readLocal: fromPromise(async () => {
        counts.readLocal++;
        const raw = readLocalRaw(storage);
        if (world.holdReads) await new Promise<void>((go) => world.heldReads.push(go));
        return raw;
      }),
      readStamp: fromPromise(async () => {
        counts.readStamp++;
        return readLocalStamp(storage);
      }),
      storeServer: fromPromise(async ({ input: { diff } }) => {
        if (server.hold) await new Promise<void>((go) => server.waiting.push(go));
        if (server.fail) throw new Error(server.fail);
        server.diffs.push(diff);
        server.data = applyDataDiff(server.data, diff);
      }),
    },
    actions: {
      writeLocal: (_, { values }) => {
        counts.writeLocal++;
        writeLocalRaw(storage, values);
      },
    },
  });
  const actor: Actor<typeof myGamesMachine> = createActor(machine, {
    clock: world.clock,
    input: { now: world.now, timeZone: TZ, ...input },
  });
  for (const type of ['myGames.changed', 'myGames.alert', 'myGames.loadError'] as const)
    actor.on(type, (event) => emitted.push(event));
  actor.start();
  return {
    actor,
    emitted,
    send: (event: Parameters<typeof actor.send>[0]) => actor.send(event),
    context: () => actor.getSnapshot().context,
    games: () => actor.getSnapshot().context.follow.games,
    teams: () => actor.getSnapshot().context.follow.teams,
    state: () => actor.getSnapshot().value,
  };
}

/** Lets promise actors settle (their answers arrive on microtasks). */
export async function flush(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

/** Moves the clock in small steps, letting each timer's promise settle before the next. */
export async function advance(world: World, ms: number, step = 100): Promise<void> {
  await flush();
  for (let left = ms; left > 0; left -= step) {
    world.clock.increment(Math.min(step, left));
    await flush();
  }
}

/** A game as a row's star gives it (football, a duel sport). */
export function football(eventId: string, dayOffset = 0, extra: Record<string, unknown> = {}) {
  return {
    sportId: 1,
    eventId,
    leagueId: '1_LEAGUEAA',
    AD: at(dayOffset),
    AP: at(dayOffset) + 7200,
    AB: 1,
    ...extra,
  };
}
