// The replay harness: a backend (the world folded from a fact log, or a feed capture) and one
// client per sport running the site's machines under simulated clocks, advanced in steps as fast
// as the machine allows. Faults are injected between them; invariants are checked as feeds are
// applied, after every step (timing-checks.ts: how late changes show, what polls ask for, A2 reloads, live marks
// and highlights ending), periodically, and after a final fault-free sync. With visitor events a visitor (visitor.ts) runs
// beside them: its tabs' stars feed the clients' My Games tab, and its checks run after every step.
import type { FeedTab } from '../../machines/feed-cycle';
import type { Fact, FactBody } from '../../sim/facts';
import {
  MY_GAMES_FUTURE_DAYS,
  MY_GAMES_MAX_COUNT,
  MY_GAMES_PAST_DAYS,
  MY_TEAMS_MAX_COUNT,
} from '../../src/domain/limits';
import { parseGameKey } from '../../src/domain/my-games-rules';
import { labelKeyOf } from '../../src/domain/pinned-leagues';
import type { EventFields } from '../../src/protocol/keys';
import type { Backend, WorldBackend } from './backend';
import type { InjectableBug } from './bugs';
import { ReplayClient } from './client';
import { FAULT_KINDS, FaultCounter, type FaultKind, type FaultRates } from './faults';
import type { FaultSwitch } from './network';
import {
  type CheckCount,
  CheckTally,
  checkConvergence,
  checkLiveCount,
  eventClockText,
  INVARIANTS,
  type InvariantViolation,
  insaneClockText,
  type Mismatch,
  VISITOR_INVARIANTS,
} from './invariants';
import { TimingChecks } from './timing-checks';
import { deriveRandom, type Random } from './rng';
import type { ScenarioOp } from './scenario';
import { ReplaySite } from './site';
import type { SiteTraceEntry } from './site-trace';
import type { PushDrop } from './push-drops';
import type { TraceEntry } from './trace';
import { FollowedRowsReporter } from './followed-rows';
import { feedNotifications } from './notification-feed';
import { ReplayVisitor } from './visitor';
import { visitorVariant } from './visitor-bugs';
import { isVisitorOpName, type StarRow, type VisitorLimits, type VisitorOp } from './visitor-events';

/** Virtual time shared by the backend and the harness, epoch ms. */
export interface VirtualClock {
  time: number;
}

export interface HarnessOptions {
  readonly backend: Backend;
  /** The clock the backend reads; the harness moves it. */
  readonly clock: VirtualClock;
  /** Sports that get a client; default every sport of the backend. */
  readonly sports?: readonly number[];
  readonly day?: number;
  readonly faults?: FaultRates;
  readonly seed?: number;
  /** Virtual time per step; timers fire at step boundaries. */
  readonly stepMs?: number;
  /** How often live marks and clock texts are checked (virtual ms). */
  readonly checkEveryMs?: number;
  readonly traceId?: string;
  /** False runs the backend alone (the benchmark's baseline). */
  readonly clients?: boolean;
  readonly injectBug?: InjectableBug | null;
  /** Local midnight (epoch ms) of the day the input covers: the final sync shows that day. */
  readonly showDayStart?: number;
  /** Runs the site's root actor tree too (cli/replay/site.ts): a match page open, push drops. */
  readonly site?: { readonly matchId?: string | null; readonly pushDrops?: readonly PushDrop[] };
  /** Runs a visitor (cli/replay/visitor.ts) for visitor events; limits default to S9-2's. */
  readonly visitor?: { readonly limits?: VisitorLimits } | null;
}

export interface ReplayReport {
  readonly simulatedSeconds: number;
  readonly wallSeconds: number;
  readonly feedsApplied: number;
  readonly faultsInjected: number;
  /** Faults injected, by kind (every kind listed). */
  readonly faultsByKind: Readonly<Record<FaultKind, number>>;
  /** False when the final state differs from the world or any check failed. */
  readonly converged: boolean;
  /** Every check with how often it was evaluated and how often it failed. */
  readonly checks: readonly CheckCount[];
  /** The first REPORTED_LIMIT mismatches. */
  readonly mismatches: readonly Mismatch[];
  readonly mismatchCount: number;
  /** The first REPORTED_LIMIT violations (a repeated one once). */
  readonly invariantViolations: readonly InvariantViolation[];
  /** Distinct violations found, and how many the list leaves out. */
  readonly violationCount: number;
  readonly violationsLeftOut: number;
}

/** Mismatches and violations listed in a report; the rest are counted. */
export const REPORTED_LIMIT = 50;

export const DEFAULT_STEP_MS = 5_000;
/** Fault-free time at the end: longer than keep-live (S9-1) plus a sync, shorter than the 240 s expiry. */
export const SETTLE_MS = 230_000;
const CHECK_EVERY_MS = 60_000;
const DAY_MS = 86_400_000;
/** The days My Games covers, from today (S5-1, S9-2). */
const MY_GAMES_WINDOW = Array.from(
  { length: MY_GAMES_PAST_DAYS + MY_GAMES_FUTURE_DAYS + 1 },
  (_, i) => i - MY_GAMES_PAST_DAYS,
);

/** Epoch ms of the local midnight starting the day that holds `time`. */
export function localMidnight(time: number, timezoneHour: number): number {
  const offset = timezoneHour * 3_600_000;
  return Math.floor((time + offset) / DAY_MS) * DAY_MS - offset;
}

const drain = () => new Promise<void>((resolve) => setImmediate(resolve));

export class Harness {
  readonly backend: Backend;
  readonly clients: ReplayClient[] = [];
  readonly violations: InvariantViolation[] = [];
  readonly trace: TraceEntry[] = [];
  readonly counter = new FaultCounter();
  /** How often each check was evaluated and failed. */
  readonly tally = new CheckTally();
  readonly faults: FaultSwitch;
  /** Operations run so far (what a scenario file replays). */
  readonly ops: ScenarioOp[] = [];
  readonly stepMs: number;
  /** The site's root actor tree, when asked for. */
  readonly site: ReplaySite | null = null;
  /** The visitor and its tabs, when the input has visitor events. */
  readonly visitor: ReplayVisitor | null = null;
  private readonly followedRows = new FollowedRowsReporter();
  private stopNotifications: () => void = () => {};
  private readonly checkEveryMs: number;
  private nextCheck: number;
  private readonly random: Random;
  private readonly startedAt = performance.now();
  private readonly startTime: number;
  private readonly seenViolations = new Set<string>();
  /** The checks over time, one per client, in the clients' order. */
  private readonly timing: TimingChecks[] = [];
  private stopFacts: () => void = () => {};

  constructor(private readonly options: HarnessOptions) {
    this.backend = options.backend;
    options.clock.time = options.backend.start;
    this.startTime = this.time;
    this.stepMs = options.stepMs ?? DEFAULT_STEP_MS;
    this.checkEveryMs = options.checkEveryMs ?? CHECK_EVERY_MS;
    this.nextCheck = this.time + this.checkEveryMs;
    const seed = options.seed ?? 1;
    this.random = deriveRandom(seed, 'harness');
    this.faults = { enabled: true, rates: options.faults ?? {} };
    if (options.clients === false) return;
    if (options.site) {
      this.site = new ReplaySite({
        server: () => this.backend.server(),
        start: this.time,
        matchId: options.site.matchId,
        pushDrops: options.site.pushDrops,
      });
    }
    if (options.visitor) this.visitor = this.newVisitor(options.visitor.limits);
    const sports = options.sports ?? options.backend.sports;
    for (const sport of sports) {
      const checks: { current: TimingChecks | null } = { current: null };
      // The client's faults count in the report and hold its lateness checks back (timing-checks.ts).
      const counter: FaultCounter = {
        byKind: this.counter.byKind,
        total: 0,
        add: (kind) => {
          this.counter.add(kind);
          checks.current?.fault(kind);
        },
      };
      const client = new ReplayClient({
        sport,
        day: options.day ?? 0,
        page: options.backend.page,
        start: this.time,
        server: () => this.backend.server(),
        random: deriveRandom(seed, `client/${sport}`),
        faults: this.faults,
        counter,
        renderVersion: (s, feed) => this.backend.renderVersion(s, feed),
        corrected: (id, version) => this.backend.corrected(id, version),
        report: (violation) => this.report(violation),
        traceId: options.traceId,
        trace: options.traceId ? (entry) => this.trace.push(entry) : undefined,
        bug: options.injectBug ?? null,
      });
      this.clients.push(client);
      checks.current = new TimingChecks({
        client,
        worldTime: () => this.time,
        stepMs: this.stepMs,
        world: () => (this.backend as Partial<WorldBackend>).world?.state ?? null,
        movable: (id) => this.backend.movable(id),
        report: (violation) => this.report(violation),
        tally: this.tally,
      });
      this.timing.push(checks.current);
    }
    this.watchWorld();
  }

  /** The world's changes to matches go to the checks of the client of their sport. */
  private watchWorld(): void {
    const world = (this.backend as Partial<WorldBackend>).world;
    if (!world) return;
    this.stopFacts = world.onFacts((facts) => {
      for (const fact of facts) {
        if (!('matchId' in fact)) continue;
        const sport = world.state.matches.get(fact.matchId)?.sportId;
        const index = this.clients.findIndex((c) => c.sport === sport);
        if (index >= 0) this.timing[index]!.worldChanged(fact.matchId, fact.time);
      }
    });
  }

  private timingOf(client: ReplayClient | undefined): TimingChecks | undefined {
    return client ? this.timing[this.clients.indexOf(client)] : undefined;
  }

  /** Virtual time of the harness, epoch ms (the world's and every client's clock). */
  get time(): number {
    return this.options.clock.time;
  }

  private set time(value: number) {
    this.options.clock.time = value;
  }

  private newVisitor(limits: VisitorLimits | undefined): ReplayVisitor {
    const world = () => (this.backend as Partial<WorldBackend>).world?.state ?? null;
    return new ReplayVisitor({
      start: this.time,
      timezoneHour: this.backend.page.timezoneHour,
      limits: limits ?? { maxGames: MY_GAMES_MAX_COUNT, maxTeams: MY_TEAMS_MAX_COUNT },
      variant: visitorVariant(this.options.injectBug),
      row: (sport, eventId): StarRow | null => {
        const match = world()?.matches.get(eventId);
        if (!match || match.sportId !== sport || match.fields.startTime === undefined) return null;
        const { startTime, endTime, stageType } = match.fields;
        return {
          leagueId: match.leagueId,
          AD: startTime,
          ...(endTime === undefined ? {} : { AP: endTime }),
          AB: stageType ?? 1,
        };
      },
      defaults: () => {
        // S3-61: a sport's default top leagues are the leagues its feed marks top.
        const out: Record<string, string[]> = {};
        for (const league of world()?.leagues.values() ?? []) {
          const key = league.top
            ? labelKeyOf({ sportId: league.sportId, templateKey: league.templateKey ?? league.templateId })
            : null;
          if (key) out[league.sportId] = [...(out[league.sportId] ?? []), key];
        }
        return out;
      },
      // The sport pages are the first tab's: a page's My Games tab loads its sport's part (S4-9), as the
      // browser's sport page does.
      onSelection: ({ needs, ids }) => {
        for (const client of this.clients)
          client.engine.send({ type: 'myGames.changed', needs: needs.filter((n) => n.sport === client.sport), ids });
      },
      report: (violation) => this.report(violation),
      evaluated: (check) => this.tally.evaluated(check),
    });
  }

  client(sport: number): ReplayClient | undefined {
    return this.clients.find((c) => c.sport === sport);
  }

  async start(): Promise<void> {
    for (const client of this.clients) client.start();
    this.site?.start();
    if (this.visitor) {
      this.visitor.start();
      // The sport pages' live changes reach the first tab's notifications (S2-45).
      this.stopNotifications = feedNotifications(this.clients, () => this.visitor?.tab(1) ?? null);
    }
    await drain();
  }

  /** The site's and the visitor's timeline, in time order (empty when neither runs). */
  get siteTrace(): readonly SiteTraceEntry[] {
    const site = this.site?.trace ?? [];
    const visitor = this.visitor?.trace ?? [];
    if (visitor.length === 0) return site;
    return [...site, ...visitor].sort((a, b) => a.time - b.time);
  }

  report(violation: InvariantViolation): void {
    this.tally.failed(violation.check);
    const key = `${violation.check}|${violation.sport}|${violation.eventId ?? ''}|${violation.message}`;
    if (this.seenViolations.has(key)) return;
    this.seenViolations.add(key);
    this.violations.push(violation);
  }

  /** One step to `time`: the world moves (and pushes), then every client's timers fire. */
  private async stepTo(time: number): Promise<void> {
    const elapsed = time - this.time;
    this.time = time;
    this.backend.advanceTo(time);
    const restartRate = this.faults.enabled ? (this.faults.rates.restart ?? 0) : 0;
    if (restartRate > 0 && this.random() < 1 - (1 - restartRate) ** (elapsed / 60_000)) this.restart(true);
    // The visitor first: what the pages' answers set off in its tabs (a notification) happens at `time`.
    await this.visitor?.advanceTo(time);
    for (const client of this.clients) client.clock.set(time);
    await drain();
    await this.site?.advanceTo(time);
    await this.afterVisitor();
    for (const checks of this.timing) checks.step();
    if (time >= this.nextCheck) {
      this.nextCheck = time + this.checkEveryMs;
      this.checkRunning();
    }
  }

  async advanceTo(time: number): Promise<void> {
    while (this.time < time) {
      // A step ends early at the site's next timer, so its waits (a 1 s back-off, a 5 s poll) keep their times.
      const due = this.site?.nextDue() ?? null;
      const end = Math.min(time, this.time + this.stepMs);
      await this.stepTo(due !== null && due > this.time && due < end ? due : end);
    }
  }

  async advance(ms: number): Promise<void> {
    this.ops.push({ op: 'advance', ms });
    await this.advanceTo(this.time + ms);
  }

  /**
   * Runs what `start` starts as one race: the operations it runs are recorded as one `together` op, in the order
   * they started (each records itself before its first wait).
   */
  async together(start: () => Promise<unknown>): Promise<void> {
    const mark = this.ops.length;
    try {
      await start();
    } finally {
      // Recorded even when a check failed in the race: the saved case must race alike.
      const group = this.ops.splice(mark);
      this.ops.push(...(group.length > 1 ? [{ op: 'together' as const, ops: group }] : group));
    }
  }

  /** The clock jumps by `ms` in one step (every page's due timers fire at the new time); lateness counts from there. */
  async jump(ms: number): Promise<void> {
    this.ops.push({ op: 'jump', ms });
    const time = this.time + ms;
    for (const checks of this.timing) checks.disturbed(time);
    await this.stepTo(time);
  }

  /** The server restarts (a fault); returns false when the backend cannot. */
  restart(random = false): boolean {
    if (!this.backend.restart()) return false;
    if (random) this.counter.add('restart');
    for (const checks of this.timing) checks.fault('restart');
    for (const client of this.clients) client.network.serverRestarted();
    this.site?.serverRestarted();
    return true;
  }

  /** Runs one scenario operation (and records it). */
  async run(op: ScenarioOp): Promise<void> {
    if (op.op === 'advance') {
      await this.advance(op.ms);
      return;
    }
    if (op.op === 'jump') {
      await this.jump(op.ms);
      return;
    }
    if (op.op === 'together') {
      const ops = op.ops;
      await this.together(() => Promise.all(ops.map((each) => this.run(each))));
      return;
    }
    if (isVisitorOpName(op.op)) {
      this.ops.push(op);
      await this.visitor?.run(op as VisitorOp);
      await drain();
      await this.afterVisitor();
      return;
    }
    const client = 'sport' in op ? this.client(op.sport) : undefined;
    // A page moved by the visitor reloads or pauses: its lateness counts from now.
    if (op.op !== 'facts' && op.op !== 'fault') this.timingOf(client)?.disturbed(this.time);
    switch (op.op) {
      case 'facts':
        this.appendFacts(op.facts.map(({ seq: _seq, time: _time, ...body }) => body as FactBody));
        break;
      case 'fault':
        if (op.kind === 'restart') this.restart();
        else client?.network.arm(op.kind);
        this.ops.push(op);
        break;
      case 'restart':
        this.restart();
        this.ops.push(op);
        break;
      case 'day':
        client?.engine.send({ type: 'day.select', day: op.day });
        this.ops.push(op);
        break;
      case 'tab':
        client?.engine.send({ type: 'tab.select', tab: op.tab });
        this.ops.push(op);
        break;
      case 'collapse':
        client?.engine.send({ type: 'league.toggleCollapsed', leagueId: op.leagueId });
        this.ops.push(op);
        break;
      case 'myGames':
        client?.engine.send({ type: 'myGames.changed', needs: [{ sport: op.sport, day: 0 }], ids: op.ids });
        this.ops.push(op);
        break;
      case 'online':
        client?.setOnline(op.online);
        this.ops.push(op);
        break;
      case 'visible':
        client?.setVisible(op.visible);
        this.visitor?.setVisible(op.visible);
        this.ops.push(op);
        break;
    }
    await drain();
    // What the operation set off at once in the site and the visitor's tabs (a push of new facts) runs now.
    await this.site?.advanceTo(this.time);
    await this.afterVisitor();
    for (const checks of this.timing) checks.observe();
  }

  /** New facts happen now (their push goes out at once); returns them as logged. */
  appendFacts(bodies: readonly FactBody[]): readonly Fact[] {
    const world = (this.backend as Partial<WorldBackend>).world;
    if (!world) return [];
    const added = world.append(bodies, this.time);
    this.ops.push({ op: 'facts', facts: added });
    return added;
  }

  /** Arms one fault for a client's next response or push message. */
  async fault(sport: number, kind: FaultKind): Promise<void> {
    await this.run({ op: 'fault', sport, kind });
  }

  /** Clock texts, checked while running (live marks and highlights are checked after every step). */
  checkRunning(): void {
    for (const client of this.clients) {
      const serverNow = this.backend.server().now();
      for (const event of client.shownEvents().values()) {
        if (event.stageType !== 2) continue;
        this.tally.evaluated('clock-text-sane');
        const text = eventClockText(event, serverNow);
        const problem = insaneClockText(text);
        if (problem) {
          this.report({
            check: 'clock-text-sane',
            time: this.time,
            sport: client.sport,
            eventId: event.id,
            message: problem,
          });
        }
      }
    }
  }

  /** Event ids of the sport's games the first tab follows (the sport pages are that tab's). */
  private followedIds(sport: number): string[] | null {
    const tab = this.visitor?.tab(1);
    if (!tab) return null;
    const ids: string[] = [];
    for (const key of Object.keys(tab.myGames.getSnapshot().context.follow.games)) {
      const game = parseGameKey(key);
      if (game?.sportId === sport) ids.push(game.eventId);
    }
    return ids;
  }

  /**
   * What a sport page on its My Games tab must show: the world's matches of the sport's followed games, on the
   * days My Games covers (S4-9, S5-1, S9-2). Without a visitor, the ids a `myGames` op gave, today.
   */
  private myGamesTruth(client: ReplayClient): Map<string, EventFields> {
    const followed = this.followedIds(client.sport);
    const ids = followed ?? client.myGamesIds;
    const days = followed ? MY_GAMES_WINDOW : [0];
    const out = new Map<string, EventFields>();
    for (const day of days) {
      const truth = this.backend.truth({ sport: client.sport, day, myGames: ids, loadedAt: client.lastFullAt });
      for (const [id, fields] of truth) out.set(id, fields);
    }
    return out;
  }

  /** After every step: the pages' followed rows go to My Games, then a page on My Games is checked. */
  private async afterVisitor(): Promise<void> {
    const tab = this.visitor?.tab(1);
    if (!this.visitor || !tab) return;
    this.followedRows.report(this.clients, tab);
    await this.visitor.advanceTo(this.time);
    this.checkMyGamesTab();
  }

  /** `my-games-tab`: a page on My Games whose load finished shows exactly the followed games (S4-9). */
  checkMyGamesTab(): void {
    if (!this.visitor) return;
    for (const client of this.clients) {
      if (client.tab !== 'myGames' || !client.engine.actor.getSnapshot().matches('running')) continue;
      this.tally.evaluated('my-games-tab');
      const truth = this.myGamesTruth(client);
      const shown = client.shownEvents();
      const extra = [...shown.keys()].filter((id) => !truth.has(id) && !this.backend.movable(id));
      const missing = [...truth.keys()].filter((id) => !shown.has(id) && !this.backend.movable(id));
      const id = extra[0] ?? missing[0];
      if (id === undefined) continue;
      this.report({
        check: 'my-games-tab',
        time: this.time,
        sport: client.sport,
        eventId: id,
        message:
          extra.length > 0
            ? `My Games shows ${extra.join(', ')}, which the visitor does not follow`
            : `My Games lacks ${missing.join(', ')}, which the visitor follows`,
      });
    }
  }

  /** The final fault-free sync: faults off, every page online and shown, then time passes. */
  async settle(ms = SETTLE_MS): Promise<void> {
    this.faults.enabled = false;
    const dayStart = this.options.showDayStart;
    for (const client of this.clients) {
      this.timingOf(client)?.disturbed(this.time);
      client.network.disarm();
      client.network.releaseHeld();
      if (!client.network.isOnline) client.setOnline(true);
      if (!client.isVisible) client.setVisible(true);
      this.visitor?.setVisible(true);
      if (this.backend.reloadToSettle) client.engine.send({ type: 'reload' });
      this.timingOf(client)?.observe();
      if (dayStart !== undefined && client.tab !== 'myGames') {
        // Past midnight "today" is the next day: look back at the day the log covers.
        const offset = Math.floor((dayStart - localMidnight(this.time, this.backend.page.timezoneHour)) / DAY_MS);
        if (offset !== client.day) client.engine.send({ type: 'day.select', day: offset });
      }
    }
    await drain();
    await this.advanceTo(this.time + ms);
    this.checkRunning();
  }

  /** Convergence and live count against the truth for each client's page. */
  checkFinal(): Mismatch[] {
    const mismatches: Mismatch[] = [];
    for (const client of this.clients) {
      const truth =
        client.tab === 'myGames'
          ? this.myGamesTruth(client)
          : this.backend.truth({ sport: client.sport, day: client.day, myGames: null, loadedAt: client.lastFullAt });
      const shown = client.shownEvents();
      const found = checkConvergence(client.sport, shown, truth, (id) => this.backend.movable(id));
      mismatches.push(...found);
      this.tally.evaluated('converges');
      this.tally.evaluated('live-count');
      if (found.length > 0) {
        const first = found[0]!;
        this.report({
          check: 'converges',
          time: this.time,
          sport: client.sport,
          eventId: first.eventId,
          message: `${found.length} field(s) differ from the world, first ${first.field}: client ${String(first.client)}, world ${String(first.world)}`,
        });
      }
      const live = checkLiveCount(client.sport, this.time, shown, truth);
      if (live) this.report(live);
    }
    return mismatches;
  }

  feedsApplied(): number {
    return this.clients.reduce((sum, c) => sum + c.observer.feedsApplied, 0);
  }

  /** Every check with its counts: the observers' evaluations join the tally here. */
  checkCounts(): CheckCount[] {
    const tally = this.tally;
    for (const client of this.clients) {
      const e = client.observer.evaluations;
      tally.evaluated('older-never-overwrites', e.olderNeverOverwrites);
      tally.evaluated('scores-monotonic', e.scoresMonotonic);
      tally.evaluated('live-mark-expires', e.liveMarks);
      tally.evaluated('highlight-ends', e.highlights);
      e.olderNeverOverwrites = e.scoresMonotonic = e.liveMarks = e.highlights = 0;
    }
    return tally.rows(this.visitor ? [...INVARIANTS, ...VISITOR_INVARIANTS] : INVARIANTS);
  }

  summary(mismatches: readonly Mismatch[]): ReplayReport {
    const faultsByKind = Object.fromEntries(FAULT_KINDS.map((k) => [k, this.counter.byKind.get(k) ?? 0])) as Record<
      FaultKind,
      number
    >;
    const checks = this.checkCounts();
    const failed = checks.some((c) => c.failed > 0) || this.violations.length > 0;
    return {
      simulatedSeconds: Math.round((this.time - this.startTime) / 1000),
      wallSeconds: Math.round((performance.now() - this.startedAt) / 10) / 100,
      feedsApplied: this.feedsApplied(),
      faultsInjected: this.counter.total,
      faultsByKind,
      converged: mismatches.length === 0 && !failed,
      checks,
      mismatches: mismatches.slice(0, REPORTED_LIMIT),
      mismatchCount: mismatches.length,
      invariantViolations: this.violations.slice(0, REPORTED_LIMIT),
      violationCount: this.violations.length,
      violationsLeftOut: Math.max(0, this.violations.length - REPORTED_LIMIT),
    };
  }

  stop(): void {
    this.stopFacts();
    for (const checks of this.timing) checks.stop();
    for (const client of this.clients) client.stop();
    this.site?.stop();
    this.stopNotifications();
    this.visitor?.stop();
    this.backend.close();
  }
}

export type { FeedTab };
