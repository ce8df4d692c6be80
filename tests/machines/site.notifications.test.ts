// The site root's 'notifications' child: it follows what the sibling 'myGames' follows, sounds through 'sound',
// hears the page's visibility and layout, and subscribes the account's lsid_ subject with its proof on login
// (S7-23, S4-32), all through the root's events and provideSite's effects.
import { describe, expect, it } from 'vitest';
import type { PersonalPushInput } from '../../machines/notifications';
import { encodeNotification, notificationsOf } from '../../src/domain/notification-rules';
import { memoryStorage } from '../../src/follow/local-storage';
import { flush, football, START_MS, TZ } from './support/my-games-harness';
import { goal } from './support/notifications-harness';
import { startTestSite } from './support/test-site';

const PUSH: PersonalPushInput = { subject: 'lsid_u1_kz-scores', id: 'u1', hash: 'h1' };

function notificationSite() {
  const opened: string[] = [];
  const browser: string[] = [];
  const pushes: { push: PersonalPushInput; body: (b: string) => void; open: () => void; closed: boolean }[] = [];
  const site = startTestSite({
    start: START_MS,
    input: { follow: { timeZone: TZ, tabId: '3' }, notifications: { permission: 'granted', setting: 'yessilent' } },
    effects: {
      storage: memoryStorage(),
      notifications: {
        openMatch: (n) => opened.push(n.gameId),
        showBrowserNotification: (n) => browser.push(n.gameId),
        subscribePersonalPush: (push, body, open) => {
          const entry = { push, body, open, closed: false };
          pushes.push(entry);
          return () => {
            entry.closed = true;
          };
        },
      },
    },
  });
  const notifications = () => site.child('notifications').getSnapshot().context;
  return { ...site, opened, browser, pushes, notifications };
}

describe('site root: notifications', () => {
  it('S2-45 S4-40: a game starred in myGames gets boxes for its goals; one not starred gets none', async () => {
    const site = notificationSite();
    await flush();
    site.child('myGames').send({ type: 'game.add', ...football('AAAAAAAA') });
    site.clock.increment(1);
    site.child('notifications').send({ type: 'feed.changes', changes: [goal('AAAAAAAA'), goal('BBBBBBBB')] });
    expect(site.notifications().boxes.map((b) => b.notification.gameId)).toEqual(['AAAAAAAA']);
    site.child('notifications').send({ type: 'box.open', id: site.notifications().boxes[0].notification.id });
    expect(site.opened).toEqual(['AAAAAAAA']);
  });

  it('S4-41: page.layout reaches it: a narrow window hides older boxes, a responsive one takes no more', async () => {
    const site = notificationSite();
    await flush();
    site.child('myGames').send({ type: 'game.add', ...football('AAAAAAAA') });
    site.clock.increment(1);
    site.site.send({ type: 'page.layout', width: 300, responsive: false });
    site.child('notifications').send({ type: 'feed.changes', changes: [goal('AAAAAAAA', 1), goal('AAAAAAAA', 2)] });
    expect(site.notifications().boxes.map((b) => b.notification.hidden)).toEqual([true, false]);
    site.site.send({ type: 'page.layout', width: 500, responsive: true });
    site.child('notifications').send({ type: 'feed.changes', changes: [goal('AAAAAAAA', 3)] });
    expect(site.notifications().boxes).toHaveLength(2);
  });

  it('page.visibility reaches it: hidden with permission granted, a browser notification instead of a box', async () => {
    const site = notificationSite();
    await flush();
    site.child('myGames').send({ type: 'game.add', ...football('AAAAAAAA') });
    site.clock.increment(1);
    site.site.send({ type: 'page.visibility', visible: false });
    site.child('notifications').send({ type: 'feed.changes', changes: [goal('AAAAAAAA')] });
    expect(site.browser).toEqual(['AAAAAAAA']);
    expect(site.notifications().boxes).toEqual([]);
  });

  it('S7-23 S4-32: account.loggedIn with the account’s subject subscribes it; its bodies show; account.loggedOut ends it', async () => {
    const site = notificationSite();
    await flush();
    site.child('myGames').send({ type: 'game.add', ...football('AAAAAAAA') });
    site.site.send({ type: 'account.loggedIn', data: {}, personal: PUSH });
    await flush();
    expect(site.pushes.map((p) => p.push)).toEqual([PUSH]);
    site.clock.increment(1000);
    site.pushes[0].open();
    // The login merged the guest's star into the account's copy, so the game is still followed.
    const [n] = notificationsOf(goal('AAAAAAAA'), site.now());
    site.pushes[0].body(encodeNotification(n));
    expect(site.notifications().boxes.map((b) => b.notification.id)).toEqual([n.id]);
    site.site.send({ type: 'account.loggedOut' });
    expect(site.pushes[0].closed).toBe(true);
  });
});
