// @vitest-environment happy-dom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, setup, spawnChild, stopChild } from 'xstate';
import { provideMatchDetail } from '../../machines/match-detail';
import {
  GAME_SYNC_MS,
  gatewayMatchDetailHost,
  type MatchDetailHost,
  MatchDetailHostContext,
  type MatchTab,
  siteMatchDetailHost,
  useMatchFeeds,
} from '../../web/ui/match/use-match-feeds';
import type { FeedGateway } from '../../web/ui/store/feed-gateway';

afterEach(cleanup);

const ID = 'AbCd1234';

function pendingTimers(clock: SimulatedClock): number {
  return (clock as unknown as { timeouts: Map<number, unknown> }).timeouts.size;
}

function gateway() {
  const feeds = new Map<string, string>([
    [`dc_1_${ID}`, 'SA÷1¬~DA÷2¬DB÷12¬DE÷0¬DF÷0¬DX÷ST¬A1÷¬~'],
    [`df_su_1_${ID}`, 'summary'],
    [`df_st_1_${ID}`, 'stats'],
    [`g_1_${ID}`, 'CA÷a¬CD÷d¬CE÷e¬CF÷f¬~A1÷¬~'],
  ]);
  const calls: string[] = [];
  const listeners = new Map<string, () => void>();
  const value: FeedGateway & { calls: string[]; feeds: Map<string, string>; listeners: Map<string, () => void> } = {
    calls,
    feeds,
    listeners,
    openList: () => {
      throw new Error('no lists here');
    },
    async fetchDetail(name) {
      calls.push(name);
      return feeds.get(name) ?? null;
    },
    subscribePush(subject, listener) {
      listeners.set(subject, () => listener('CA÷b¬~'));
      return () => listeners.delete(subject);
    },
    now: () => 0,
  };
  return value;
}

function renderFeeds(host: MatchDetailHost, g: FeedGateway, tab: MatchTab = 'summary') {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MatchDetailHostContext value={host}>{children}</MatchDetailHostContext>
  );
  return renderHook(({ tab: open }: { tab: MatchTab }) => useMatchFeeds(g, ID, open), {
    wrapper,
    initialProps: { tab },
  });
}

describe('useMatchFeeds over the match-detail machine', () => {
  it('S9-4 the page polls g_ every 5 s on the clock its host runs the actor on', async () => {
    const g = gateway();
    const clock = new SimulatedClock();
    const view = renderFeeds(gatewayMatchDetailHost(g, clock), g);
    await waitFor(() => expect(view.result.current.tabBody).toBe('summary'));
    await waitFor(() => expect(g.calls.filter((c) => c === `g_1_${ID}`)).toHaveLength(1));
    expect(view.result.current.core?.stageType).toBe(2);
    expect(view.result.current.coreFailed).toBe(false);
    act(() => clock.increment(GAME_SYNC_MS));
    await waitFor(() => expect(g.calls.filter((c) => c === `g_1_${ID}`)).toHaveLength(2));
  });

  it('S2-35 a tab change goes to the same actor: only the new tab loads, and the old body never shows as it', async () => {
    const g = gateway();
    const clock = new SimulatedClock();
    const view = renderFeeds(gatewayMatchDetailHost(g, clock), g);
    await waitFor(() => expect(view.result.current.tabBody).toBe('summary'));
    await waitFor(() => expect(g.calls).toHaveLength(4)); // dc, df_su, g, and dc for the first hashes
    view.rerender({ tab: 'stats' });
    expect(view.result.current.tabBody).toBeNull();
    await waitFor(() => expect(view.result.current.tabBody).toBe('stats'));
    expect(g.calls.slice(4)).toEqual([`df_st_1_${ID}`]);
  });

  it('S7-23 a push on games_kk_<id> through the gateway polls at once', async () => {
    const g = gateway();
    const clock = new SimulatedClock();
    const view = renderFeeds(gatewayMatchDetailHost(g, clock), g);
    await waitFor(() => expect(g.calls).toHaveLength(4));
    expect([...g.listeners.keys()]).toEqual([`games_kk_${ID}`]);
    act(() => g.listeners.get(`games_kk_${ID}`)?.());
    await waitFor(() => expect(g.calls.slice(4)).toEqual([`g_1_${ID}`]));
    view.unmount();
  });

  it('S9-4 leaving the page stops the actor: no timer is left and push is unsubscribed', async () => {
    const g = gateway();
    const clock = new SimulatedClock();
    const view = renderFeeds(gatewayMatchDetailHost(g, clock), g);
    await waitFor(() => expect(pendingTimers(clock)).toBe(1));
    view.unmount();
    expect(pendingTimers(clock)).toBe(0);
    expect(g.listeners.size).toBe(0);
  });

  it('S9-4 with a root actor the page runs its child matchDetail, spawned on match.opened and stopped on match.closed', async () => {
    const g = gateway();
    const clock = new SimulatedClock();
    const root = createActor(
      setup({
        types: {
          events: {} as { type: 'match.opened'; eventId: string; tab?: MatchTab } | { type: 'match.closed' },
        },
        actors: { matchDetail: provideMatchDetail({ fetchDetail: (feed) => g.fetchDetail(feed) }) },
      }).createMachine({
        on: {
          'match.opened': {
            actions: spawnChild('matchDetail', {
              id: 'matchDetail',
              systemId: 'matchDetail',
              input: ({ event }) =>
                event.type === 'match.opened' ? { eventId: event.eventId, tab: event.tab } : { eventId: '' },
            }),
          },
          'match.closed': { actions: stopChild('matchDetail') },
        },
      }),
      { clock },
    ).start();
    const view = renderFeeds(siteMatchDetailHost(root), g, 'stats');
    await waitFor(() => expect(view.result.current.tabBody).toBe('stats'));
    expect(root.system.get('matchDetail')).toBeDefined();
    expect(g.calls).not.toContain(`df_su_1_${ID}`); // opened on the page's tab
    view.unmount();
    expect(root.system.get('matchDetail')).toBeUndefined();
    expect(pendingTimers(clock)).toBe(0);
    root.stop();
  });
});
