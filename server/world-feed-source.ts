// A FeedSource over the simulated world (DESIGN.md): feeds are rendered from the current world
// state by the pure provider functions, cached per sport version, and pushed on their subjects
// (S7-23) whenever facts change the world.
import { EDITION } from '../src/domain/edition';
import { sportById } from '../src/domain/sports';
import { gamesSubject, sysSubject, updateSubject } from '../src/protocol/push-subjects';
import type { FeedRequest, FeedResponse, FeedSource, PushMessage, Unsubscribe } from '../src/protocol/feed-source';
import type { Fact } from '../sim/facts';
import type { MatchState, WorldState } from '../sim/world/state';
import { localDayNumber } from './provider/day-window';
import { renderCore } from './provider/detail/core';
import { renderHashes } from './provider/detail/hashes';
import { renderHeadToHead } from './provider/detail/head-to-head';
import { renderLineups } from './provider/detail/lineups';
import { renderOddsComparison } from './provider/detail/odds-comparison';
import { renderStats } from './provider/detail/stats';
import { renderSummary } from './provider/detail/summary';
import { type DetailTab, type ProviderRequest, toProviderRequest } from './provider/feed-request';
import { renderDayList } from './provider/full-feed';
import { renderOddsList, renderOddsUpdate } from './provider/odds-feeds';
import { renderRepair } from './provider/repair-feed';
import { decodeSignature, encodeSignature, INITIAL_SIGNATURE } from './provider/signature';
import { SportIndex } from './provider/sport-version';
import { renderSys } from './provider/sys-feed';
import { renderRefresh, renderUpdate } from './provider/update-feed';

/** What the feed source needs of a simulation (sim/simulation.ts satisfies it). */
export interface WorldSimulation {
  readonly state: WorldState;
  onFacts(listener: (facts: readonly Fact[]) => void): () => void;
}

export interface WorldFeedSourceOptions {
  /** Server (virtual) time, epoch ms. Defaults to the time of the world's last fact. */
  readonly now?: () => number;
  readonly projectType?: number;
  readonly language?: string;
  /** Salt of update signatures; signatures made under another epoch are unknown. */
  readonly epoch?: string;
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
const HISTORY_LIMIT = 4096;
const NEAR_FIXTURE_S = 2 * 86_400;
const CACHE_LIMIT = 4096;
const TEXT_HEADERS = Object.freeze({ 'content-type': 'text/plain; charset=utf-8' });
const NOT_FOUND: FeedResponse = Object.freeze({ status: 404, headers: TEXT_HEADERS, body: '0' });

interface CacheEntry {
  readonly stamp: string;
  readonly body: string;
}

export function createWorldFeedSource(
  simulation: WorldSimulation,
  options: WorldFeedSourceOptions = {},
): WorldFeedSource {
  const now = options.now ?? (() => simulation.state.time);
  const projectType = options.projectType ?? EDITION.projectType;
  const language = options.language ?? EDITION.language;
  const epoch = options.epoch ?? `w${Math.floor(now())}`;
  const unsignedWindowMs = options.unsignedWindowMs ?? UNSIGNED_WINDOW_MS;
  const sysPushIntervalMs = options.sysPushIntervalMs ?? SYS_PUSH_INTERVAL_MS;
  /** Push listeners and the subjects each wants (null: all). */
  const listeners = new Map<(message: PushMessage) => void, ((subject: string) => boolean) | null>();
  const anyoneWants = (subject: string) => {
    for (const wants of listeners.values()) if (!wants || wants(subject)) return true;
    return false;
  };
  const cache = new Map<string, CacheEntry>();

  // World version → time checkpoints, to find the version a time window starts at.
  const history: { time: number; version: number }[] = [{ time: now(), version: simulation.state.version }];
  // A2: raised per sport when its lists change shape (matches added or archived), forcing reloads.
  const startUtime = Math.floor(now() / 1000);
  const refreshUtime = new Map<number, number>();
  // Sport versions and members, kept from the facts as they are folded.
  const sports = new SportIndex();
  // Signatures are md5s: made once per sport version, and decoded once per signature seen.
  const signatures = new Map<number, { version: number; signature: string }>();
  const decoded = new Map<string, number | null>();
  // What was pushed last: per sport the version, per match the g_ body and the match it came from.
  const pushedVersion = new Map<number, number>();
  const pushedHashes = new Map<string, string>();
  const pushedHashesOf = new Map<string, MatchState>();
  let lastSysPush = now();

  function world(): WorldState {
    return simulation.state;
  }

  function versionOf(sportId: number): number {
    return sports.version(world(), sportId);
  }

  const salt = (sportId: number) => `${epoch}:${sportId}`;

  function signatureOf(sportId: number, version = versionOf(sportId)): string {
    const known = signatures.get(sportId);
    if (known && known.version === version) return known.signature;
    const signature = encodeSignature(version, salt(sportId));
    signatures.set(sportId, { version, signature });
    return signature;
  }

  function decode(signature: string, sportId: number): number | null {
    const key = `${sportId}|${signature}`;
    const known = decoded.get(key);
    if (known !== undefined) return known;
    const version = decodeSignature(signature, salt(sportId));
    if (decoded.size >= CACHE_LIMIT) decoded.clear();
    decoded.set(key, version);
    return version;
  }
  const refreshOf = (sportId: number) => refreshUtime.get(sportId) ?? startUtime;

  function versionAtTime(time: number): number {
    let version = history[0]?.version ?? 0;
    for (const point of history) {
      if (point.time > time) break;
      version = point.version;
    }
    return version;
  }

  function cached(key: string, stamp: string, render: () => string): string {
    const hit = cache.get(key);
    if (hit && hit.stamp === stamp) return hit.body;
    const body = render();
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(key, { stamp, body });
    return body;
  }

  function ok(body: string): FeedResponse {
    return { status: 200, headers: TEXT_HEADERS, body };
  }

  /** S7-19: an update for the client whose signature came in x-signature. */
  function update(
    sportId: number,
    signature: string | undefined,
    kind: 'u' | 'uo',
    render: (since: number, sig: string) => string,
  ): FeedResponse {
    const current = versionOf(sportId);
    const currentSignature = signatureOf(sportId, current);
    if (signature === currentSignature) return { status: 304, headers: TEXT_HEADERS, body: '' };
    let since: number | null;
    if (signature === undefined || signature === '' || signature === INITIAL_SIGNATURE) {
      since = versionAtTime(now() - unsignedWindowMs);
    } else {
      since = decode(signature, sportId);
      if (since !== null && since > current) since = null;
    }
    if (since === null) {
      // Unknown signature (another world, garbled): raise A2 so the client reloads the full feed.
      return ok(renderRefresh(sportId, Math.max(refreshOf(sportId), Math.floor(now() / 1000)), currentSignature));
    }
    const from = since;
    return ok(
      cached(`${kind}|${sportId}|${from}`, `${current}|${refreshOf(sportId)}`, () => render(from, currentSignature)),
    );
  }

  function detail(request: Extract<ProviderRequest, { kind: 'detail' }>): FeedResponse {
    const state = world();
    const match = state.matches.get(request.eventId);
    if (!match) return NOT_FOUND;
    const key = `d|${request.tab}|${request.eventId}|${request.betType ?? ''}`;
    const stamp =
      request.tab === 'headToHead' ? `${state.version}` : `${match.version}|${match.detailVersion}|${state.version}`;
    return ok(cached(key, stamp, () => renderDetail(state, match, request.tab, request.betType)));
  }

  function answer(request: FeedRequest): FeedResponse {
    const parsed = toProviderRequest(request.feed);
    if (!parsed) return NOT_FOUND;
    if (parsed.projectType !== projectType) return NOT_FOUND;
    if (parsed.kind !== 'sys' && parsed.kind !== 'detail' && !sportById(parsed.sportId)) return NOT_FOUND;
    switch (parsed.kind) {
      case 'sys':
        return ok(renderSys(projectType, { now: now() }));
      case 'full':
      case 'odds': {
        const { sportId, day, timezoneHour } = parsed;
        const version = versionOf(sportId);
        const dayNumber = localDayNumber(Math.floor(now() / 1000), timezoneHour);
        const refreshUtime = refreshOf(sportId);
        const signature = signatureOf(sportId, version);
        const query = { sportId, dayOffset: day, timezoneHour, now: now(), signature, refreshUtime };
        const render = parsed.kind === 'full' ? renderDayList : renderOddsList;
        return ok(cached(request.feed, `${version}|${dayNumber}|${refreshUtime}`, () => render(world(), query)));
      }
      case 'update':
        return update(parsed.sportId, request.headers['x-signature'], 'u', (since, signature) =>
          renderUpdate(
            world(),
            { sportId: parsed.sportId, sinceVersion: since, refreshUtime: refreshOf(parsed.sportId), signature },
            sports.changedSince(world(), parsed.sportId, since),
          ),
        );
      case 'oddsUpdate':
        return update(parsed.sportId, request.headers['x-signature'], 'uo', (since, signature) =>
          renderOddsUpdate(world(), {
            sportId: parsed.sportId,
            sinceVersion: since,
            refreshUtime: refreshOf(parsed.sportId),
            signature,
          }),
        );
      case 'repair': {
        const version = versionOf(parsed.sportId);
        return ok(
          cached(request.feed, `${version}`, () =>
            renderRepair(world(), parsed.sportId, signatureOf(parsed.sportId, version)),
          ),
        );
      }
      case 'detail':
        return detail(parsed);
    }
  }

  function emit(message: PushMessage): void {
    for (const listener of [...listeners.keys()]) {
      try {
        listener(message);
      } catch {
        // A failing listener never stops the others or the world.
      }
    }
  }

  function sportsTouched(
    facts: readonly Fact[],
    state: WorldState,
  ): { sports: Set<number>; matches: Set<string>; scheduled: string[]; archived: boolean } {
    const sports = new Set<number>();
    const scheduled: string[] = [];
    let archived = false;
    const matches = new Set<string>();
    const nowSeconds = Math.floor(now() / 1000);
    const touchMatch = (id: string) => {
      const match = state.matches.get(id);
      if (!match) return;
      sports.add(match.sportId);
      matches.add(id);
    };
    for (const fact of facts) {
      switch (fact.type) {
        case 'LeagueCreated':
          refreshUtime.set(fact.league.sportId, Math.max(refreshOf(fact.league.sportId), nowSeconds));
          sports.add(fact.league.sportId);
          break;
        case 'MatchScheduled': {
          // A new fixture near today must reach lists that are already loaded: they reload.
          const start = fact.match.fields.startTime ?? nowSeconds;
          if (Math.abs(start - nowSeconds) <= NEAR_FIXTURE_S) {
            refreshUtime.set(fact.match.sportId, Math.max(refreshOf(fact.match.sportId), nowSeconds));
          }
          sports.add(fact.match.sportId);
          scheduled.push(fact.match.id);
          break;
        }
        case 'MatchesArchived':
          // The archived matches are gone from the world: every sport's lists reload.
          for (const sport of new Set([...state.leagues.values()].map((l) => l.sportId))) {
            refreshUtime.set(sport, Math.max(refreshOf(sport), nowSeconds));
            sports.add(sport);
          }
          for (const id of fact.matchIds) {
            pushedHashes.delete(id);
            pushedHashesOf.delete(id);
          }
          archived = true;
          break;
        case 'RaceStageChanged':
          for (const id of fact.matchIds) touchMatch(id);
          break;
        case 'RaceStandingsChanged':
          for (const row of fact.rows) touchMatch(row.matchId);
          break;
        default:
          touchMatch(fact.matchId);
      }
    }
    return { sports, matches, scheduled, archived };
  }

  function onFacts(facts: readonly Fact[]): void {
    const state = world();
    const last = history[history.length - 1];
    if (!last || last.version !== state.version) {
      history.push({ time: now(), version: state.version });
      if (history.length > HISTORY_LIMIT) history.splice(0, history.length - HISTORY_LIMIT);
    }
    const touched = sportsTouched(facts, state);
    const { matches } = touched;
    sports.advance(
      state,
      touched.scheduled.length > 0 ? [...matches, ...touched.scheduled] : matches,
      touched.archived,
    );
    if (listeners.size === 0) {
      for (const sportId of touched.sports) pushedVersion.set(sportId, versionOf(sportId));
      return;
    }
    for (const sportId of touched.sports) {
      const current = versionOf(sportId);
      const subject = updateSubject(sportId, projectType);
      if (!anyoneWants(subject)) {
        pushedVersion.set(sportId, current);
        continue;
      }
      const since = pushedVersion.get(sportId) ?? versionAtTime(now() - unsignedWindowMs);
      if (current <= since) continue;
      pushedVersion.set(sportId, current);
      const body = renderUpdate(
        state,
        { sportId, sinceVersion: since, refreshUtime: refreshOf(sportId), signature: signatureOf(sportId, current) },
        sports.changedSince(state, sportId, since),
      );
      emit({ subject, body }); // S7-23
    }
    for (const id of matches) {
      // Detail hashes cost a render of every tab: only for matches somebody has open.
      const subject = gamesSubject(language, id);
      if (!anyoneWants(subject)) continue;
      const match = state.matches.get(id);
      // Match objects are never changed once folded: the same object has the same hashes.
      if (!match || pushedHashesOf.get(id) === match) continue;
      pushedHashesOf.set(id, match);
      const body = renderDetail(state, match, 'hashes', null);
      if (pushedHashes.get(id) === body) continue;
      pushedHashes.set(id, body);
      emit({ subject, body }); // S7-23
    }
    if (now() - lastSysPush >= sysPushIntervalMs) {
      lastSysPush = now();
      emit({ subject: sysSubject(projectType), body: renderSys(projectType, { now: now() }) }); // S7-23
    }
  }

  const stop = simulation.onFacts(onFacts);

  return {
    fetch(request) {
      try {
        return answer(request);
      } catch {
        // A rendering fault answers like an unknown feed rather than taking the server down.
        return { status: 500, headers: TEXT_HEADERS, body: '0' };
      }
    },
    onPush(listener, interest): Unsubscribe {
      listeners.set(listener, interest?.wants ?? null);
      return () => {
        listeners.delete(listener);
      };
    },
    now,
    close() {
      stop();
      listeners.clear();
      cache.clear();
    },
  };
}

function renderDetail(world: WorldState, match: MatchState, tab: DetailTab, betType: number | null): string {
  const duel = !sportById(match.sportId)?.noDuel;
  switch (tab) {
    case 'core':
      return renderCore(match, duel);
    case 'summary':
      return renderSummary(match);
    case 'stats':
      return renderStats(match);
    case 'lineups':
      return renderLineups(match);
    case 'headToHead':
      return renderHeadToHead(world, match);
    case 'odds':
      return renderOddsComparison(match, betType);
    case 'empty':
      return 'A1÷¬~';
    case 'hashes':
      return renderHashes({
        core: renderCore(match, duel),
        summary: renderSummary(match),
        lineups: renderLineups(match),
        stats: renderStats(match),
        odds: renderOddsComparison(match, null),
      });
  }
}
