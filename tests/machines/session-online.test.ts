import { describe, expect, it } from 'vitest';
import { startTestSite } from './support/test-site';

const MINUTE = 60_000;
const at = (hour: number, minute: number, second = 0) => Date.UTC(2026, 10, 22, hour, minute, second);

describe('session machine: online state and last list data for the offline notice', () => {
  it('A4-11 page.online reaches the session child through the root, and the feed engine still hears it', () => {
    const { site, child } = startTestSite({ input: { online: false } });
    const session = child('session');
    const engine = child('feedEngine');
    expect(session.getSnapshot().context.online).toBe(false);
    site.send({ type: 'page.online', online: true });
    expect(session.getSnapshot().context.online).toBe(true);
    expect(engine.getSnapshot().context.page.online).toBe(true);
    site.send({ type: 'page.online', online: false });
    expect(session.getSnapshot().context.online).toBe(false);
    expect(engine.getSnapshot().context.page.online).toBe(false);
  });

  it('starts online when the runtime does not say', () => {
    const { child } = startTestSite();
    expect(child('session').getSnapshot().context.online).toBe(true);
    expect(child('session').getSnapshot().context.syncedAt).toBeNull();
  });

  it('feeds.synced keeps the newest list data time, to the minute; older and invalid times change nothing', () => {
    const { site, child } = startTestSite();
    const session = child('session');
    site.send({ type: 'feeds.synced', at: at(10, 5, 42) });
    expect(session.getSnapshot().context.syncedAt).toBe(at(10, 5));
    const before = session.getSnapshot().context;
    site.send({ type: 'feeds.synced', at: at(10, 5, 59) }); // same minute: the context is not replaced
    expect(session.getSnapshot().context).toBe(before);
    site.send({ type: 'feeds.synced', at: at(9, 0) }); // an older cached answer (odds, another list)
    site.send({ type: 'feeds.synced', at: Number.NaN });
    expect(session.getSnapshot().context.syncedAt).toBe(at(10, 5));
    site.send({ type: 'feeds.synced', at: at(10, 5) + 3 * MINUTE });
    expect(session.getSnapshot().context.syncedAt).toBe(at(10, 8));
  });

  it('A3-3 the login status is unchanged by online and sync events', () => {
    const { site, child } = startTestSite();
    const session = child('session');
    const status = session.getSnapshot().context.status;
    site.send({ type: 'page.online', online: false });
    site.send({ type: 'feeds.synced', at: at(10, 0) });
    expect(session.getSnapshot().context.status).toBe(status);
  });
});
