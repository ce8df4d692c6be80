import { describe, expect, it } from 'vitest';
import { firstListAt, withEarlyList } from '../../web/app/first-list';
import type { FeedGateway, ListRequest, ListSession } from '../../web/ui/store/feed-gateway';
import { settableScoreboard } from '../../web/ui/store/scoreboard-view';
import { snapshot } from './support/render';

/** A gateway that records the list sessions it opens and which of them were closed. */
function recordingGateway() {
  const opened: { request: ListRequest; session: ListSession; closed: boolean }[] = [];
  const gateway: FeedGateway = {
    openList(request) {
      const record = { request, closed: false } as (typeof opened)[number];
      record.session = {
        view: settableScoreboard(snapshot([], [], 0)),
        status: () => 'loading',
        subscribeStatus: () => () => {},
        selectTab: () => {},
        close: () => {
          record.closed = true;
        },
      };
      opened.push(record);
      return record.session;
    },
    fetchDetail: async () => null,
    now: () => 0,
  };
  return { gateway, opened };
}

describe('the first list starts before the first render', () => {
  it("S4-1 a sport or country page's address names today's list of its sport; other pages and other days none", () => {
    expect(firstListAt('/kz/football/', '')).toEqual({ sportId: 1, day: 0 });
    expect(firstListAt('/kz/tennis', '')).toEqual({ sportId: 2, day: 0 });
    expect(firstListAt('/kz/football/england/', '')).toEqual({ sportId: 1, day: 0 });
    expect(firstListAt('/kz/football/', '#r=0:1')).toEqual({ sportId: 1, day: 0 });
    expect(firstListAt('/kz/football/', '#r=-1:0')).toBeNull();
    expect(firstListAt('/kz/match/1QVYsoJT/', '')).toBeNull();
    expect(firstListAt('/kz/my-games', '')).toBeNull();
    expect(firstListAt('/kz/no-such-sport/', '')).toBeNull();
  });

  it('S4-1 the session opened early is the one the page gets when it asks for the same list', () => {
    const { gateway, opened } = recordingGateway();
    const early = withEarlyList(gateway, { sportId: 1, day: 0 });
    expect(opened.map((o) => o.request)).toEqual([{ sportId: 1, day: 0 }]);
    const asked = early.openList({ sportId: 1, day: 0 });
    expect(asked).toBe(opened[0].session);
    expect(opened).toHaveLength(1);
    // Once taken, a later request (the page left and came back) opens its own session.
    early.openList({ sportId: 1, day: 0 });
    expect(opened).toHaveLength(2);
    expect(opened[0].closed).toBe(false);
  });

  it('S4-1 a first request for another list closes the early session and opens the one asked', () => {
    const { gateway, opened } = recordingGateway();
    const early = withEarlyList(gateway, { sportId: 1, day: 0 });
    const asked = early.openList({ sportId: 1, day: -1 });
    expect(opened[0].closed).toBe(true);
    expect(opened[1].request).toEqual({ sportId: 1, day: -1 });
    expect(asked).toBe(opened[1].session);
  });

  it('S4-1 with no early list the gateway opens what is asked, as before', () => {
    const { gateway, opened } = recordingGateway();
    const early = withEarlyList(gateway, null);
    expect(opened).toHaveLength(0);
    early.openList({ sportId: 3, day: 0 });
    expect(opened.map((o) => o.request)).toEqual([{ sportId: 3, day: 0 }]);
    expect(early.fetchDetail).toBe(gateway.fetchDetail);
  });
});
