// Geo location (A3-10) as read from feed answers' geo headers (S7-21, A7-21).
// Header names as the feed server sends them (server/geo.ts).

export interface GeoLocation {
  readonly countryCode: string;
  readonly cityName: string;
  readonly subdivisionName0: string;
  readonly subdivisionCode0: string;
  /** ISO subdivision code 0 with the hyphen removed (A3-10). */
  readonly isoSubdivisionCode0: string;
  readonly subdivisionName1: string;
}

export const GEO_HEADERS = Object.freeze({
  countryCode: 'x-geoip-country-code',
  cityName: 'x-geoip-city-name',
  subdivisionName0: 'x-geoip-subdivision-name-0',
  subdivisionCode0: 'x-geoip-subdivision-code-0',
  isoSubdivisionCode0: 'x-geoip-iso-subdivision-code-0',
  subdivisionName1: 'x-geoip-subdivision-name-1',
});

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
