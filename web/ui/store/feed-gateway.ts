// How pages ask for data: a list session per sport and day, a match session per event. The
// composition root implements it over the feed engine; tests implement it with hand-built snapshots.
import { createContext, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import type { MyGamesSelection } from '../../../src/follow/selection';
import type { ScoreboardEvent } from '../../../src/scoreboard/types';
import type { ListTab } from '../list/tabs';
import type { ScoreboardView } from './scoreboard-view';

export type FeedStatus = 'loading' | 'ready' | 'failed';

export interface StatusView {
  status(): FeedStatus;
  subscribeStatus(listener: () => void): () => void;
}

export interface ListSession extends StatusView {
  readonly view: ScoreboardView;
  /** The tab shown; the odds tab loads the odds feed (S2-28), the live tab reloads on S4-11. */
  selectTab(tab: ListTab): void;
  /** S4-9: what the My Games tab loads (the followed entries' sports and days, and their ids). */
  followed?(selection: MyGamesSelection): void;
  /** Server time, epoch ms, when the session knows it. */
  serverNow?(): number;
  close(): void;
}

export interface ListRequest {
  readonly sportId: number;
  /** Day offset from today (S2-29). */
  readonly day: number;
}

/** A detail feed body by name (df_su_1_<id> …), or null when it could not be had. */
export type DetailFetch = (feedName: string) => Promise<string | null>;

export interface FeedGateway {
  openList(request: ListRequest): ListSession;
  /** Detail feeds of the match page (S7-15). */
  fetchDetail: DetailFetch;
  /** Push bodies on a subject (games_kk_<id>), when push is available. */
  subscribePush?(subject: string, listener: (body: string) => void): () => void;
  /** The list event a match page opened from, if any session holds it. */
  findEvent?(eventId: string): { event: ScoreboardEvent; sportId: number } | null;
  /** Server time in epoch ms (clock sync via sys utime). */
  now(): number;
}

export const FeedGatewayContext = createContext<FeedGateway | null>(null);

export function useFeedGateway(): FeedGateway {
  const gateway = useContext(FeedGatewayContext);
  if (!gateway) throw new Error('FeedGatewayContext is missing');
  return gateway;
}

/** Opens a list session for the sport and day, and closes it when they change or the page leaves. */
export function useListSession(request: ListRequest): ListSession | null {
  const gateway = useFeedGateway();
  const [session, setSession] = useState<ListSession | null>(null);
  const { sportId, day } = request;
  useEffect(() => {
    const opened = gateway.openList({ sportId, day });
    setSession(opened);
    return () => {
      opened.close();
      setSession((current) => (current === opened ? null : current));
    };
  }, [gateway, sportId, day]);
  return session;
}

const NO_STATUS: StatusView = { status: () => 'loading', subscribeStatus: () => () => {} };

export function useFeedStatus(view: StatusView | null): FeedStatus {
  const source = view ?? NO_STATUS;
  return useSyncExternalStore(source.subscribeStatus, source.status, source.status);
}
