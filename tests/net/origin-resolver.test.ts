import { describe, expect, it } from 'vitest';
import {
  originStorageKey,
  pickWeighted,
  ResolverConfigError,
  resolveOrigin,
  type SessionStore,
  validateResolverConfig,
} from '../../src/net/origin-resolver';

function memory(initial: Record<string, string> = {}): SessionStore & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (k) => data[k] ?? null,
    setItem: (k, v) => {
      data[k] = v;
    },
    removeItem: (k) => {
      delete data[k];
    },
  };
}

const config = validateResolverConfig({
  local: [
    { url: 'https://kz1', weight: 1, countries: ['KZ'] },
    { url: 'https://kz2', weight: 3, countries: ['kz', 'UZ'] },
  ],
  global: [{ url: 'https://global', weight: 1, countries: ['KZ', 'DE', 'UZ', 'RU'] }],
  default_url: 'https://default',
});

describe('origin resolver', () => {
  it('A9-3 the session key is location_origin plus the project id', () => {
    expect(originStorageKey()).toBe('location_origin47');
  });

  it('A4-9 weighted random choice among local entries for the country, kept for the session', () => {
    const store = memory();
    expect(resolveOrigin({ config, country: 'KZ', storage: store, random: () => 0.2 })).toBe('https://kz1');
    expect(store.data.location_origin47).toBe('https://kz1');
    const other = memory();
    expect(resolveOrigin({ config, country: 'KZ', storage: other, random: () => 0.3 })).toBe('https://kz2');
  });

  it('A4-9 global entries when no local entry serves the country, then default_url (not stored)', () => {
    const store = memory();
    expect(resolveOrigin({ config, country: 'DE', storage: store, random: () => 0.9 })).toBe('https://global');
    const fr = memory();
    expect(resolveOrigin({ config, country: 'FR', storage: fr, random: () => 0.5 })).toBe('https://default');
    expect(fr.data).toEqual({});
    expect(resolveOrigin({ config, country: null, storage: fr })).toBe('https://default');
  });

  it('A4-9 a stored origin is reused only while it still serves the country; otherwise it is discarded', () => {
    const store = memory({ location_origin47: 'https://kz2' });
    expect(resolveOrigin({ config, country: 'UZ', storage: store, random: () => 0 })).toBe('https://kz2');
    const stale = memory({ location_origin47: 'https://kz1' });
    expect(resolveOrigin({ config, country: 'RU', storage: stale, random: () => 0 })).toBe('https://global');
    expect(stale.data.location_origin47).toBe('https://global');
    const gone = memory({ location_origin47: 'https://removed' });
    expect(resolveOrigin({ config, country: 'FR', storage: gone })).toBe('https://default');
    expect(gone.data).toEqual({});
  });

  it('A5-8 configuration errors name what is missing', () => {
    const cases: [unknown, string][] = [
      [null, 'config must be an object'],
      [{ global: [], default_url: 'x' }, 'config.local is required'],
      [{ local: [], default_url: 'x' }, 'config.global is required'],
      [{ local: [], global: [] }, 'config.default_url is required'],
      [{ local: [{ weight: 1, countries: ['KZ'] }], global: [], default_url: 'x' }, 'config.local[0].url is required'],
      [
        { local: [], global: [{ url: 'u', countries: ['KZ'] }], default_url: 'x' },
        'config.global[0].weight is required',
      ],
      [
        { local: [{ url: 'u', weight: 1, countries: [] }], global: [], default_url: 'x' },
        'config.local[0].countries must be a non-empty list of strings',
      ],
    ];
    for (const [raw, message] of cases) {
      expect(() => validateResolverConfig(raw)).toThrow(new ResolverConfigError(message));
    }
  });

  it('A5-8 the resolver fails when weights cannot select an entry', () => {
    expect(() => pickWeighted([{ url: 'a', weight: 0, countries: ['KZ'] }], () => 0.5)).toThrow(ResolverConfigError);
    const zero = validateResolverConfig({
      local: [{ url: 'a', weight: 0, countries: ['KZ'] }],
      global: [],
      default_url: 'd',
    });
    expect(() => resolveOrigin({ config: zero, country: 'KZ' })).toThrow('resolver weights cannot select an entry');
  });

  it('A4-9 picks follow the weights (random at the edges stays in range)', () => {
    const entries = config.local;
    expect(pickWeighted(entries, () => 0).url).toBe('https://kz1');
    expect(pickWeighted(entries, () => 0.2499).url).toBe('https://kz1');
    expect(pickWeighted(entries, () => 0.25).url).toBe('https://kz2');
    expect(pickWeighted(entries, () => 1).url).toBe('https://kz2');
  });
});
