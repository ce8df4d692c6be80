// The world of `scores replay --serve`: a fact log folded up to the replay clock, served through the world
// FeedSource exactly as the live simulation is. Moving forward folds the facts passed over (the source renders
// and pushes them). Moving back starts a new generation: the log is folded again from its first fact up to the
// new moment, behind a new world FeedSource. So that clients holding the old generation's lists take the new one
// for newer and reload it, a generation's versions and A2 refresh times are raised above the previous ones':
// its facts are re-sequenced above every version served so far (the client's per-field ordinals, S7-19), and the
// A2 utimes of its bodies (the "reload the day" signal) are shifted above every A2 served so far. Right after a
// move back, each sport's update subject is pushed a refresh body, so an open page reloads at once (S7-23).
import type { FeedResponse, FeedSource, PushInterest, PushMessage, Unsubscribe } from '../../src/protocol/feed-source';
import { updateSubject } from '../../src/protocol/push-subjects';
import { EDITION } from '../../src/domain/edition';
import type { Fact } from '../../sim/facts';
import { emptyWorld, foldFacts } from '../../sim/fold';
import type { WorldState } from '../../sim/world/state';
import { toProviderRequest } from '../provider/feed-request';
import { renderRefresh } from '../provider/update-feed';
import { createWorldFeedSource, type WorldFeedSource, type WorldSimulation } from '../world-feed-source';

/** Facts that are not a match's events: the running clock, odds, statistics, line-ups. */
const NOT_AN_EVENT = new Set<Fact['type']>(['GameTimeChanged', 'OddsMoved', 'StatsChanged', 'LineupsAnnounced']);

export interface ReplayWorldOptions {
  readonly projectType?: number;
}

export interface ReplayMove {
  /** True when the world was folded again from the start (a move back). */
  readonly rebuilt: boolean;
  /** Facts folded by this move. */
  readonly folded: number;
  /** Wall milliseconds the move took. */
  readonly ms: number;
}

export interface ReplayWorld {
  /** First and last fact times, epoch ms. */
  readonly start: number;
  readonly end: number;
  /** The replay clock: the moment the served world stands at. */
  readonly time: number;
  readonly state: WorldState;
  /** Generations so far (1 + the moves back). */
  readonly generation: number;
  /** What the HTTP server serves: always the current generation, A2 shifted. */
  readonly source: FeedSource;
  /** Brings the world to `time` (clamped to the log). */
  moveTo(time: number): ReplayMove;
  /** Time of the first fact after `time`, or null at the end. */
  nextFactTime(time: number): number | null;
  /** Time of the next event of a match after `time` (clock, odds and statistics facts do not count). */
  nextMatchEventTime(matchId: string, time: number): number | null;
  /** True when the log holds the match. */
  hasMatch(matchId: string): boolean;
  close(): void;
}

interface Generation {
  readonly seqBase: number;
  readonly a2Shift: number;
  readonly simulation: WorldSimulation & { cursor: number; state: WorldState };
  readonly listeners: Set<(facts: readonly Fact[]) => void>;
  readonly source: WorldFeedSource;
  /** The latest time this generation was moved to, epoch ms. */
  reached: number;
}

const A2_ROW = /(^|~)A2÷(\d+)¬/g;

/** A body with every A2 utime raised by `shift`. */
export function shiftRefresh(body: string, shift: number): string {
  if (shift === 0 || !body.includes('A2÷')) return body;
  return body.replace(A2_ROW, (_, lead: string, utime: string) => `${lead}A2÷${Number(utime) + shift}¬`);
}

/** Feeds whose bodies carry A2: day lists, updates and repairs (not detail or system feeds). */
function carriesRefresh(feed: string): boolean {
  const parsed = toProviderRequest(feed);
  return parsed !== null && parsed.kind !== 'detail' && parsed.kind !== 'sys';
}

/** `facts`: a log in seq order (seq strictly increasing, time non-decreasing). */
export function createReplayWorld(facts: readonly Fact[], options: ReplayWorldOptions = {}): ReplayWorld {
  if (facts.length === 0) throw new Error('the fact log holds no facts');
  const projectType = options.projectType ?? EDITION.projectType;
  const start = facts[0]!.time;
  const end = facts[facts.length - 1]!.time;
  const maxSeq = facts[facts.length - 1]!.seq;
  const sports = new Set<number>();
  const matchFactIndex = new Map<string, number[]>();
  facts.forEach((fact, index) => {
    if (fact.type === 'MatchScheduled') {
      sports.add(fact.match.sportId);
      matchFactIndex.set(fact.match.id, [index]);
      return;
    }
    if (!('matchId' in fact) || NOT_AN_EVENT.has(fact.type)) return;
    const list = matchFactIndex.get(fact.matchId);
    if (list) list.push(index);
    else matchFactIndex.set(fact.matchId, [index]);
  });
  let time = start;
  const pushListeners = new Map<(message: PushMessage) => void, PushInterest | undefined>();
  // A subject is rendered only when some listener reads it (the server skips games_ hashes nobody has open).
  const wanted: PushInterest = {
    wants: (subject) => {
      for (const interest of pushListeners.values()) if (!interest?.wants || interest.wants(subject)) return true;
      return false;
    },
  };
  const emit = (message: PushMessage) => {
    for (const [listener, interest] of [...pushListeners]) {
      if (!interest?.wants || interest.wants(message.subject)) listener(message);
    }
  };
  const rewritten = new Map<string, { raw: string; out: string }>();

  function shifted(key: string, body: string, shift: number): string {
    if (shift === 0) return body;
    const known = rewritten.get(key);
    if (known && known.raw === body) return known.out;
    const out = shiftRefresh(body, shift);
    rewritten.set(key, { raw: body, out });
    return out;
  }

  function openGeneration(seqBase: number, a2Shift: number, until: number): Generation {
    const listeners = new Set<(facts: readonly Fact[]) => void>();
    const simulation = {
      cursor: 0,
      state: emptyWorld(),
      onFacts(listener: (batch: readonly Fact[]) => void) {
        listeners.add(listener);
        return () => {
          listeners.delete(listener);
        };
      },
    };
    // Folded before the source opens: the source starts from this state without announcing it.
    foldInto(simulation, seqBase, until, null);
    const source = createWorldFeedSource(simulation, {
      now: () => time,
      projectType,
      epoch: `replay${seqBase}`,
    });
    const generation: Generation = { seqBase, a2Shift, simulation, listeners, source, reached: until };
    source.onPush((message) => {
      const body = message.subject.startsWith('u')
        ? shifted(`push|${message.subject}`, message.body, a2Shift)
        : message.body;
      emit({ subject: message.subject, body });
    }, wanted);
    return generation;
  }

  function foldInto(
    simulation: { cursor: number; state: WorldState },
    seqBase: number,
    until: number,
    listeners: Set<(batch: readonly Fact[]) => void> | null,
  ): number {
    let endIndex = simulation.cursor;
    while (endIndex < facts.length && facts[endIndex]!.time <= until) endIndex++;
    if (endIndex === simulation.cursor) return 0;
    const slice = facts.slice(simulation.cursor, endIndex);
    const batch = seqBase === 0 ? slice : slice.map((fact) => ({ ...fact, seq: fact.seq + seqBase }) as Fact);
    simulation.cursor = endIndex;
    simulation.state = foldFacts(batch, simulation.state);
    if (listeners) for (const listener of [...listeners]) listener(batch);
    return batch.length;
  }

  let generations = 1;
  let current = openGeneration(0, 0, start);

  function clamp(at: number): number {
    return Number.isFinite(at) ? Math.min(end, Math.max(start, Math.round(at))) : start;
  }

  function firstFactAfter(at: number): number {
    let lo = 0;
    let hi = facts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (facts[mid]!.time <= at) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  const source: FeedSource = {
    fetch(request) {
      const generation = current;
      const answer = generation.source.fetch(request) as FeedResponse;
      if (generation.a2Shift === 0 || answer.status !== 200 || !carriesRefresh(request.feed)) return answer;
      return { ...answer, body: shifted(`feed|${request.feed}`, answer.body, generation.a2Shift) };
    },
    onPush(listener, interest): Unsubscribe {
      pushListeners.set(listener, interest);
      return () => {
        pushListeners.delete(listener);
      };
    },
    now: () => time,
  };

  return {
    start,
    end,
    get time() {
      return time;
    },
    get state() {
      return current.simulation.state;
    },
    get generation() {
      return generations;
    },
    source,
    moveTo(at) {
      const began = performance.now();
      const target = clamp(at);
      if (target >= time) {
        time = target;
        const folded = foldInto(current.simulation, current.seqBase, target, current.listeners);
        current.reached = Math.max(current.reached, target);
        return { rebuilt: false, folded, ms: performance.now() - began };
      }
      // Back: a new generation whose versions and A2 utimes are above every one the old generation served.
      const old = current;
      const oldHighestA2 = Math.floor(old.reached / 1000) + old.a2Shift;
      const a2Shift = oldHighestA2 + 1 - Math.floor(target / 1000);
      time = target;
      current = openGeneration(old.seqBase + maxSeq, a2Shift, target);
      generations++;
      old.source.close();
      rewritten.clear();
      const refreshUtime = Math.floor(target / 1000) + a2Shift;
      for (const sport of sports) {
        const body = renderRefresh(sport, refreshUtime, signatureOf(current, sport, projectType));
        emit({ subject: updateSubject(sport, projectType), body });
      }
      return { rebuilt: true, folded: current.simulation.cursor, ms: performance.now() - began };
    },
    nextFactTime(at) {
      const index = firstFactAfter(at);
      return index < facts.length ? facts[index]!.time : null;
    },
    nextMatchEventTime(matchId, at) {
      const indices = matchFactIndex.get(matchId);
      if (!indices) return null;
      for (const index of indices) {
        const fact = facts[index]!;
        if (fact.time > at) return fact.time;
      }
      return null;
    },
    hasMatch: (matchId) => matchFactIndex.has(matchId),
    close() {
      current.source.close();
      pushListeners.clear();
    },
  };
}

/** The current signature of a sport's lists in a generation: its update answer to an unknown signature carries it. */
function signatureOf(generation: Generation, sport: number, projectType: number): string {
  const answer = generation.source.fetch({
    feed: `u_${sport}_${projectType}`,
    headers: { 'x-signature': 'unknown' },
  }) as FeedResponse;
  const match = /(?:^|~)A1÷([^¬]*)¬/.exec(answer.body);
  return match?.[1] ?? '';
}
