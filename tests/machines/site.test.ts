import { describe, expect, it } from 'vitest';
import { SITE_CHILD_IDS } from '../../machines/site';
import type { QueuedSound } from '../../machines/sound';
import { startTestSite } from './support/test-site';

describe('site root', () => {
  it('DESIGN the root starts with every child reachable by systemId', () => {
    const { site } = startTestSite();
    for (const id of SITE_CHILD_IDS) {
      const child = site.system.get(id);
      expect(child, id).toBeDefined();
      expect(child?.getSnapshot().status, id).toBe('active');
    }
    expect(Object.keys(site.getSnapshot().children).sort()).toEqual([...SITE_CHILD_IDS].sort());
    site.stop();
    for (const id of SITE_CHILD_IDS) expect(site.system.get(id)).toBeUndefined();
  });

  it('S2-46 S4-39 the sound toggle reaches the sound machine by systemId and is kept by the provided effect', async () => {
    const kept: boolean[] = [];
    const played: QueuedSound[] = [];
    let loads = 0;
    const { child } = startTestSite({
      input: { settings: { soundOn: false } },
      effects: {
        persistSound: (on) => kept.push(on),
        loadSounds: async () => {
          loads++;
        },
        playSound: (sound, ended) => {
          played.push(sound);
          ended();
        },
      },
    });
    const sound = child('sound');
    expect(sound.getSnapshot().matches('disabled')).toBe(true);
    child('settings').send({ type: 'settings.sound', on: true });
    expect(kept).toEqual([true]);
    expect(sound.getSnapshot().context.soundOn).toBe(true);
    await new Promise((resolve) => setImmediate(resolve)); // the sound files load (a promise)
    expect(loads).toBe(1);
    expect(sound.getSnapshot().matches({ enabled: 'ready' })).toBe(true);
    sound.send({ type: 'sound.triggers', triggers: [{ matchId: 'm1', sportId: 1, kinds: ['score-incremented'] }] });
    expect(played.map((p) => p.kind)).toEqual(['score-incremented']);
    expect(sound.getSnapshot().matches({ enabled: { ready: 'idle' } })).toBe(true); // ended came back to the child
    child('settings').send({ type: 'settings.sound', on: false });
    expect(sound.getSnapshot().matches('disabled')).toBe(true);
  });

  it('S2-40 closing the login window while a flow runs emits login.cancel for the account dialogs', () => {
    const { child } = startTestSite();
    const windows = child('windows');
    const cancels: string[] = [];
    const listening = windows.on('login.cancel', (event) => cancels.push(event.type));
    windows.send({ type: 'window.open', name: 'login' });
    windows.send({ type: 'login.flowStarted', cancelable: true });
    windows.send({ type: 'window.close', name: 'login' });
    expect(cancels).toEqual(['login.cancel']);
    listening.unsubscribe();
  });

  it('routes the page’s visibility to the clock', () => {
    const { site, child, clock } = startTestSite();
    child('clock').send({ type: 'clock.watch', periodMs: 5_000 });
    site.send({ type: 'page.visibility', visible: false });
    expect(child('clock').getSnapshot().matches({ time: 'idle' })).toBe(true);
    clock.increment(60_000);
    site.send({ type: 'page.visibility', visible: true });
    expect(child('clock').getSnapshot().matches({ time: 'ticking' })).toBe(true);
  });

  it('S7-15 a match page’s detail actor is spawned as matchDetail, replaced by the next and stopped on leaving', () => {
    const asked: string[] = [];
    const fetchDetail = async (feed: string) => {
      asked.push(feed);
      return null;
    };
    const { site } = startTestSite({ effects: { fetchDetail } });
    expect(site.system.get('matchDetail')).toBeUndefined();
    site.send({ type: 'match.opened', eventId: 'AbCd1234', tab: 'stats' });
    const first = site.system.get('matchDetail');
    expect(first).toBeDefined();
    expect(asked).toEqual(['dc_1_AbCd1234', 'df_st_1_AbCd1234']); // the provided effect, the tab opened first
    site.send({ type: 'match.opened', eventId: 'Hk000001' });
    const second = site.system.get('matchDetail');
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect(first?.getSnapshot().status).toBe('stopped');
    site.send({ type: 'match.closed' });
    expect(site.system.get('matchDetail')).toBeUndefined();
    expect(site.getSnapshot().children.matchDetail).toBeUndefined();
  });
});
