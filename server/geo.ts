// Geo headers (S7-17, S7-21, A7-21, A7-22): a request with `X-GeoIP: 1` gets the visitor's place
// in response headers. There is no geo-IP database here: the values are configured defaults
// (Almaty, Kazakhstan). Header names are documented in docs/protocol-server.md.
import { GEO_HEADERS, type GeoLocation } from '../src/protocol/geo-headers';

/** The place configured for every visitor. */
export type GeoInfo = GeoLocation;

export const DEFAULT_GEO: GeoInfo = Object.freeze({
  countryCode: 'KZ',
  cityName: 'Almaty',
  subdivisionName0: 'Almaty',
  subdivisionCode0: '75',
  isoSubdivisionCode0: 'KZ-75',
  subdivisionName1: '',
});

/** Header values must be visible ASCII; anything else is dropped rather than breaking the response. */
function headerSafe(value: string): string {
  return value.replace(/[^\x20-\x7e]/g, '');
}

export function geoHeaders(geo: GeoInfo): Record<string, string> {
  return {
    [GEO_HEADERS.countryCode]: headerSafe(geo.countryCode),
    [GEO_HEADERS.cityName]: headerSafe(geo.cityName),
    [GEO_HEADERS.subdivisionName0]: headerSafe(geo.subdivisionName0),
    [GEO_HEADERS.subdivisionCode0]: headerSafe(geo.subdivisionCode0),
    [GEO_HEADERS.isoSubdivisionCode0]: headerSafe(geo.isoSubdivisionCode0.replace(/-/g, '')),
    [GEO_HEADERS.subdivisionName1]: headerSafe(geo.subdivisionName1),
  };
}
