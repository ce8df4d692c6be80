import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { chosenOrigin, originMachine } from '../../machines/origin';
import type { GeoLocation } from '../../src/net/geo';
import { originStorageKey, type ResolverConfig, type SessionStore } from '../../src/net/origin-resolver';
import { OWN_ORIGIN, startTestSite } from './support/test-site';

const CONFIG: ResolverConfig = {
  local: [
    { url: 'https://kz1.example.test', weight: 1, countries: ['KZ'] },
    { url: 'https://kz2.example.test', weight: 3, countries: ['KZ'] },
  ],
  global: [{ url: 'https://world.example.test', weight: 1, countries: ['KZ', 'UZ', 'RU'] }],
  default_url: 'https://default.example.test',
};

function location(countryCode: string): GeoLocation {
  return {
    countryCode,
    cityName: '',
    subdivisionName0: '',
    subdivisionCode0: '',
    isoSubdivisionCode0: '',
    subdivisionName1: '',
  };
}

function memoryStore(): SessionStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

/** A geo lookup answered when the test says so. */
function pendingGeo() {
  let calls = 0;
  let answer: (geo: GeoLocation | null) => void = () => {};
  let fail: (error: Error) => void = () => {};
  return {
    calls: () => calls,
    answer: (geo: GeoLocation | null) => answer(geo),
    fail: (error: Error) => fail(error),
    lookupGeo: () => {
      calls++;
      return new Promise<GeoLocation | null>((resolve, reject) => {
        answer = resolve;
        fail = reject;
      });
    },
  };
}

const settled = () => new Promise((resolve) => queueMicrotask(() => resolve(undefined)));

describe('origin machine', () => {
  it('A4-9 A4-10 the root looks the visitor up once and chooses among the local entries for the country', async () => {
    const geo = pendingGeo();
    const storage = memoryStore();
    const { child } = startTestSite({
      effects: { lookupGeo: geo.lookupGeo },
      input: { origin: { config: CONFIG, storage, random: () => 0.5 } },
    });
    const origin = child('origin');
    const chosen = chosenOrigin(origin);
    expect(origin.getSnapshot().context.origin).toBeNull(); // the choice waits for the country
    geo.answer(location('KZ'));
    // weights 1 and 3, point 0.5 × 4 = 2 falls in the second entry
    expect(await chosen).toBe('https://kz2.example.test');
    expect(storage.map.get(originStorageKey())).toBe('https://kz2.example.test'); // kept for the session
    await settled();
    expect(geo.calls()).toBe(1);
    expect(origin.getSnapshot().matches({ geo: 'known', choice: 'chosen' })).toBe(true);
  });

  it('A4-9 a stored origin is reused only while it serves the country; otherwise global, then the default', async () => {
    const storage = memoryStore();
    storage.setItem(originStorageKey(), 'https://kz1.example.test');
    const choose = async (country: string | null) => {
      const actor = createActor(
        originMachine.provide({
          actors: {
            lookupGeo: fromPromise(async () => (country ? location(country) : null)),
          },
        }),
        { input: { config: CONFIG, storage, random: () => 0 } },
      ).start();
      return chosenOrigin(actor);
    };
    expect(await choose('KZ')).toBe('https://kz1.example.test'); // stored, still serves KZ
    expect(await choose('UZ')).toBe('https://world.example.test'); // stored one dropped; no local entry for UZ
    expect(storage.map.get(originStorageKey())).toBe('https://world.example.test');
    storage.map.clear();
    expect(await choose('DE')).toBe(CONFIG.default_url);
    expect(storage.map.size).toBe(0); // the default is not kept (A4-9)
    expect(await choose(null)).toBe(CONFIG.default_url);
  });

  it('A4-10 a failed lookup is not repeated here and chooses as for an unknown country', async () => {
    const geo = pendingGeo();
    const { child } = startTestSite({
      effects: { lookupGeo: geo.lookupGeo },
      input: { origin: { config: CONFIG, storage: memoryStore() } },
    });
    const chosen = chosenOrigin(child('origin'));
    geo.fail(new Error('offline'));
    expect(await chosen).toBe(CONFIG.default_url);
    expect(child('origin').getSnapshot().matches({ geo: 'failed' })).toBe(true);
    expect(geo.calls()).toBe(1);
  });

  it('A4-9 the site’s own configuration chooses the page’s origin at once, without waiting for the lookup', () => {
    const geo = pendingGeo();
    const { child } = startTestSite({
      effects: { lookupGeo: geo.lookupGeo },
      input: { origin: { config: OWN_ORIGIN } },
    });
    expect(child('origin').getSnapshot().context.origin).toBe(OWN_ORIGIN.default_url);
    expect(geo.calls()).toBe(1); // the lookup still runs once (A4-10), for whoever needs the location
    geo.answer(location('KZ'));
  });

  it('A5-8 weights that cannot choose fall back to the default instead of failing the start', async () => {
    const config: ResolverConfig = {
      ...CONFIG,
      local: [{ url: 'https://zero.example.test', weight: 0, countries: ['KZ'] }],
    };
    const actor = createActor(
      originMachine.provide({ actors: { lookupGeo: fromPromise<GeoLocation | null>(async () => location('KZ')) } }),
      { input: { config } },
    ).start();
    expect(await chosenOrigin(actor)).toBe(CONFIG.default_url);
  });
});
