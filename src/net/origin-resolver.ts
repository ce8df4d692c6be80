// Origin choice (A4-9) over the feed resolver configuration (A3-9), validated per A5-8.
// Random and session storage are injected.
import { EDITION } from '../domain/edition';

export interface OriginEntry {
  readonly url: string;
  readonly weight: number;
  readonly countries: readonly string[];
}

/** A3-9 feed resolver configuration. */
export interface ResolverConfig {
  readonly local: readonly OriginEntry[];
  readonly global: readonly OriginEntry[];
  readonly default_url: string;
}

export interface SessionStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export class ResolverConfigError extends Error {
  override readonly name = 'ResolverConfigError';
}

/** A9-3: session storage key prefix for the origin. */
export const ORIGIN_STORAGE_PREFIX = 'location_origin';

export function originStorageKey(projectId: number = EDITION.projectId): string {
  return `${ORIGIN_STORAGE_PREFIX}${projectId}`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function validateEntry(value: unknown, path: string): OriginEntry {
  if (!isObject(value)) throw new ResolverConfigError(`${path} must be an object`);
  if (typeof value.url !== 'string' || value.url === '') throw new ResolverConfigError(`${path}.url is required`);
  if (typeof value.weight !== 'number' || !Number.isFinite(value.weight)) {
    throw new ResolverConfigError(`${path}.weight is required`);
  }
  const countries = value.countries;
  if (!Array.isArray(countries) || countries.length === 0 || !countries.every((c) => typeof c === 'string')) {
    throw new ResolverConfigError(`${path}.countries must be a non-empty list of strings`);
  }
  return { url: value.url, weight: value.weight, countries: countries as string[] };
}

/** A5-8: local and global lists and default_url are required; each entry needs url, weight and countries. */
export function validateResolverConfig(raw: unknown): ResolverConfig {
  if (!isObject(raw)) throw new ResolverConfigError('config must be an object');
  for (const list of ['local', 'global'] as const) {
    if (!Array.isArray(raw[list])) throw new ResolverConfigError(`config.${list} is required`);
  }
  if (typeof raw.default_url !== 'string' || raw.default_url === '') {
    throw new ResolverConfigError('config.default_url is required');
  }
  return {
    local: (raw.local as unknown[]).map((entry, i) => validateEntry(entry, `config.local[${i}]`)),
    global: (raw.global as unknown[]).map((entry, i) => validateEntry(entry, `config.global[${i}]`)),
    default_url: raw.default_url,
  };
}

function servesCountry(entry: OriginEntry, country: string): boolean {
  const wanted = country.toUpperCase();
  return entry.countries.some((c) => c.toUpperCase() === wanted);
}

/** Weighted random choice; A5-8: fails when the weights cannot select an entry. */
export function pickWeighted(entries: readonly OriginEntry[], random: () => number): OriginEntry {
  const total = entries.reduce((sum, entry) => sum + Math.max(entry.weight, 0), 0);
  if (!(total > 0)) throw new ResolverConfigError('resolver weights cannot select an entry');
  let point = Math.min(Math.max(random(), 0), 1 - Number.EPSILON) * total;
  for (const entry of entries) {
    if (entry.weight <= 0) continue;
    if (point < entry.weight) return entry;
    point -= entry.weight;
  }
  return entries.filter((entry) => entry.weight > 0).at(-1)!;
}

export interface ResolveOriginOptions {
  readonly config: ResolverConfig;
  /** Visitor's country code, or null when unknown. */
  readonly country: string | null;
  readonly projectId?: number;
  readonly storage?: SessionStore | null;
  readonly random?: () => number;
}

/**
 * A4-9: a stored origin is reused only while it still matches an entry for the visitor's country;
 * otherwise it is discarded. A new one is a weighted random pick among local entries serving the
 * country, then global ones, then default_url. A chosen origin is kept for the session unless it is
 * the default.
 */
export function resolveOrigin(options: ResolveOriginOptions): string {
  const { config, country, storage } = options;
  const key = originStorageKey(options.projectId);
  const random = options.random ?? Math.random;
  const local = country ? config.local.filter((entry) => servesCountry(entry, country)) : [];
  const global = country ? config.global.filter((entry) => servesCountry(entry, country)) : [];
  const stored = storage?.getItem(key) ?? null;
  if (stored !== null) {
    if ([...local, ...global].some((entry) => entry.url === stored)) return stored;
    storage?.removeItem(key);
  }
  const pool = local.length > 0 ? local : global;
  if (pool.length === 0) return config.default_url;
  const chosen = pickWeighted(pool, random).url;
  if (chosen !== config.default_url) storage?.setItem(key, chosen);
  return chosen;
}
