// The match page's data: the event core (dc_, which also names the sport and the teams) and the open tab's detail feed, kept fresh by polling
// the version hashes (g_) every 5 s (S9-4 game sync) and by push on games_kk_<id> when available.
// A tab is fetched again only when its hash moves (protocol.md §4.2).
import { useEffect, useState } from 'react';
import { EDITION } from '../../domain/edition';
import type { FeedGateway } from '../store/feed-gateway';
import { type MatchCore, type MatchHashes, parseCore, parseHashes } from './detail-mappers';

export const GAME_SYNC_MS = 5_000; // S9-4: game 5 s

export type MatchTab = 'summary' | 'stats' | 'lineups' | 'h2h' | 'odds';

/** Feed prefix of each tab (S7-15) and the hash that versions it (g_: CD summary+line-ups, CE stats, CF odds). */
export const TAB_FEED: Readonly<Record<MatchTab, { prefix: string; hash: keyof MatchHashes | null }>> = {
  summary: { prefix: 'df_su', hash: 'CD' },
  stats: { prefix: 'df_st', hash: 'CE' },
  lineups: { prefix: 'df_li', hash: 'CD' },
  h2h: { prefix: 'df_hh', hash: null },
  odds: { prefix: 'df_od', hash: 'CF' },
};

export interface MatchFeedsState {
  readonly core: MatchCore | null;
  readonly coreFailed: boolean;
  /** Raw body of the open tab, or null while loading; '' when the feed had nothing. */
  readonly tabBody: string | null;
}

export function pushSubject(eventId: string): string {
  return `games_${EDITION.language}_${eventId}`; // S7-23: games_ plus language and event id
}

/** A detail feed of the event: keyed by project type and event id, whatever the sport (protocol.md §4). */
export function detailFeed(prefix: string, eventId: string): string {
  return `${prefix}_${EDITION.projectType}_${eventId}`;
}

export function useMatchFeeds(gateway: FeedGateway, eventId: string, tab: MatchTab): MatchFeedsState {
  const [state, setState] = useState<MatchFeedsState>({ core: null, coreFailed: false, tabBody: null });
  useEffect(() => {
    let stopped = false;
    let hashes: MatchHashes | null = null;
    const feed = (prefix: string) => detailFeed(prefix, eventId);
    setState((s) => ({ ...s, tabBody: null }));

    const loadCore = async () => {
      const body = await gateway.fetchDetail(feed('dc'));
      if (stopped) return;
      const core = body === null ? null : parseCore(body);
      setState((s) => (core ? { ...s, core, coreFailed: false } : { ...s, coreFailed: s.core === null }));
    };
    const loadTab = async () => {
      const body = await gateway.fetchDetail(feed(TAB_FEED[tab].prefix));
      if (stopped) return;
      setState((s) => ({ ...s, tabBody: body ?? '' }));
    };
    const poll = async () => {
      const body = await gateway.fetchDetail(feed('g'));
      if (stopped) return;
      const next = body === null ? null : parseHashes(body);
      if (!next) {
        // No hashes: refresh both, as a plain poll.
        await Promise.all([loadCore(), loadTab()]);
        return;
      }
      const before = hashes;
      hashes = next;
      const tabHash = TAB_FEED[tab].hash;
      const jobs: Promise<void>[] = [];
      if (!before || before.CA !== next.CA) jobs.push(loadCore());
      if (before && tabHash && before[tabHash] !== next[tabHash]) jobs.push(loadTab());
      await Promise.all(jobs);
    };

    void Promise.all([loadCore(), loadTab()]).then(poll);
    const timer = setInterval(() => void poll(), GAME_SYNC_MS);
    const unsubscribe = gateway.subscribePush?.(pushSubject(eventId), () => void poll()) ?? (() => {});
    return () => {
      stopped = true;
      clearInterval(timer);
      unsubscribe();
    };
  }, [gateway, eventId, tab]);
  return state;
}
