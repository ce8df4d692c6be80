// A FeedSource over the simulated world (DESIGN.md): feeds are rendered from the current world
// state by the pure provider functions, cached per sport version, and pushed on their subjects
// (S7-23) whenever facts change the world. The parts live in world-feed/: version bookkeeping
// (feed-versions), answers per feed kind (feed-answers, list-feeds, detail-feeds), what facts
// touched (fact-scan) and what is pushed after them (fact-push).
import { EDITION } from '../src/domain/edition';
import type { FeedSource, Unsubscribe } from '../src/protocol/feed-source';
import type { Fact } from '../sim/facts';
import type { WorldState } from '../sim/world/state';
import { BodyCache } from './world-feed/body-cache';
import { type AnswerContext, answerFeed } from './world-feed/feed-answers';
import { FactPush } from './world-feed/fact-push';
import { scanFacts } from './world-feed/fact-scan';
import { FeedVersions } from './world-feed/feed-versions';
import type { RefreshFrom } from './world-feed/refresh-times';
import { PushListeners } from './world-feed/push-listeners';
import { SERVER_ERROR } from './world-feed/responses';

/** What the feed source needs of a simulation (sim/simulation.ts satisfies it). */
export interface WorldSimulation {
  readonly state: WorldState;
  onFacts(listener: (facts: readonly Fact[]) => void): () => void;
}

export interface WorldFeedSourceOptions {
  /** Server (virtual) time, epoch ms. Defaults to the time of the world's last fact. */
  readonly now?: () => number;
  readonly projectType?: number;
  /** Salt of update signatures; signatures made under another epoch are unknown. */
  readonly epoch?: string;
  /** Where the A2 refresh times start (default: every sport at now): edges of one world share it. */
  readonly refresh?: RefreshFrom;
  /** How far back a client without a signature (or with md5("")) gets changes, in ms. */
  readonly unsignedWindowMs?: number;
  /** sys_ is pushed when virtual time has moved on this much since the last sys push. */
  readonly sysPushIntervalMs?: number;
}

export interface WorldFeedSource extends FeedSource {
  /** Stops listening to the simulation. */
  close(): void;
}

const UNSIGNED_WINDOW_MS = 60_000;
const SYS_PUSH_INTERVAL_MS = 60_000; // S9-4: system poll 60 s

export function createWorldFeedSource(
  simulation: WorldSimulation,
  options: WorldFeedSourceOptions = {},
): WorldFeedSource {
  const now = options.now ?? (() => simulation.state.time);
  const projectType = options.projectType ?? EDITION.projectType;
  const unsignedWindowMs = options.unsignedWindowMs ?? UNSIGNED_WINDOW_MS;
  const world = () => simulation.state;
  const versions = new FeedVersions(world, now(), options.epoch ?? `w${Math.floor(now())}`, options.refresh);
  const cache = new BodyCache();
  const listeners = new PushListeners();
  const answers: AnswerContext = { world, now, projectType, versions, cache, unsignedWindowMs };
  const pushes = new FactPush({
    now,
    projectType,
    versions,
    listeners,
    unsignedWindowMs,
    sysPushIntervalMs: options.sysPushIntervalMs ?? SYS_PUSH_INTERVAL_MS,
  });

  function onFacts(facts: readonly Fact[]): void {
    const state = world();
    const scan = scanFacts(facts, state);
    for (const [sportId, at] of scan.reshaped) versions.raiseRefresh(sportId, at);
    pushes.forget(scan.archivedIds);
    const touched = scan.scheduled.length > 0 ? [...scan.matches, ...scan.scheduled] : scan.matches;
    versions.advance(state, now(), touched, scan.archived);
    pushes.push(state, scan);
  }

  const stop = simulation.onFacts(onFacts);

  return {
    fetch(request) {
      try {
        return answerFeed(answers, request);
      } catch {
        return SERVER_ERROR;
      }
    },
    onPush(listener, interest): Unsubscribe {
      return listeners.add(listener, interest);
    },
    now,
    close() {
      stop();
      listeners.clear();
      cache.clear();
    },
  };
}
