// The site root's feedEngine child: lists opened on it fetch and subscribe through the effects the
// runtime gave provideSite, and the root routes the page's visibility and online state to them.
import { describe, expect, it } from 'vitest';
import { scoreboardBoard } from '../../machines/feed/board';
import { openFeedList } from '../../machines/feed/list-handle';
import type { FeedAnswer, FeedCall } from '../../src/net/feed-call';
import { updateSubject } from '../../src/net/feed-names';
import { createScoreboard } from '../../src/scoreboard/store';
import { answer, event, league, listFeed } from '../scoreboard/helpers/answers';
import { SITE_START, startTestSite } from './support/test-site';

const flush = async () => {
  for (let i = 0; i < 4; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

function siteWithFeeds() {
  const calls: FeedCall[] = [];
  const subscribed: (readonly string[])[] = [];
  const { site, child, now } = startTestSite({
    effects: {
      fetchFeed: async (call): Promise<FeedAnswer> => {
        calls.push(call);
        if (call.kind === 'repair') return answer(call, { feed: listFeed({ signature: '9' }) });
        return answer(call, {
          feed: listFeed({
            signature: '10',
            leagues: [league('1_aaa')],
            events: [event('e1', '1_aaa', { stageType: 2, startTime: Math.floor(SITE_START / 1000) })],
          }),
        });
      },
      subscribeFeedPush: (subjects, _onMessage, onStatus) => {
        subscribed.push(subjects);
        queueMicrotask(() => onStatus?.('open'));
        return () => {};
      },
    },
  });
  const scoreboard = createScoreboard({ now, serverNow: now, collapsedCookie: null });
  const list = openFeedList(child('feedEngine'), {
    id: 'list',
    sport: 1,
    push: true,
    now,
    board: scoreboardBoard(scoreboard),
  });
  return { site, list, scoreboard, calls, subscribed };
}

describe('site root: feedEngine child', () => {
  it('S4-1 S4-2 S7-23 a list opened on the site’s feed engine loads through the provided fetch and subscribes through the provided push', async () => {
    const { list, scoreboard, calls, subscribed } = siteWithFeeds();
    await flush();
    expect(calls.map((c) => c.kind)).toEqual(['repair', 'full']);
    expect(scoreboard.getEvent('e1')).toBeDefined();
    expect(list.cycle.getSnapshot().matches('running')).toBe(true);
    expect(subscribed).toEqual([[updateSubject(1)]]);
    expect(list.cycle.getSnapshot().context.pushOpen).toBe(true);
  });

  it('A4-11 the root routes page.visibility and page.online to the feed engine’s lists', () => {
    const { site, list } = siteWithFeeds();
    site.send({ type: 'page.visibility', visible: false });
    site.send({ type: 'page.online', online: false });
    expect(list.cycle.getSnapshot().context.signals).toEqual({ online: false, visible: false });
    site.send({ type: 'page.online', online: true });
    expect(list.cycle.getSnapshot().context.signals).toEqual({ online: true, visible: false });
  });
});
