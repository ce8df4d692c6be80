// A world that replays a fact log in virtual time: the state is the fold of every fact at or
// before the current time (DESIGN.md), and each advance announces the facts it folded, so the
// world FeedSource renders and pushes exactly as it does over the live simulation.
import type { Fact, FactBody } from '../../sim/facts';
import { emptyWorld, foldFacts } from '../../sim/fold';
import type { WorldState } from '../../sim/world/state';
import type { WorldSimulation } from '../../server/world-feed-source';

export interface LogWorld extends WorldSimulation {
  /** Every fact of the log, including those not yet folded. */
  readonly facts: readonly Fact[];
  /** How many facts are folded. */
  readonly folded: number;
  /** Time of the first fact (epoch ms), or 0 for an empty log. */
  readonly firstTime: number;
  /** Time of the last fact (epoch ms). */
  readonly lastTime: number;
  /** Folds and announces every fact at or before `time`; returns how many were folded. */
  advanceTo(time: number): number;
  /** Appends facts at `time` after the log's last seq and folds them at once (model-based tests). */
  append(bodies: readonly FactBody[], time: number): readonly Fact[];
}

export function createLogWorld(log: readonly Fact[]): LogWorld {
  const facts: Fact[] = [...log];
  let state: WorldState = emptyWorld();
  let cursor = 0;
  const listeners = new Set<(facts: readonly Fact[]) => void>();

  function announce(batch: readonly Fact[]): void {
    for (const listener of [...listeners]) listener(batch);
  }

  function foldUpTo(end: number): Fact[] {
    const batch = facts.slice(cursor, end);
    cursor = end;
    if (batch.length > 0) {
      state = foldFacts(batch, state);
      announce(batch);
    }
    return batch;
  }

  return {
    facts,
    get state() {
      return state;
    },
    get folded() {
      return cursor;
    },
    get firstTime() {
      return facts[0]?.time ?? 0;
    },
    get lastTime() {
      return facts[facts.length - 1]?.time ?? 0;
    },
    onFacts(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    advanceTo(time) {
      let end = cursor;
      while (end < facts.length && facts[end]!.time <= time) end++;
      return foldUpTo(end).length;
    },
    append(bodies, time) {
      let seq = facts[facts.length - 1]?.seq ?? 0;
      const at = Math.max(time, facts[facts.length - 1]?.time ?? time);
      const added = bodies.map((body) => ({ ...body, seq: ++seq, time: at }) as Fact);
      // Anything still unfolded before the new facts is folded with them, in order.
      facts.push(...added);
      foldUpTo(facts.length);
      return added;
    },
  };
}
