// Geo headers of feed answers (S7-21, A7-21, A3-10): the server writes them when a request asks
// with `X-GeoIP: 1`, and the client reads them. One table, so both sides use the same names.

export interface GeoLocation {
  readonly countryCode: string;
  readonly cityName: string;
  readonly subdivisionName0: string;
  readonly subdivisionCode0: string;
  /** ISO subdivision code 0; on the wire with the hyphen removed (`KZ75`, A3-10). */
  readonly isoSubdivisionCode0: string;
  readonly subdivisionName1: string;
}

export const GEO_HEADERS: Readonly<Record<keyof GeoLocation, string>> = Object.freeze({
  countryCode: 'x-geoip-country-code',
  cityName: 'x-geoip-city-name',
  subdivisionName0: 'x-geoip-subdivision-name-0',
  subdivisionCode0: 'x-geoip-subdivision-code-0',
  isoSubdivisionCode0: 'x-geoip-iso-subdivision-code-0',
  subdivisionName1: 'x-geoip-subdivision-name-1',
});
