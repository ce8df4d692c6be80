// Model-based property: for any sequence of world changes, clock steps and network faults
// (dropped, duplicated/stale, reordered, 5xx and failed responses, timeouts, push loss, push
// duplicates, push failures, A2 reloads), once feeds flow again the scoreboard equals the source's
// truth for the page shown.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { createFeedEngine, type FeedEngine } from '../../machines/feed-engine';
import type { PushChannel, PushStatus } from '../../machines/push-client';
import type { FeedRequest, FeedResponse, PushMessage } from '../../src/protocol/feed-source';
import { clientView, TestFeedSource } from '../scoreboard/helpers/test-feed-source';

const BASE = Date.UTC(2026, 8, 1, 6, 0); // 11:00 in Kazakhstan
const DAY_START = Date.UTC(2026, 7, 31, 19, 0) / 1000;
const flush = async () => {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
};

interface Pending {
  readonly request: FeedRequest;
  readonly rendered: FeedResponse;
  resolve(response: FeedResponse): void;
  reject(error: Error): void;
}

class World {
  readonly clock = new SimulatedClock();
  readonly source = new TestFeedSource({ now: () => BASE + this.clock.now() });
  readonly pending: Pending[] = [];
  readonly answered = new Map<string, FeedResponse[]>();
  auto = false;
  /** When set, responses and push deliveries resolve in the order this scheduler picks. */
  scheduler: fc.Scheduler | null = null;
  pushStatus: PushStatus = 'closed';
  private pushListener: ((m: PushMessage) => void) | null = null;
  private pushStatusListener: ((s: PushStatus) => void) | null = null;
  lastPush: PushMessage | null = null;
  readonly log: string[] = [];
  engine: FeedEngine;
  private nextId = 0;

  constructor(seedEvents: number, scheduler: fc.Scheduler | null = null) {
    this.scheduler = scheduler;
    this.source.addLeague({ id: '1_lga', name: 'A', type: 't', sortKey: 'a' });
    this.source.addLeague({ id: '1_lgb', name: 'B', type: 'p', sortKey: 'b' });
    for (let i = 0; i < seedEvents; i++) this.addEvent(i % 2);
    const push: PushChannel = {
      subscribe: (_subjects, onMessage, onStatus) => {
        this.pushListener = onMessage;
        this.pushStatusListener = onStatus ?? null;
        return () => {
          this.pushListener = null;
          this.pushStatusListener = null;
        };
      },
    };
    this.engine = createFeedEngine({
      transport: (request) => this.transport(request),
      sport: 1,
      clock: this.clock,
      now: () => BASE + this.clock.now(),
      push,
      random: () => 0.5,
    }).start();
  }

  addEvent(league: number): void {
    const id = `ev${String(this.nextId++).padStart(6, '0')}`;
    const start = DAY_START + 10 * 3600 + (this.nextId % 20) * 900;
    this.source.addEvent(id, league === 0 ? '1_lga' : '1_lgb', {
      startTime: start,
      stageType: 1,
      home: `H${id}`,
      away: `A${id}`,
      homeScore: 0,
      awayScore: 0,
    });
  }

  private record(request: FeedRequest, response: FeedResponse): FeedResponse {
    const list = this.answered.get(request.feed) ?? [];
    list.push(response);
    this.answered.set(request.feed, list);
    return response;
  }

  transport(request: FeedRequest): Promise<FeedResponse> {
    if (this.auto) return Promise.resolve(this.record(request, this.source.fetch(request)));
    // Rendered when the request reaches the server; delivered whenever a command says so.
    const rendered = this.record(request, this.source.fetch(request));
    if (this.scheduler) return this.scheduler.schedule(Promise.resolve(rendered), request.feed);
    return new Promise((resolve, reject) => this.pending.push({ request, rendered, resolve, reject }));
  }

  take(index: number): Pending | null {
    if (this.pending.length === 0) return null;
    return this.pending.splice(index % this.pending.length, 1)[0];
  }

  setPushStatus(status: PushStatus): void {
    this.pushStatus = status;
    this.pushStatusListener?.(status);
  }

  sendPush(message: PushMessage): void {
    if (this.pushStatus !== 'open') return;
    if (this.scheduler && !this.auto) {
      void this.scheduler
        .schedule(Promise.resolve(), `push ${message.subject}`)
        .then(() => this.pushListener?.(message));
    } else {
      this.pushListener?.(message);
    }
  }

  private readonly shown = new Map<string, readonly [number, number]>();

  /** An older update never overwrites a newer value: a score shown once never goes back down. */
  checkNoFlapping(): void {
    const events = this.engine.scoreboard.snapshot().events;
    for (const id of [...this.shown.keys()]) if (!events.has(id)) this.shown.delete(id);
    for (const [id, event] of events) {
      const score = [event.homeScore ?? 0, event.awayScore ?? 0] as const;
      const before = this.shown.get(id);
      if (before && (score[0] < before[0] || score[1] < before[1])) {
        throw new Error(`score of ${id} went back from ${before} to ${score}`);
      }
      this.shown.set(id, score);
    }
  }

  async heal(): Promise<void> {
    this.auto = true;
    this.scheduler = null;
    for (const p of this.pending.splice(0)) p.resolve(this.source.fetch(p.request));
    if (this.pushListener && this.pushStatus !== 'failed') this.setPushStatus('open');
    for (let second = 0; second < 150; second++) {
      this.clock.increment(1_000);
      await flush();
      const message = this.source.takePush();
      if (message) this.sendPush(message);
      await flush();
      this.checkNoFlapping();
    }
  }
}

type Command = fc.AsyncCommand<object, World>;

function command(name: string, run: (world: World) => void | Promise<void>): Command {
  return {
    check: () => true,
    async run(_model, world) {
      world.log.push(name);
      await run(world);
      await flush();
      world.checkNoFlapping();
    },
    toString: () => name,
  };
}

const eventIndex = fc.nat(40);
const deliver = fc.nat(5).map((i) =>
  command(`deliver(${i})`, (w) => {
    const p = w.take(i); // any pending one: responses arrive reordered
    p?.resolve(p.rendered);
  }),
);
const tick = fc.constant(command('advance(5000)', (w) => w.clock.increment(5_000)));
const commands: fc.Arbitrary<Command>[] = [
  // Weighted toward the flow of a normal page: answers arrive and time passes.
  deliver,
  deliver,
  deliver,
  deliver,
  tick,
  tick,
  // Scores only rise here (corrections are unit-tested), so a shown score going down is flapping.
  fc.tuple(eventIndex, fc.boolean(), fc.integer({ min: 0, max: 2 })).map(([i, home, delta]) =>
    command(`score(${i},${home},${delta})`, (w) => {
      const ids = w.source.eventIds();
      if (ids.length === 0) return;
      const id = ids[i % ids.length];
      const field = home ? 'homeScore' : 'awayScore';
      const current = (w.source.event(id)!.fields[field] as number | undefined) ?? 0;
      w.source.setField(id, field, current + delta);
    }),
  ),
  eventIndex.map((i) =>
    command(`stage(${i})`, (w) => {
      const ids = w.source.eventIds();
      if (ids.length === 0) return;
      const id = ids[i % ids.length];
      const stageType = w.source.event(id)!.fields.stageType ?? 1;
      const next = stageType === 1 ? 2 : stageType === 2 ? 3 : 3;
      w.source.setField(id, 'stageType', next);
      w.source.setField(id, 'live', next === 2 ? 'y' : undefined);
    }),
  ),
  fc.tuple(eventIndex, fc.integer({ min: -30, max: 30 })).map(([i, minutes]) =>
    command(`move(${i},${minutes})`, (w) => {
      const ids = w.source.eventIds();
      if (ids.length === 0) return;
      const id = ids[i % ids.length];
      const start = (w.source.event(id)!.fields.startTime ?? DAY_START + 36_000) + minutes * 60;
      w.source.setField(id, 'startTime', Math.min(Math.max(start, DAY_START + 3_600), DAY_START + 80_000));
    }),
  ),
  fc.nat(1).map((league) => command(`add(${league})`, (w) => w.addEvent(league))),
  eventIndex.map((i) =>
    command(`remove(${i})`, (w) => {
      const ids = w.source.eventIds();
      if (ids.length > 1) w.source.removeEvent(ids[i % ids.length]);
    }),
  ),
  fc.constantFrom(100, 1_000, 5_000, 30_000).map((ms) =>
    command(`advance(${ms})`, (w) => {
      w.clock.increment(ms);
    }),
  ),
  fc.nat(5).map((i) =>
    command(`drop(${i})`, (w) => {
      w.take(i); // never answered: the request times out
    }),
  ),
  fc.tuple(fc.nat(5), fc.constantFrom(500, 502, 503, 404)).map(([i, status]) =>
    command(`status(${i},${status})`, (w) => {
      w.take(i)?.resolve({ status, headers: {}, body: '0' });
    }),
  ),
  fc.nat(5).map((i) =>
    command(`networkError(${i})`, (w) => {
      w.take(i)?.reject(new Error('network'));
    }),
  ),
  fc.tuple(fc.nat(5), fc.nat(10)).map(([i, k]) =>
    command(`stale(${i},${k})`, (w) => {
      // A duplicated or stale response: an earlier answer of the same feed arrives instead.
      const p = w.take(i);
      if (!p) return;
      const older = w.answered.get(p.request.feed) ?? [p.rendered];
      p.resolve(older[k % older.length]);
    }),
  ),
  fc.constant(
    command('push', (w) => {
      const m = w.source.takePush();
      if (m) {
        w.lastPush = m;
        w.sendPush(m);
      }
    }),
  ),
  fc.constant(
    command('pushLost', (w) => {
      w.source.takePush();
    }),
  ),
  fc.constant(
    command('pushDuplicate', (w) => {
      if (w.lastPush) w.sendPush(w.lastPush);
    }),
  ),
  fc.constantFrom<PushStatus>('open', 'closed', 'failed').map((status) =>
    command(`pushStatus(${status})`, (w) => {
      if (w.pushStatus !== 'failed' || status === 'open') w.setPushStatus(status);
    }),
  ),
];

function assertConverged(world: World): void {
  const snapshot = world.engine.scoreboard.snapshot();
  const truth = world.source.truth(0);
  expect(clientView(snapshot.events)).toEqual(truth);
  // Every held event sits in exactly its league's list, ordered by start time.
  const listed = [...snapshot.leagues.values()].flatMap((league) => league.eventIds);
  expect(listed.sort()).toEqual([...truth.keys()].sort());
  for (const league of snapshot.leagues.values()) {
    const starts = league.eventIds.map((id) => snapshot.events.get(id)!.startTime!);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    for (const id of league.eventIds) expect(snapshot.events.get(id)!.leagueId).toBe(league.id);
  }
}

describe('feed engine convergence (model-based)', () => {
  it('S4-1…S4-8 S8-1 S8-3: after any faults, once feeds flow again the scoreboard equals the source, and no score flaps back', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 8 }),
        fc.commands(commands, { maxCommands: 60, size: 'max' }),
        async (seedEvents, cmds) => {
          const world = new World(seedEvents);
          try {
            await flush();
            await fc.asyncModelRun(() => ({ model: {}, real: world }), cmds);
            await world.heal();
            assertConverged(world);
          } catch (error) {
            // Dump the event log on failure (DESIGN.md: model-based tests).
            console.error(world.log.join(' '), JSON.stringify(world.engine.actor.getSnapshot().value));
            throw error;
          } finally {
            world.engine.stop();
          }
        },
      ),
      { numRuns: 60 },
    );
  }, 120_000);
});

describe('feed engine races (fc.scheduler)', () => {
  it('S4-2 S8-3: polls, push messages and timers in any order converge without flapping', async () => {
    const step = fc.oneof(
      fc.tuple(fc.constant('score' as const), fc.nat(20), fc.boolean()),
      fc.tuple(fc.constant('stage' as const), fc.nat(20), fc.boolean()),
      fc.tuple(fc.constant('tick' as const), fc.constantFrom(1_000, 5_000), fc.boolean()),
      fc.tuple(fc.constant('push' as const), fc.nat(), fc.boolean()),
    );
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.array(step, { maxLength: 40 }), async (scheduler, steps) => {
        const world = new World(4, scheduler);
        try {
          world.setPushStatus('open');
          for (const [kind, n, flag] of steps) {
            world.log.push(`${kind}(${n},${flag})`);
            const ids = world.source.eventIds();
            const id = ids[n % ids.length];
            if (kind === 'score') {
              const field = flag ? 'homeScore' : 'awayScore';
              world.source.setField(id, field, ((world.source.event(id)!.fields[field] as number) ?? 0) + 1);
            } else if (kind === 'stage') {
              const stageType = world.source.event(id)!.fields.stageType ?? 1;
              world.source.setField(id, 'stageType', Math.min(3, stageType + 1));
            } else if (kind === 'tick') {
              world.clock.increment(n);
            } else {
              const message = world.source.takePush();
              if (message) world.sendPush(message);
            }
            // Some of what is in flight lands (the scheduler picks which): the rest overlaps later steps.
            if (flag && scheduler.count() > 0) await scheduler.waitOne();
            await flush();
            world.checkNoFlapping();
          }
          while (scheduler.count() > 0) {
            await scheduler.waitOne();
            await flush();
            world.checkNoFlapping();
          }
          await world.heal();
          assertConverged(world);
        } catch (error) {
          console.error(world.log.join(' '), String(scheduler.report().map((r) => r.label)));
          throw error;
        } finally {
          world.engine.stop();
        }
      }),
      { numRuns: 100 },
    );
  }, 120_000);
});
