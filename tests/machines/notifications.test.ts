// Game notifications for followed games under a SimulatedClock, one test per spec id (S2-45, S3-62, S3-63,
// S4-37…S4-41, S5-6, S9-9, S7-23), with the page's sound machine as the sibling 'sound'.
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, setup } from 'xstate';
import { provideMyGames } from '../../machines/my-games';
import { NOTIFICATION_FADE_MS, notificationsMachine } from '../../machines/notifications';
import { NOTIFICATION_EXPIRE_MS } from '../../src/domain/limits';
import { encodeNotification, notificationsOf, visibleLimit } from '../../src/domain/notification-rules';
import { memoryStorage } from '../../src/follow/local-storage';
import { flush, football, START_MS, TZ } from './support/my-games-harness';
import { finalWhistle, goal, notificationsHarness, redCard, START } from './support/notifications-harness';

const FOLLOWED = 'AAAAAAAA';

describe('notifications machine', () => {
  it('S2-45: a followed game’s goal makes a box; clicking it opens the match and removes it; close removes another', () => {
    const h = notificationsHarness({ input: { followed: ['g_1_AAAAAAAA', 'g_1_BBBBBBBB'] } });
    h.send({ type: 'feed.changes', changes: [goal(FOLLOWED), goal('BBBBBBBB')] });
    expect(h.boxes().map((b) => b.notification.gameId)).toEqual([FOLLOWED, 'BBBBBBBB']);
    h.send({ type: 'box.open', id: h.boxes()[0].notification.id });
    expect(h.opened).toEqual([FOLLOWED]);
    expect(h.boxes().map((b) => b.notification.gameId)).toEqual(['BBBBBBBB']);
    h.send({ type: 'box.close', id: h.boxes()[0].notification.id });
    expect(h.boxes()[0].phase).toBe('out');
    h.advance(NOTIFICATION_FADE_MS);
    expect(h.boxes()).toEqual([]);
    expect(h.opened).toEqual([FOLLOWED]); // closing opens nothing
  });

  it('only followed games: a goal of a game nobody follows shows nothing; following it later shows its next goal only', () => {
    const h = notificationsHarness();
    h.send({ type: 'feed.changes', changes: [goal('CCCCCCCC')] });
    expect(h.boxes()).toEqual([]);
    h.send({ type: 'follow.changed', keys: ['g_1_AAAAAAAA', 'g_1_CCCCCCCC'] });
    h.send({ type: 'feed.changes', changes: [goal('CCCCCCCC', 2)] });
    expect(h.boxes().map((b) => b.notification.score)).toEqual(['2-0']);
    // A whole tournament (no-duel, S3-57) follows every game of its league.
    h.send({ type: 'follow.changed', keys: ['1_198_dYlOSQOD'] });
    h.advance(1);
    h.send({ type: 'feed.changes', changes: [goal('DDDDDDDD')] });
    expect(h.boxes().map((b) => b.notification.gameId)).toEqual(['CCCCCCCC', 'DDDDDDDD']);
  });

  it('S3-62: mygamesNotifications defaults to yessilent; yessound plays the goal, yessilent and no do not; no shows nothing; a change is persisted', async () => {
    const h = notificationsHarness();
    await h.settle(); // the sound machine loads its sounds
    expect(h.context().setting).toBe('yessilent');
    h.send({ type: 'feed.changes', changes: [goal(FOLLOWED, 1)] });
    expect(h.boxes()).toHaveLength(1);
    expect(h.played).toEqual([]);
    h.send({ type: 'notifications.setting', setting: 'yessound' });
    h.send({ type: 'feed.changes', changes: [goal(FOLLOWED, 2)] });
    expect(h.played.map((s) => [s.matchId, s.kind])).toEqual([[FOLLOWED, 'score-incremented']]);
    h.send({ type: 'notifications.setting', setting: 'no' });
    expect(h.boxes().every((b) => b.phase === 'out')).toBe(true); // what showed fades out
    h.send({ type: 'feed.changes', changes: [goal(FOLLOWED, 3)] });
    h.advance(NOTIFICATION_FADE_MS);
    expect(h.boxes()).toEqual([]);
    expect(h.played).toHaveLength(1);
    expect(h.persisted).toEqual(['yessound', 'no']);
    // A stored value that is not one of the three is the default.
    expect(notificationsHarness({ input: { setting: 'loud' } }).context().setting).toBe('yessilent');
    expect(notificationsHarness({ input: { setting: 'no' } }).context().setting).toBe('no');
  });

  it('S3-63: a notification carries id, text, label, score, logos, game id, image size, urls, timestamp and the hidden flag', () => {
    const h = notificationsHarness();
    h.advance(5000);
    h.send({ type: 'feed.changes', changes: [goal(FOLLOWED)] });
    const n = h.boxes()[0].notification;
    expect(n).toMatchObject({
      id: `${FOLLOWED}:goal:1-0`,
      kind: 'goal',
      text: 'Гол!',
      label: 'Premier League',
      score: '1-0',
      home: 'Kairat',
      away: 'Astana',
      gameId: FOLLOWED,
      sportId: 1,
      timestamp: START + 5000,
      hidden: false,
    });
    for (const key of ['homeLogo', 'awayLogo', 'imageSize', 'homeUrl', 'awayUrl', 'seasonUrl'])
      expect(n).toHaveProperty(key);
    // Goals, red cards and final whistles each make their own.
    h.send({ type: 'feed.changes', changes: [redCard(FOLLOWED), finalWhistle(FOLLOWED)] });
    expect(h.boxes().map((b) => b.notification.kind)).toEqual(['goal', 'redCard', 'finished']);
    // A correction (a score going down) makes none.
    const correction = goal(FOLLOWED, 2);
    expect(notificationsOf({ ...correction, before: correction.after, after: correction.before }, 0)).toEqual([]);
  });

  it('S4-40: ignored when notifications are off, the layout is responsive, or it is older than the subscription', () => {
    const off = notificationsHarness({ input: { setting: 'no' } });
    off.send({ type: 'feed.changes', changes: [goal(FOLLOWED)] });
    expect(off.boxes()).toEqual([]);

    const narrow = notificationsHarness({ input: { responsive: true } });
    narrow.send({ type: 'feed.changes', changes: [goal(FOLLOWED)] });
    expect(narrow.boxes()).toEqual([]);
    narrow.send({ type: 'page.layout', width: 1280, responsive: false });
    narrow.send({ type: 'feed.changes', changes: [goal(FOLLOWED, 2)] });
    expect(narrow.boxes()).toHaveLength(1);

    const h = notificationsHarness();
    h.advance(10_000);
    const body = (timestamp: number, n: number) =>
      encodeNotification({ ...notificationsOf(goal(FOLLOWED, n), timestamp)[0] });
    h.send({ type: 'push.subscribed' }); // subscribed at START + 10 s
    h.send({ type: 'push.body', body: body(START + 9_999, 1) });
    expect(h.boxes()).toEqual([]);
    h.send({ type: 'push.body', body: body(START + 10_000, 2) });
    expect(h.boxes().map((b) => b.notification.score)).toEqual(['2-0']);
  });

  it('S4-41 S9-9: the window’s width limits the boxes shown (262 px with 8 px gaps); the oldest beyond it are hidden; boxes fade in and out', () => {
    expect(visibleLimit(262)).toBe(1);
    expect(visibleLimit(531)).toBe(1);
    expect(visibleLimit(532)).toBe(2); // 2 × 262 + 8
    expect(visibleLimit(1280)).toBe(4);
    const h = notificationsHarness({ input: { width: 532, followed: ['g_1_AAAAAAAA', 'g_1_BBBBBBBB'] } });
    h.send({ type: 'feed.changes', changes: [goal(FOLLOWED, 1)] });
    expect(h.boxes()[0].phase).toBe('in');
    h.advance(NOTIFICATION_FADE_MS);
    expect(h.boxes()[0].phase).toBe('shown');
    h.send({ type: 'feed.changes', changes: [goal(FOLLOWED, 2), goal('BBBBBBBB', 1)] });
    expect(h.boxes().map((b) => [b.notification.score, b.notification.hidden])).toEqual([
      ['1-0', true],
      ['2-0', false],
      ['1-0', false],
    ]);
    h.send({ type: 'page.layout', width: 1280, responsive: false });
    expect(h.boxes().filter((b) => b.notification.hidden)).toEqual([]);
    h.send({ type: 'page.layout', width: 300, responsive: false });
    expect(h.boxes().map((b) => b.notification.hidden)).toEqual([true, true, false]);
    // Closing the shown one brings the newest hidden one back once it has faded out.
    h.send({ type: 'box.close', id: h.boxes()[2].notification.id });
    expect(h.boxes()[2].phase).toBe('out');
    h.advance(NOTIFICATION_FADE_MS);
    expect(h.boxes().map((b) => b.notification.hidden)).toEqual([true, false]);
  });

  it('S9-9: a box expires 180000 ms after it came: it fades out then, and is gone after the fade', () => {
    const h = notificationsHarness();
    h.send({ type: 'feed.changes', changes: [goal(FOLLOWED)] });
    h.advance(NOTIFICATION_EXPIRE_MS - 1);
    expect(h.boxes()[0].phase).toBe('shown');
    h.advance(1);
    expect(h.boxes()[0].phase).toBe('out');
    h.advance(NOTIFICATION_FADE_MS);
    expect(h.boxes()).toEqual([]);
    expect(NOTIFICATION_EXPIRE_MS).toBe(180_000);
  });

  it('S5-6: an unparseable push body is dropped; one timestamped before the subscription is dropped; a good one shows', () => {
    const h = notificationsHarness();
    h.advance(1000);
    for (const body of ['', 'not json', '{}', '[1]', '{"gameId":"AAAAAAAA"}', 'null'])
      h.send({ type: 'push.body', body });
    expect(h.boxes()).toEqual([]);
    const [good] = notificationsOf(goal(FOLLOWED), START + 1000);
    h.send({ type: 'push.body', body: encodeNotification({ ...good, timestamp: START - 1 }) });
    expect(h.boxes()).toEqual([]);
    h.send({ type: 'push.body', body: encodeNotification(good) });
    expect(h.boxes().map((b) => b.notification.id)).toEqual([good.id]);
    // The same change heard from a list afterwards shows once.
    h.send({ type: 'feed.changes', changes: [goal(FOLLOWED)] });
    expect(h.boxes()).toHaveLength(1);
  });

  it('a change older than the follow is not news: a push from before the game was starred is dropped', () => {
    const h = notificationsHarness({ input: { followed: [] } });
    h.advance(60_000);
    h.send({ type: 'follow.changed', keys: ['g_1_AAAAAAAA'] }); // starred at START + 60 s
    const [before] = notificationsOf(goal(FOLLOWED), START + 30_000);
    h.send({ type: 'push.body', body: encodeNotification(before) });
    expect(h.boxes()).toEqual([]);
  });

  it('hidden tab with permission granted: a browser notification instead of a box; without permission a box', () => {
    const h = notificationsHarness({ input: { visible: false, permission: 'granted' } });
    h.send({ type: 'feed.changes', changes: [goal(FOLLOWED, 1)] });
    expect(h.browser).toEqual([`${FOLLOWED}:goal:1-0`]);
    expect(h.boxes()).toEqual([]);
    h.send({ type: 'page.visibility', visible: true });
    h.send({ type: 'feed.changes', changes: [goal(FOLLOWED, 2)] });
    expect(h.boxes()).toHaveLength(1);
    h.send({ type: 'page.visibility', visible: false });
    h.send({ type: 'permission.changed', permission: 'denied' });
    h.send({ type: 'feed.changes', changes: [goal(FOLLOWED, 3)] });
    expect(h.browser).toHaveLength(1);
    expect(h.boxes()).toHaveLength(2);
  });

  it('S4-37: with yessound a final whistle plays the finished sound, a red card plays none, motorsport plays none', async () => {
    const h = notificationsHarness({ input: { setting: 'yessound', followed: ['g_1_AAAAAAAA', 'g_32_MMMMMMMM'] } });
    await h.settle();
    h.send({ type: 'feed.changes', changes: [redCard(FOLLOWED)] });
    expect(h.played).toEqual([]);
    h.send({ type: 'feed.changes', changes: [finalWhistle('MMMMMMMM', 32)] });
    expect(h.boxes()).toHaveLength(2); // a box, but no sound for motorsport
    expect(h.played).toEqual([]);
    h.send({ type: 'feed.changes', changes: [finalWhistle(FOLLOWED)] });
    expect(h.played.map((s) => s.kind)).toEqual(['finished']);
  });

  it('S4-38: after a game’s finished sound its later goal notification stays silent', async () => {
    const h = notificationsHarness({ input: { setting: 'yessound' } });
    await h.settle();
    h.send({ type: 'feed.changes', changes: [finalWhistle(FOLLOWED)] });
    h.send({ type: 'feed.changes', changes: [goal(FOLLOWED, 2)] });
    h.advance(5000);
    expect(h.played.map((s) => s.kind)).toEqual(['finished']);
    expect(h.boxes().map((b) => b.notification.kind)).toEqual(['finished', 'goal']);
  });

  it('S4-39: with the page’s sound off (the Apple default) yessound shows boxes without a sound', async () => {
    const h = notificationsHarness({ soundOn: false, input: { setting: 'yessound' } });
    await h.settle();
    h.send({ type: 'feed.changes', changes: [goal(FOLLOWED)] });
    expect(h.boxes()).toHaveLength(1);
    expect(h.played).toEqual([]);
  });

  it('S7-23 S4-32: logged in, the account’s lsid_ subject is subscribed with its proof; its bodies show; logout ends it', () => {
    const h = notificationsHarness();
    const push = { subject: 'lsid_u1_fsds', id: 'u1', hash: 'h1' };
    h.send({ type: 'session.loggedIn', push });
    expect(h.pushes.map((p) => p.push)).toEqual([push]);
    h.advance(2000);
    h.pushes[0].open();
    expect(h.context().subscribedAt).toBe(START + 2000);
    const [n] = notificationsOf(goal(FOLLOWED), START + 2500);
    h.pushes[0].body(encodeNotification(n));
    expect(h.boxes().map((b) => b.notification.id)).toEqual([n.id]);
    h.send({ type: 'session.loggedOut' });
    expect(h.pushes[0].closed).toBe(true);
    // A runtime without personal push logs in without one.
    h.send({ type: 'session.loggedIn', push: null });
    expect(h.pushes).toHaveLength(1);
    // Logged in at start: subscribed from the start.
    const member = notificationsHarness({ input: { personal: push } });
    expect(member.pushes.map((p) => p.push.subject)).toEqual([push.subject]);
  });

  it('reads the followed games from the system’s myGames: a star there makes the game’s goals notify', async () => {
    const clock = new SimulatedClock();
    const now = () => START_MS + clock.now();
    const myGamesMachine = provideMyGames({ storage: memoryStorage(), storeServer: async () => {} });
    const root = setup({ actors: { myGames: myGamesMachine, notifications: notificationsMachine } }).createMachine({
      invoke: [
        { id: 'myGames', systemId: 'myGames', src: 'myGames', input: { now, timeZone: TZ, tabId: '1' } },
        { id: 'notifications', systemId: 'notifications', src: 'notifications', input: { now } },
      ],
    });
    const actor = createActor(root, { clock }).start();
    const myGames = actor.system.get('myGames');
    const notifications = actor.system.get('notifications');
    notifications.send({ type: 'feed.changes', changes: [goal(FOLLOWED, 1)] });
    expect(notifications.getSnapshot().context.boxes).toEqual([]);
    await flush();
    myGames.send({ type: 'game.add', ...football(FOLLOWED) });
    expect(notifications.getSnapshot().context.followed).toHaveProperty('g_1_AAAAAAAA');
    clock.increment(1);
    notifications.send({ type: 'feed.changes', changes: [goal(FOLLOWED, 2)] });
    expect(notifications.getSnapshot().context.boxes).toHaveLength(1);
  });
});
