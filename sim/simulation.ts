// The running world: a fact log that grows as virtual time advances, and the fold of it. At
// start it publishes the calendar range (past days as results, future days as fixtures, S2-29,
// S9-2, S9-3) and plays everything up to the start time; at each local midnight it publishes a
// new future day and archives the day that left the range, so a world left running for a week
// keeps a full calendar.
import { compactScript } from './compact';
import { scriptFixture } from './engines/index';
import type { Fact, FactBody } from './facts';
import { emptyWorld, WorldBuilder } from './fold';
import { PendingQueue } from './pending-queue';
import { localDayIndex, localDayStart, planDay } from './plan/day-plan';
import type { Fixture } from './plan/types';
import { planRowIds, publicationFacts } from './timeline';
import type { WorldState } from './world/state';

export interface SimulationOptions {
  readonly seed: number;
  /** Virtual start, epoch ms. */
  readonly startTime: number;
  /** UTC offset in hours; default 5 (S7-1). */
  readonly timezoneHour?: number;
  /** Past days kept with results; default 1 (S9-2 My Games past 1 day). */
  readonly pastDays?: number;
  /** Future days with fixtures; default 7 (S9-2 future 7 days, S9-3 calendar range 7). */
  readonly futureDays?: number;
  /** Sport ids; default all 40. */
  readonly sports?: readonly number[];
  /** Keep every fact in `facts` (default true); a long-running server may turn it off. */
  readonly keepLog?: boolean;
  /** Every batch of new facts, from the first fact of the build on, in order (a writer that ships them on). */
  readonly onBatch?: (facts: readonly Fact[]) => void;
}

export interface Simulation {
  /** Fold of every fact so far. */
  readonly state: WorldState;
  /** Appends facts up to virtual time `timeMs`; returns the new ones. */
  advanceTo(timeMs: number): readonly Fact[];
  onFacts(listener: (facts: readonly Fact[], state: WorldState) => void): () => void;
  /** The log so far (empty when `keepLog` is false). */
  readonly facts: readonly Fact[];
  /** Virtual time reached, epoch ms. */
  readonly time: number;
}

const DEFAULT_PAST_DAYS = 1; // S9-2
const DEFAULT_FUTURE_DAYS = 7; // S9-2, S9-3
/** A fixture is played out (its script written) this long before kick-off: prices open 20 h ahead. */
const ACTIVATE_BEFORE_MS = 21 * 3_600_000;
/**
 * Until this long before kick-off only the pre-match part of a duel's script is written (opening
 * prices); the match itself is written then. Starting a world or a new day stays cheap, and the
 * agenda holds hours of facts instead of a day's.
 */
const PLAY_BEFORE_MS = 2 * 3_600_000;
/** Virtual time drained per step while a world is built in the background. */
const BUILD_STEP_MS = 20 * 60_000;

class WorldSimulation implements Simulation {
  state: WorldState = emptyWorld();
  readonly facts: Fact[] = [];
  time: number;
  private readonly listeners = new Set<(facts: readonly Fact[], state: WorldState) => void>();
  private seq = 0;
  private lastFactTime = 0;
  private readonly pending = new PendingQueue();
  private readonly knownLeagues = new Set<string>();
  private readonly tz: number;
  private readonly pastDays: number;
  private readonly futureDays: number;
  /** Local day the virtual clock is in. */
  private day: number;

  constructor(private readonly options: SimulationOptions) {
    this.tz = options.timezoneHour ?? 5;
    this.pastDays = Math.max(0, options.pastDays ?? DEFAULT_PAST_DAYS);
    this.futureDays = Math.max(1, options.futureDays ?? DEFAULT_FUTURE_DAYS);
    this.day = localDayIndex(options.startTime, this.tz);
    this.time = localDayStart(this.day - this.pastDays, this.tz);
  }

  /**
   * Builds the world up to its start time in small steps (a day published, or a few virtual
   * minutes played, per step). Stepping never changes the outcome: the agenda is drained in the
   * same order whatever the step.
   */
  *build(): Generator<void, void, void> {
    const today = this.day;
    const origin = this.time;
    // One builder for the whole build: nobody reads the world before it is done, and a builder
    // per step would copy the match map every step.
    const builder = new WorldBuilder(this.state);
    for (let d = today - this.pastDays; d <= today + this.futureDays; d++) {
      const batch: Fact[] = [];
      this.publish(d, origin, batch, builder);
      this.keep(batch);
      yield;
    }
    for (let until = origin + BUILD_STEP_MS; ; until += BUILD_STEP_MS) {
      const batch: Fact[] = [];
      this.drain(Math.min(until, this.options.startTime), batch, builder);
      if (until >= this.options.startTime) break;
      yield;
    }
    this.state = builder.finish();
    this.time = Math.max(this.time, this.options.startTime);
  }

  private plan(day: number) {
    return planDay(this.options.seed, day, this.tz, this.options.sports);
  }

  private append(time: number, body: FactBody, batch: Fact[], builder: WorldBuilder): void {
    const t = Math.max(time, this.lastFactTime);
    this.lastFactTime = t;
    const fact = { seq: ++this.seq, time: t, ...body } as Fact;
    builder.apply(fact);
    batch.push(fact);
  }

  /** Publishes a day's leagues and fixtures and puts each fixture on the agenda to be played out. */
  private publish(day: number, at: number, batch: Fact[], builder: WorldBuilder): void {
    const plan = this.plan(day);
    for (const body of publicationFacts(plan, this.knownLeagues)) this.append(at, body, batch, builder);
    for (const fixture of plan.fixtures)
      this.pending.pushFixture(Math.max(at, fixture.startTime - ACTIVATE_BEFORE_MS), fixture);
  }

  /**
   * Writes a fixture's script into the agenda, never earlier than now. A match already over when
   * the simulation starts is compacted to its results: the world starts fast and small.
   */
  private activate(fixture: Fixture, now: number, skip: number): void {
    if (skip >= 0) {
      // The rest of a script whose pre-match prefix is already on the agenda (all of it after now).
      const rest = scriptFixture(fixture);
      for (let i = skip; i < rest.length; i++) this.pending.pushFact(Math.max(now, rest[i]!.time), rest[i]!.body);
      return;
    }
    if (fixture.kind === 'duel') {
      const kickOff = Math.min(fixture.startTime, fixture.movedStartTime ?? fixture.startTime);
      const playAt = kickOff - PLAY_BEFORE_MS;
      // Matches played before the start are written whole (and compacted) as before.
      if (playAt > now && playAt > this.options.startTime) {
        const prefix = scriptFixture(fixture, playAt);
        for (const fact of prefix) this.pending.pushFact(Math.max(now, fact.time), fact.body);
        this.pending.pushFixture(playAt, fixture, prefix.length);
        return;
      }
    }
    let script = scriptFixture(fixture);
    const last = script[script.length - 1];
    if (last && last.time < this.options.startTime) script = compactScript(script);
    for (const fact of script) this.pending.pushFact(Math.max(now, fact.time), fact.body);
  }

  private keep(batch: readonly Fact[]): void {
    if (this.options.keepLog !== false) for (const f of batch) this.facts.push(f);
    if (batch.length > 0) this.options.onBatch?.(batch);
  }

  /** Day rollover at local midnight starting `day`. */
  private rollover(day: number, batch: Fact[], builder: WorldBuilder): void {
    const at = localDayStart(day, this.tz);
    this.publish(day + this.futureDays, at, batch, builder);
    const old = day - this.pastDays - 1;
    const { matchIds, raceLeagueIds } = planRowIds(this.plan(old));
    const state = builder.finish();
    const present = matchIds.filter((id) => state.matches.has(id));
    if (present.length > 0 || raceLeagueIds.length > 0) {
      // Duel leagues stay while later days still use them; race leagues belong to their day.
      const leagueIds = raceLeagueIds.filter((id) => state.leagues.has(id));
      for (const id of leagueIds) this.knownLeagues.delete(id);
      this.append(at, { type: 'MatchesArchived', matchIds: present, leagueIds }, batch, builder);
    }
  }

  /** Plays the agenda up to `until`; `shared` is the build's own builder (no day rollover while building). */
  private drain(until: number, batch: Fact[], shared?: WorldBuilder): void {
    let builder = shared ?? new WorldBuilder(this.state);
    for (;;) {
      const boundary = localDayStart(this.day + 1, this.tz);
      const limit = Math.min(until, boundary - 1);
      while (this.pending.peekTime() <= limit) {
        const next = this.pending.pop()!;
        if (next.fixture) this.activate(next.fixture, next.time, next.skip);
        else this.append(next.time, next.body, batch, builder);
      }
      if (until < boundary) break;
      this.day += 1;
      this.rollover(this.day, batch, builder);
      // Keep batches bounded: fold and start a fresh builder per day.
      this.state = builder.finish();
      builder = new WorldBuilder(this.state);
    }
    this.state = builder.finish();
    this.keep(batch);
  }

  advanceTo(timeMs: number): readonly Fact[] {
    if (timeMs <= this.time) return [];
    const batch: Fact[] = [];
    this.drain(timeMs, batch);
    this.time = timeMs;
    if (batch.length > 0) for (const listener of this.listeners) listener(batch, this.state);
    return batch;
  }

  onFacts(listener: (facts: readonly Fact[], state: WorldState) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
}

/** A world built up to its start time at once. */
export function createSimulation(options: SimulationOptions): Simulation {
  const world = new WorldSimulation(options);
  for (const _ of world.build());
  return world;
}

/**
 * The same world, built in steps that give the event loop a turn in between (a server answers
 * its first requests while the world is being built). Same options, same world.
 */
export async function buildSimulation(options: SimulationOptions): Promise<Simulation> {
  const world = new WorldSimulation(options);
  for (const _ of world.build()) await new Promise<void>((resolve) => setTimeout(resolve, 0));
  return world;
}
