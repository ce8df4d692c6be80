// Geo location (A3-10) as read from feed answers' geo headers (S7-21, A7-21).
import { GEO_HEADERS, type GeoLocation } from '../protocol/geo-headers';

export type { GeoLocation };

/** The geo location an answer carries, or null when it names no country. */
export function readGeoHeaders(headers: Readonly<Record<string, string | undefined>>): GeoLocation | null {
  const country = headers[GEO_HEADERS.countryCode]?.trim();
  if (!country) return null;
  return {
    countryCode: country.toUpperCase(),
    cityName: headers[GEO_HEADERS.cityName] ?? '',
    subdivisionName0: headers[GEO_HEADERS.subdivisionName0] ?? '',
    subdivisionCode0: headers[GEO_HEADERS.subdivisionCode0] ?? '',
    isoSubdivisionCode0: (headers[GEO_HEADERS.isoSubdivisionCode0] ?? '').replace(/-/g, ''),
    subdivisionName1: headers[GEO_HEADERS.subdivisionName1] ?? '',
  };
}
