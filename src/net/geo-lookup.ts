// Geo lookup (A4-10, A7-22): one request for a geo feed with x-geoip: 1; every caller shares the
// same promise, and once it has resolved it is never repeated. A failed lookup may be tried again.
import { EDITION } from '../domain/edition';
import { type GeoLocation, readGeoHeaders } from './geo';
import type { FeedTransport } from './transport';

export interface GeoLookup {
  lookup(): Promise<GeoLocation | null>;
  /** The resolved location, or undefined while not resolved. */
  readonly current: GeoLocation | null | undefined;
}

export interface GeoLookupOptions {
  readonly transport: FeedTransport;
  /** Feed asked for the geo answer; default the sys feed. */
  readonly feed?: string;
  readonly feedSignature?: string;
}

export function createGeoLookup(options: GeoLookupOptions): GeoLookup {
  let pending: Promise<GeoLocation | null> | null = null;
  let current: GeoLocation | null | undefined;
  const feed = options.feed ?? `sys_${EDITION.projectType}`;
  return {
    get current() {
      return current;
    },
    lookup() {
      if (pending) return pending;
      pending = options
        .transport({ feed, headers: { 'x-fsign': options.feedSignature ?? EDITION.feedSignature, 'x-geoip': '1' } })
        .then((response) => {
          current = readGeoHeaders(response.headers ?? {});
          return current;
        })
        .catch((error: unknown) => {
          pending = null; // not resolved: a later call asks again
          throw error;
        });
      return pending;
    },
  };
}
