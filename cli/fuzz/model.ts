// The fuzz model: what the world says about each match (the model of fc.commands), and the
// commands that change the world, inject faults and act as the visitor.
import fc from 'fast-check';
import type { FeedTab } from '../../machines/feed-cycle';
import type { FactBody } from '../../sim/facts';
import type { FaultKind } from '../replay/faults';
import type { Harness } from '../replay/harness';
import { assertClean } from './clean';
import { visitorCommands } from './visitor-commands';
import { type FuzzMatch, fuzzLeagueId } from './mini-world';

export interface MatchModel {
  readonly match: FuzzMatch;
  phase: 'scheduled' | 'live' | 'finished';
  /** Index into the sport's periods while live. */
  period: number;
  paused: boolean;
  home: number;
  away: number;
}

export interface FuzzModel {
  readonly matches: MatchModel[];
  /** fast-check's scheduler: the order of a race's starts (absent on reruns, which keep the order found). */
  scheduler?: fc.Scheduler;
}

export type FuzzCommand = fc.AsyncCommand<FuzzModel, Harness>;

abstract class Base implements FuzzCommand {
  abstract check(model: Readonly<FuzzModel>): boolean;
  abstract apply(model: FuzzModel, real: Harness): Promise<void>;
  abstract toString(): string;
  async run(model: FuzzModel, real: Harness): Promise<void> {
    await this.apply(model, real);
    assertClean(real);
  }
}

class Advance extends Base {
  constructor(readonly seconds: number) {
    super();
  }
  check(): boolean {
    return true;
  }
  async apply(_m: FuzzModel, real: Harness) {
    await real.advance(this.seconds * 1000);
  }
  override toString(): string {
    return `advance(${this.seconds}s)`;
  }
}

/** The clock jumps (a laptop waking): one step, every due timer at once. */
class Jump extends Base {
  constructor(readonly minutes: number) {
    super();
  }
  check(): boolean {
    return true;
  }
  async apply(_m: FuzzModel, real: Harness) {
    await real.jump(this.minutes * 60_000);
  }
  override toString(): string {
    return `jump(${this.minutes}min)`;
  }
}

/**
 * A command on one match: the index picks among the matches it applies to, so it runs whenever any does (a
 * command whose precondition fails is skipped, and skips kept runs far below --max-commands).
 */
abstract class MatchCommand extends Base {
  constructor(readonly index: number) {
    super();
  }
  protected abstract applies(match: Readonly<MatchModel>): boolean;
  check(m: Readonly<FuzzModel>): boolean {
    return m.matches.some((match) => this.applies(match));
  }
  protected target(model: Readonly<FuzzModel>): MatchModel {
    const candidates = model.matches.filter((match) => this.applies(match));
    return candidates[this.index % candidates.length]!;
  }
  protected facts(real: Harness, bodies: FactBody[]): void {
    real.appendFacts(bodies);
  }
}

class Start extends MatchCommand {
  protected applies(t: Readonly<MatchModel>): boolean {
    return t.phase === 'scheduled';
  }
  async apply(model: FuzzModel, real: Harness) {
    const t = this.target(model);
    t.phase = 'live';
    t.period = 0;
    this.facts(real, [
      {
        type: 'MatchStarted',
        matchId: t.match.id,
        stage: t.match.sport.periods[0]!,
        periodStartTime: Math.floor(real.time / 1000),
        gameTime: -1,
        score: { homeScore: 0, awayScore: 0 },
      },
    ]);
  }
  override toString(): string {
    return `start(${this.index})`;
  }
}

class Goal extends MatchCommand {
  constructor(
    index: number,
    readonly home: boolean,
  ) {
    super(index);
  }
  protected applies(t: Readonly<MatchModel>): boolean {
    return t.phase === 'live';
  }
  async apply(model: FuzzModel, real: Harness) {
    const t = this.target(model);
    if (this.home) t.home++;
    else t.away++;
    this.facts(real, [
      { type: 'ScoreChanged', matchId: t.match.id, score: this.home ? { homeScore: t.home } : { awayScore: t.away } },
    ]);
  }
  override toString(): string {
    return `goal(${this.index}, ${this.home ? 'home' : 'away'})`;
  }
}

class Correction extends MatchCommand {
  constructor(
    index: number,
    readonly home: boolean,
  ) {
    super(index);
  }
  protected applies(t: Readonly<MatchModel>): boolean {
    return t.phase === 'live' && (this.home ? t.home : t.away) > 0;
  }
  async apply(model: FuzzModel, real: Harness) {
    const t = this.target(model);
    if (this.home) t.home--;
    else t.away--;
    this.facts(real, [
      {
        type: 'ScoreChanged',
        matchId: t.match.id,
        score: this.home ? { homeScore: t.home } : { awayScore: t.away },
        correction: true,
      },
    ]);
  }
  override toString(): string {
    return `correction(${this.index}, ${this.home ? 'home' : 'away'})`;
  }
}

/** Into a break, or out of it into the next period. */
class NextStage extends MatchCommand {
  protected applies(t: Readonly<MatchModel>): boolean {
    return t.phase === 'live' && (t.paused || t.period < t.match.sport.periods.length - 1);
  }
  async apply(model: FuzzModel, real: Harness) {
    const t = this.target(model);
    const sport = t.match.sport;
    if (t.paused) {
      t.paused = false;
      t.period++;
      this.facts(real, [
        {
          type: 'StageChanged',
          matchId: t.match.id,
          stage: sport.periods[t.period]!,
          periodStartTime: Math.floor(real.time / 1000),
        },
      ]);
    } else {
      t.paused = true;
      this.facts(real, [{ type: 'StageChanged', matchId: t.match.id, stage: sport.pause }]);
    }
  }
  override toString(): string {
    return `nextStage(${this.index})`;
  }
}

class Finish extends MatchCommand {
  protected applies(t: Readonly<MatchModel>): boolean {
    return t.phase === 'live';
  }
  async apply(model: FuzzModel, real: Harness) {
    const t = this.target(model);
    t.phase = 'finished';
    const winner = t.home > t.away ? 1 : t.away > t.home ? 2 : 0;
    this.facts(real, [
      { type: 'MatchFinished', matchId: t.match.id, stage: 3, endTime: Math.floor(real.time / 1000), winner },
    ]);
  }
  override toString(): string {
    return `finish(${this.index})`;
  }
}

abstract class ClientCommand extends Base {
  constructor(readonly sport: number) {
    super();
  }
  check(): boolean {
    return true;
  }
}

class Fault extends ClientCommand {
  constructor(
    sport: number,
    readonly kind: FaultKind,
  ) {
    super(sport);
  }
  async apply(_m: FuzzModel, real: Harness) {
    await real.fault(this.sport, this.kind);
  }
  override toString(): string {
    return `fault(${this.sport}, ${this.kind})`;
  }
}

class Restart extends Base {
  check(): boolean {
    return true;
  }
  async apply(_m: FuzzModel, real: Harness) {
    await real.run({ op: 'restart' });
  }
  override toString(): string {
    return 'restart()';
  }
}

class Day extends ClientCommand {
  constructor(
    sport: number,
    readonly day: number,
  ) {
    super(sport);
  }
  async apply(_m: FuzzModel, real: Harness) {
    await real.run({ op: 'day', sport: this.sport, day: this.day });
  }
  override toString(): string {
    return `day(${this.sport}, ${this.day})`;
  }
}

class Tab extends ClientCommand {
  constructor(
    sport: number,
    readonly tab: FeedTab,
  ) {
    super(sport);
  }
  async apply(model: FuzzModel, real: Harness) {
    // With a visitor, My Games holds what the visitor follows; without one, a fixed choice.
    if (this.tab === 'myGames' && !real.visitor) {
      // My Games holds the sport's matches of today that have an even index: a stable choice.
      const ids = model.matches
        .filter((m, i) => m.match.sport.id === this.sport && m.match.day === 0 && i % 2 === 0)
        .map((m) => m.match.id);
      await real.run({ op: 'myGames', sport: this.sport, ids });
    }
    await real.run({ op: 'tab', sport: this.sport, tab: this.tab });
  }
  override toString(): string {
    return `tab(${this.sport}, ${this.tab})`;
  }
}

class Online extends ClientCommand {
  constructor(
    sport: number,
    readonly online: boolean,
  ) {
    super(sport);
  }
  async apply(_m: FuzzModel, real: Harness) {
    await real.run({ op: 'online', sport: this.sport, online: this.online });
  }
  override toString(): string {
    return `online(${this.sport}, ${this.online})`;
  }
}

class Visible extends ClientCommand {
  constructor(
    sport: number,
    readonly visible: boolean,
  ) {
    super(sport);
  }
  async apply(_m: FuzzModel, real: Harness) {
    await real.run({ op: 'visible', sport: this.sport, visible: this.visible });
  }
  override toString(): string {
    return `visible(${this.sport}, ${this.visible})`;
  }
}

/**
 * A race: two or three actions (world changes, page actions, faults, a visitor's follow) started at the same
 * instant, none settled before the next starts, in the order fast-check's scheduler picks. The order found is
 * kept, so reruns and the saved scenario (one `together` op) start them alike.
 */
class Race extends Base {
  private order: number[] | null = null;
  constructor(readonly actions: readonly FuzzCommand[]) {
    super();
  }
  check(m: Readonly<FuzzModel>): boolean {
    return this.actions.some((c) => c.check(m));
  }
  async apply(model: FuzzModel, real: Harness) {
    const ready = this.actions.filter((c) => c.check(model));
    // An action whose precondition an earlier one ended (two whistles of the last live match) does nothing.
    const start = (i: number) => (ready[i]!.check(model) ? ready[i]!.run(model, real) : Promise.resolve());
    await real.together(async () => {
      const scheduler = model.scheduler;
      if ((this.order && this.order.length === ready.length) || !scheduler) {
        await Promise.all((this.order ?? ready.map((_, i) => i)).map(start));
        return;
      }
      const started: number[] = [];
      const runs = ready.map((c, i) =>
        scheduler.schedule(Promise.resolve(i), String(c)).then(() => {
          started.push(i);
          return start(i);
        }),
      );
      await scheduler.waitFor(Promise.all(runs));
      this.order = started;
    });
  }
  override toString(): string {
    return `race(${this.actions.map(String).join(', ')})`;
  }
}

/** Simpler forms of a command to try in its place while shortening a failure: less time passing. */
export function simplerCommands(command: FuzzCommand): FuzzCommand[] {
  if (command instanceof Advance && command.seconds > 1)
    return [new Advance(1), ...(command.seconds > 2 ? [new Advance(Math.floor(command.seconds / 2))] : [])];
  if (command instanceof Jump && command.minutes > 2) return [new Jump(2)];
  return [];
}

/** A race's actions, or null for any other command (minimize() tries them one after the other). */
export function raceActions(command: FuzzCommand): readonly FuzzCommand[] | null {
  return command instanceof Race ? command.actions : null;
}

/** The visitor collapses or expands the sport's league (S4-13). */
class Collapse extends ClientCommand {
  async apply(_m: FuzzModel, real: Harness) {
    await real.run({ op: 'collapse', sport: this.sport, leagueId: fuzzLeagueId(this.sport) });
  }
  override toString(): string {
    return `collapse(${this.sport})`;
  }
}

const FAULTS: readonly FaultKind[] = ['drop', 'error', 'dup', 'delay', 'reorder', 'pushloss'];
const TABS: readonly FeedTab[] = ['all', 'live', 'finished', 'scheduled', 'odds', 'myGames'];

/** Command kinds `--without` can leave out. */
export const COMMAND_KINDS = [
  'restart',
  'fault',
  'day',
  'tab',
  'online',
  'visible',
  'correction',
  'jump',
  'collapse',
  'race',
  'visitor',
  'account',
] as const;
export type CommandKind = (typeof COMMAND_KINDS)[number];

/** Arbitraries of every command, weighted towards world changes and time passing. */
export function fuzzCommands(
  sports: readonly number[],
  matchCount: number,
  without: ReadonlySet<CommandKind> = new Set(),
): fc.Arbitrary<FuzzCommand>[] {
  const sport = fc.constantFrom(...sports);
  const match = fc.nat({ max: matchCount - 1 });
  const kinds = new Map<fc.Arbitrary<FuzzCommand>, CommandKind | null>();
  const all: fc.Arbitrary<FuzzCommand>[] = [
    fc.integer({ min: 1, max: 90 }).map((s): FuzzCommand => new Advance(s)),
    fc.integer({ min: 1, max: 12 }).map((s): FuzzCommand => new Advance(s)),
    match.map((i): FuzzCommand => new Start(i)),
    fc.tuple(match, fc.boolean()).map(([i, home]): FuzzCommand => new Goal(i, home)),
    fc.tuple(match, fc.boolean()).map(([i, home]): FuzzCommand => new Goal(i, home)),
    fc.tuple(match, fc.boolean()).map(([i, home]): FuzzCommand => new Correction(i, home)),
    match.map((i): FuzzCommand => new NextStage(i)),
    match.map((i): FuzzCommand => new Finish(i)),
    fc.tuple(sport, fc.constantFrom(...FAULTS)).map(([s, k]): FuzzCommand => new Fault(s, k)),
    fc.tuple(sport, fc.constantFrom(...FAULTS)).map(([s, k]): FuzzCommand => new Fault(s, k)),
    fc.constant<FuzzCommand>(new Restart()),
    fc.tuple(sport, fc.integer({ min: -1, max: 1 })).map(([s, d]): FuzzCommand => new Day(s, d)),
    fc.tuple(sport, fc.constantFrom(...TABS)).map(([s, t]): FuzzCommand => new Tab(s, t)),
    fc.tuple(sport, fc.boolean()).map(([s, b]): FuzzCommand => new Online(s, b)),
    fc.tuple(sport, fc.boolean()).map(([s, b]): FuzzCommand => new Visible(s, b)),
    fc.integer({ min: 2, max: 15 }).map((m): FuzzCommand => new Jump(m)),
    sport.map((s): FuzzCommand => new Collapse(s)),
  ];
  const kindOf: (CommandKind | null)[] = [
    null,
    null,
    null,
    null,
    null,
    'correction',
    null,
    null,
    'fault',
    'fault',
    'restart',
    'day',
    'tab',
    'online',
    'visible',
    'jump',
    'collapse',
  ];
  for (const [i, arbitrary] of all.entries()) kinds.set(arbitrary, kindOf[i] ?? null);
  const visitor = visitorCommands(sports, matchCount);
  for (const arbitrary of visitor.visitor) kinds.set(arbitrary, 'visitor');
  for (const arbitrary of visitor.account) kinds.set(arbitrary, 'account');
  // What may race: world changes, faults, day, online, visible, collapse and a visitor's follow (a tab change
  // is left out: on My Games it is two operations, one after the other).
  const raceable = [2, 3, 6, 7, 8, 11, 13, 14, 16]
    .map((i) => all[i]!)
    .filter((arbitrary) => !without.has(kinds.get(arbitrary) as CommandKind));
  if (!without.has('visitor')) raceable.push(visitor.visitor[0]!);
  const race = fc
    .array(fc.oneof(...raceable), { minLength: 2, maxLength: 3 })
    .map((actions): FuzzCommand => new Race(actions));
  kinds.set(race, 'race');
  all.push(race, ...visitor.visitor, ...visitor.account);
  return all.filter((arbitrary) => {
    const kind = kinds.get(arbitrary);
    return !kind || !without.has(kind);
  });
}
