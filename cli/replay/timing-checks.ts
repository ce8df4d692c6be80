// Checks over time for one replayed page (invariants.ts lists them): how late the world's changes reach
// it, what its polls ask for when its sync is old, whether a newer A2 reloads it, and when its live marks
// and highlights end. The page's own machine is watched through XState's inspection: each step of its feed
// cycle with the event that caused it. The bounds are the spec's, kept here rather than read from the
// machines, so a machine whose timing changed is seen.
import type { AnyActorRef, InspectionEvent, SnapshotFrom } from 'xstate';
import type { feedCycleMachine } from '../../machines/feed-cycle';
import type { FeedAnswer } from '../../src/net/feed-call';
import type { ListFeed } from '../../src/protocol/list-feed-types';
import type { WorldState } from '../../sim/world/state';
import type { ReplayClient } from './client';
import type { FaultKind } from './faults';
import { type CheckTally, compareEvent, type InvariantName, type InvariantViolation } from './invariants';
import { KEEP_LIVE_MS } from './observer';

/** S9-4 sync time default 10 s: the cache time of S4-3, and the check while push is open. */
export const DEFAULT_SYNC_MS = 10_000;
/** S9-4 sync time update 5 s: the polling interval without push. */
export const UPDATE_SYNC_MS = 5_000;
/** S4-3: a sync older than 0.8 × the cache time is stale. */
export const STALE_SYNC_MS = 0.8 * DEFAULT_SYNC_MS;
/** S4-3, S9-4: within 0.8 × 300 s a repair, beyond it a restart. */
export const REPAIR_LIMIT_MS = 0.8 * 300_000;
/** S8-1: retries after a failure wait 0, 250 and 500 ms. */
export const RETRY_BUDGET_MS = 750;
/** A push message is delivered when the world moves; the check runs at the end of the step. */
export const PUSH_SLACK_MS = 1_000;
/**
 * How long a fault holds a page back before the bounds apply again: a lost answer waits for the 30 s timeout
 * (A9-2), a delayed one up to 20 s, a reordered one up to 15 s, a duplicated one serves a stale copy to the
 * next poll, a restart drops push for up to 5 s, a lost push message waits for the 10 s check.
 */
const FAULT_SHADOW_MS: Readonly<Record<FaultKind, number>> = {
  drop: 30_000 + RETRY_BUDGET_MS,
  delay: 20_000,
  reorder: 15_000,
  dup: DEFAULT_SYNC_MS,
  error: RETRY_BUDGET_MS,
  restart: 5_000,
  pushloss: 0,
};
/** A highlight may outlast its end by the step that fires its timer and this much. */
const HIGHLIGHT_SLACK_MS = 1_000;
/** A live mark may outlast keep-live by the step that fires its timer and this much. */
const LIVE_MARK_SLACK_MS = 2_000;

type CycleSnapshot = SnapshotFrom<typeof feedCycleMachine>;

export interface TimingChecksOptions {
  readonly client: ReplayClient;
  /** The world's time: a push is lost when the world moves, before the page's clock has. */
  readonly worldTime: () => number;
  readonly stepMs: number;
  /** The world the page must show, or null for a capture (no lateness then). */
  readonly world: () => WorldState | null;
  /** Events whose start moved: a list keeps or lacks them until it reloads (S4-8). */
  readonly movable: (id: string) => boolean;
  readonly report: (violation: InvariantViolation) => void;
  readonly tally: CheckTally;
}

/** The list feed an answer carries, if any. */
function feedOf(answer: FeedAnswer): ListFeed | null {
  return answer.noData || answer.parseFailed ? null : answer.feed;
}

export class TimingChecks {
  /** World changes not yet shown: event id → when the first of them happened. */
  private readonly pending = new Map<string, number>();
  /** Changes count from here at the earliest: the end of the last fault's or operation's shadow. */
  private shadowUntil = 0;
  /** The page has been online and shown since (Infinity while it is not). */
  private shownFrom = 0;
  /** The feed cycle has been running since (Infinity while it is not). */
  private runningFrom = Number.POSITIVE_INFINITY;
  /** Push has been open since (Infinity while it is not). */
  private pushOpenFrom = Number.POSITIVE_INFINITY;
  private previous: CycleSnapshot | null = null;
  private readonly stopInspect: () => void;

  constructor(private readonly options: TimingChecksOptions) {
    const { engine } = options.client;
    const cycle = engine.actor as unknown as AnyActorRef;
    this.previous = engine.actor.getSnapshot();
    const subscription = engine.root.system.inspect((event: InspectionEvent) => {
      if (event.type === '@xstate.snapshot' && event.actorRef === cycle)
        this.cycleStep(event.event as { type: string }, event.snapshot as CycleSnapshot);
    });
    this.stopInspect = () => subscription.unsubscribe();
  }

  private get now(): number {
    return this.options.client.clock.now();
  }

  private violation(check: InvariantName, eventId: string | undefined, message: string): void {
    this.options.report({
      check,
      time: this.now,
      sport: this.options.client.sport,
      ...(eventId === undefined ? {} : { eventId }),
      message,
    });
  }

  /** The world changed these events at `time`. */
  worldChanged(id: string, time: number): void {
    if (!this.pending.has(id)) this.pending.set(id, time);
  }

  /** A fault hit this page's network now. */
  fault(kind: FaultKind): void {
    const at = Math.max(this.now, this.options.worldTime());
    this.disturbed(at + FAULT_SHADOW_MS[kind]);
    // A lost push message, or a restart's dropped connection: push is not healthy for what is pending.
    if (kind === 'pushloss' || kind === 'restart') this.pushOpenFrom = Math.max(this.pushOpenFrom, at + 1);
  }

  /** Something outside the network moved the page (a tab, a day, going offline): the bounds count from `until`. */
  disturbed(until: number): void {
    this.shadowUntil = Math.max(this.shadowUntil, until);
  }

  /** Notes whether the feed cycle runs and whether its push is open, at each of its steps and after operations. */
  private track(snapshot: CycleSnapshot, now: number): void {
    if (!snapshot.matches('running')) {
      this.runningFrom = Number.POSITIVE_INFINITY;
      this.pushOpenFrom = Number.POSITIVE_INFINITY;
      return;
    }
    if (this.runningFrom === Number.POSITIVE_INFINITY) this.runningFrom = now;
    if (!snapshot.context.pushOpen) this.pushOpenFrom = Number.POSITIVE_INFINITY;
    // A socket that opens at a step's time missed what the world pushed at that time, before the page's clock got there.
    else if (this.pushOpenFrom === Number.POSITIVE_INFINITY) this.pushOpenFrom = now + 1;
  }

  /** Notes the page's state now: its cycle, and whether it is online and shown (after every step and operation). */
  observe(): void {
    const now = this.now;
    const { client } = this.options;
    this.track(client.engine.actor.getSnapshot(), now);
    if (!(client.network.isOnline && client.isVisible)) this.shownFrom = Number.POSITIVE_INFINITY;
    else if (this.shownFrom === Number.POSITIVE_INFINITY) this.shownFrom = now;
  }

  /** After every step: lateness of the pending changes, live marks and highlights. */
  step(): void {
    const now = this.now;
    this.observe();
    this.checkLateness(now);
    this.checkLiveMarks(now);
    this.checkHighlights(now);
  }

  /** push-latency and poll-latency: each change to an event the page holds shows within its bound. */
  private checkLateness(now: number): void {
    const world = this.options.world();
    if (!world || this.pending.size === 0) return;
    const { client, stepMs, tally } = this.options;
    const board = client.engine.scoreboard;
    const pushBound = stepMs + PUSH_SLACK_MS;
    // The wait under way when push went (10 s), and when that poll was a repair (its sync stale, S4-3; a repair
    // carries live events only) the next poll's 5 s.
    const pollBound = DEFAULT_SYNC_MS + UPDATE_SYNC_MS + RETRY_BUDGET_MS + stepMs + PUSH_SLACK_MS;
    for (const [id, since] of this.pending) {
      const event = board.getEvent(id, board.activeScope);
      const match = world.matches.get(id);
      if (!event || !match || this.options.movable(id)) {
        this.pending.delete(id);
        continue;
      }
      const start = Math.max(since, this.shadowUntil, this.runningFrom, this.shownFrom);
      // Push healthy since the change happened: it came with a message (a lost one waits for a poll).
      const healthy = this.pushOpenFrom <= since;
      const check = healthy ? 'push-latency' : 'poll-latency';
      const bound = healthy ? pushBound : pollBound;
      const shown = compareEvent(client.sport, event, match.fields, id).length === 0;
      if (!Number.isFinite(start)) {
        if (shown) this.pending.delete(id);
        continue;
      }
      // Judged when it shows (it arrived by the end of this step) or once it is already late.
      const late = now - start;
      if (!shown && late <= bound) continue;
      this.pending.delete(id);
      if (late <= bound) {
        tally.evaluated(check);
        continue;
      }
      const diff = compareEvent(client.sport, event, match.fields, id)[0];
      const seconds = Math.round(late / 1000);
      const what = diff
        ? `${diff.field} shows ${String(diff.client)}, the world has had ${String(diff.world)} for ${seconds} s`
        : `a change showed ${seconds} s after it happened`;
      this.violation(
        check,
        id,
        `${what} ` +
          (healthy
            ? `with push open (bound ${pushBound / 1000} s, S4-2)`
            : `without push (bound ${pollBound / 1000} s, S4-2, S9-4)`),
      );
    }
  }

  /** live-mark-expires: no live mark outlasts keep-live after the event left live (S4-11, S9-1). */
  private checkLiveMarks(now: number): void {
    const { client, stepMs } = this.options;
    const { observer } = client;
    const board = client.engine.scoreboard;
    const keep = KEEP_LIVE_MS + stepMs + LIVE_MARK_SLACK_MS;
    for (const [id, since] of observer.leftLive) {
      const event = board.getEvent(id) ?? board.getEvent(id, 'mygames');
      if (!event?.liveMarked || event.stageType === 2) {
        observer.leftLive.delete(id);
        continue;
      }
      if (now - since <= keep) continue;
      observer.leftLive.delete(id);
      this.violation(
        'live-mark-expires',
        id,
        `still live-marked ${Math.round((now - since) / 1000)} s after it left live (S9-1: 180 s)`,
      );
    }
  }

  /**
   * highlight-ends: a highlight is gone once its end has passed (S9-4). Only a running page ends highlights (its
   * highlights region): one reloading keeps them until it has run a step.
   */
  private checkHighlights(now: number): void {
    const { observer, engine } = this.options.client;
    const bound = this.options.stepMs + HIGHLIGHT_SLACK_MS;
    for (const [key, seen] of observer.highlights) {
      const shown = engine.scoreboard.getEvent(seen.id, seen.scope)?.highlight;
      const same = shown && shown.until === seen.highlight.until && shown.kind === seen.highlight.kind;
      if (!same) {
        observer.highlights.delete(key);
        continue;
      }
      if (seen.reported || now <= Math.max(seen.highlight.until, this.runningFrom) + bound) continue;
      seen.reported = true;
      this.violation(
        'highlight-ends',
        seen.id,
        `a ${seen.highlight.kind} highlight still shows ${Math.round((now - seen.highlight.until) / 1000)} s after its end (S9-4)`,
      );
    }
  }

  /** One step of the page's feed cycle, with the event that caused it. */
  private cycleStep(event: { type: string }, next: CycleSnapshot): void {
    const previous = this.previous;
    this.previous = next;
    this.track(next, this.now);
    if (!previous?.matches('running')) return;
    const fetching = previous.matches({ running: { updates: 'fetching' } });
    if (event.type === 'update.loaded' && fetching) {
      const answer = (event as unknown as { answer: FeedAnswer }).answer;
      const feed = feedOf(answer);
      if (this.checkRefresh(feed, previous, next)) return;
      if (feed && answer.call.kind === 'repair') this.checkRepairApplied(feed);
    } else if (event.type === 'push.message') {
      this.checkRefresh((event as unknown as { feed: ListFeed | null }).feed, previous, next);
    } else if (
      event.type.startsWith('xstate.after.') &&
      previous.matches({ running: { updates: 'waiting' } }) &&
      !next.matches({ running: { updates: 'waiting' } })
    ) {
      this.checkPoll(previous, next);
    }
  }

  /** refresh-reloads: an answer whose A2 is newer than the page's reloads it; true when it was newer. */
  private checkRefresh(feed: ListFeed | null, previous: CycleSnapshot, next: CycleSnapshot): boolean {
    const loadedWith = previous.context.refreshUtime;
    if (!feed || feed.refreshUtime === null || loadedWith === null || feed.refreshUtime <= loadedWith) return false;
    this.options.tally.evaluated('refresh-reloads');
    if (!next.matches('loading'))
      this.violation(
        'refresh-reloads',
        undefined,
        `A2 ${feed.refreshUtime} is newer than the page's ${loadedWith}, and the page did not reload`,
      );
    return true;
  }

  /** stale-sync-repairs (S4-4): a repair answered to a poll regenerates the page. */
  private checkRepairApplied(feed: ListFeed): void {
    this.options.tally.evaluated('stale-sync-repairs');
    if (!this.options.client.observer.applied.has(feed))
      this.violation('stale-sync-repairs', undefined, 'a repair feed answered a poll and was not applied (S4-3, S4-4)');
  }

  /** stale-sync-repairs (S4-3): what a poll asks for, by the age of the last sync, while polling. */
  private checkPoll(previous: CycleSnapshot, next: CycleSnapshot): void {
    if (previous.context.pushOpen) return; // the rule is for polling; the check under push is an update
    const age = this.now - previous.context.lastSyncAt;
    const want = age >= REPAIR_LIMIT_MS ? 'restart' : age >= STALE_SYNC_MS ? 'repair' : 'update';
    const asked = next.matches('loading') ? 'restart' : (next.context.round[0]?.kind ?? 'nothing');
    this.options.tally.evaluated('stale-sync-repairs');
    if (asked !== want)
      this.violation(
        'stale-sync-repairs',
        undefined,
        `a poll with the last sync ${Math.round(age / 1000)} s old asked for ${asked} (S4-3: ${want})`,
      );
  }

  stop(): void {
    this.stopInspect();
  }
}
