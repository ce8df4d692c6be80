// The match page's data, from the match-detail machine (machines/match-detail.ts): the event core (dc_) and the
// open tab's detail feed, kept fresh by polling the version hashes (g_) every 5 s (S9-4 game sync) and by push on
// games_kk_<id> when available (S7-23). A tab is fetched again only when its hash moves (protocol.md §4.2).
//
// The page reads the actor's state and sends it tab changes, nothing else. The actor comes from a
// MatchDetailHost: the root actor's child 'matchDetail' when the composition root provides one, or else an
// actor of its own over the feed gateway's effects on the default clock.
import { useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { type ActorOptions, createActor } from 'xstate';
import {
  type MatchDetailInput,
  type MatchDetailRef,
  type MatchTab,
  type matchDetailMachine,
  provideMatchDetail,
} from '../../../machines/match-detail';
import type { FeedGateway } from '../store/feed-gateway';
import type { MatchCore } from './detail-mappers';

export { detailFeed, GAME_SYNC_MS, type MatchTab, pushSubject, TAB_FEED } from '../../../machines/match-detail';

export interface MatchFeedsState {
  readonly core: MatchCore | null;
  readonly coreFailed: boolean;
  /** Raw body of the open tab, or null while loading; '' when the feed had nothing. */
  readonly tabBody: string | null;
}

/** XState's clock option: SimulatedClock in tests and in the CLI replay, the timers of the page otherwise. */
export type ActorClock = NonNullable<ActorOptions<typeof matchDetailMachine>['clock']>;

/** The match-detail machine with the gateway's effects: detail fetches, and push on games_kk_<id> when it has push. */
export function matchDetailWithGateway(gateway: FeedGateway) {
  const subscribe = gateway.subscribePush?.bind(gateway);
  return provideMatchDetail({
    fetchDetail: (feed) => gateway.fetchDetail(feed),
    subscribePush: subscribe && ((subject, onMessage) => subscribe(subject, () => onMessage())),
  });
}

/** Opens the match-detail actor of a page; close() stops it (or asks the root actor to stop its child). */
export interface MatchDetailHost {
  open(input: MatchDetailInput): { readonly actor: MatchDetailRef; close(): void };
}

/** A host that runs its own actor per page over the gateway (no root actor), on the given clock. */
export function gatewayMatchDetailHost(gateway: FeedGateway, clock?: ActorClock): MatchDetailHost {
  const machine = matchDetailWithGateway(gateway);
  return {
    open(input) {
      // An explicit `clock: undefined` would replace XState's default timers, so it is left out when not given.
      const actor = createActor(machine, clock ? { input, clock } : { input }).start();
      return { actor, close: () => actor.stop() };
    },
  };
}

/** What siteMatchDetailHost needs of a root actor: it spawns 'matchDetail' on match.opened, stops it on match.closed. */
export interface MatchDetailRoot {
  send(event: { type: 'match.opened'; eventId: string; tab?: MatchTab } | { type: 'match.closed' }): void;
  readonly system: { get(systemId: string): unknown };
}

/** A host over the root actor: the page's detail actor is the root's child 'matchDetail'. */
export function siteMatchDetailHost(root: MatchDetailRoot): MatchDetailHost {
  return {
    open({ eventId, tab }) {
      root.send({ type: 'match.opened', eventId, tab });
      const actor = root.system.get('matchDetail') as MatchDetailRef | undefined;
      if (!actor) throw new Error("the root actor spawned no 'matchDetail' on match.opened");
      return {
        actor,
        // Only this page's actor: a newer page's open came after this one's close.
        close: () => {
          if (root.system.get('matchDetail') === actor) root.send({ type: 'match.closed' });
        },
      };
    },
  };
}

/** Provided by the composition root when the root actor hosts the match detail (its child 'matchDetail'). */
export const MatchDetailHostContext = createContext<MatchDetailHost | null>(null);

export function useMatchFeeds(gateway: FeedGateway, eventId: string, tab: MatchTab): MatchFeedsState {
  const provided = useContext(MatchDetailHostContext);
  const host = useMemo(() => provided ?? gatewayMatchDetailHost(gateway), [provided, gateway]);
  // The tab the actor opens with; later changes are sent to it, not a reason to open another.
  const firstTab = useRef(tab);
  firstTab.current = tab;
  const [actor, setActor] = useState<MatchDetailRef | null>(null);
  useEffect(() => {
    const opened = host.open({ eventId, tab: firstTab.current });
    setActor(opened.actor);
    return () => {
      opened.close();
      setActor((current) => (current === opened.actor ? null : current));
    };
  }, [host, eventId]);
  useEffect(() => {
    actor?.send({ type: 'tab.select', tab });
  }, [actor, tab]);

  const ref = actor ?? undefined;
  const core = useSelector(ref, (s) => s?.context.core ?? null);
  const coreFailed = useSelector(ref, (s) => s?.context.coreFailed ?? false);
  // A body of another tab is not this tab's: loading until the actor has the open tab's answer.
  const tabBody = useSelector(ref, (s) => (s && s.context.tab === tab ? s.context.tabBody : null));
  return useMemo(() => ({ core, coreFailed, tabBody }), [core, coreFailed, tabBody]);
}
