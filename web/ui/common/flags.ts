// Country flags from the flag-icons set, by the provider's country id (ZB): the feeds carry ids, not ISO codes,
// so the site keeps this table, as the provider's own site keeps its flag classes by id. Codes are the set's file
// names: ISO 3166-1 alpha-2 in lower case, gb-eng and gb-sct for England and Scotland, and the set's 'eu' and 'un'
// for Europe and the world. Other regions (Asia, South America) have no flag in the set and show none.
// The build copies exactly these SVGs to /flags/ (vite.config.ts).

export const FLAG_CODE_BY_COUNTRY_ID: ReadonlyMap<number, string> = new Map([
  [112, 'kz'],
  [198, 'gb-eng'],
  [176, 'es'],
  [98, 'it'],
  [81, 'de'],
  [77, 'fr'],
  [158, 'ru'],
  [139, 'nl'],
  [155, 'pt'],
  [190, 'tr'],
  [213, 'uz'],
  [118, 'kg'],
  [195, 'ua'],
  [154, 'pl'],
  [62, 'cz'],
  [181, 'se'],
  [76, 'fi'],
  [145, 'no'],
  [63, 'dk'],
  [182, 'ch'],
  [24, 'at'],
  [57, 'hr'],
  [167, 'rs'],
  [86, 'gr'],
  [157, 'ro'],
  [91, 'hu'],
  [39, 'br'],
  [22, 'ar'],
  [134, 'mx'],
  [200, 'us'],
  [44, 'ca'],
  [105, 'jp'],
  [106, 'kr'],
  [52, 'cn'],
  [25, 'au'],
  [165, 'sa'],
  [196, 'ae'],
  [96, 'ir'],
  [70, 'eg'],
  [135, 'ma'],
  [144, 'ng'],
  [175, 'za'],
  [53, 'co'],
  [51, 'cl'],
  [95, 'in'],
  [150, 'pk'],
  [143, 'nz'],
  [32, 'be'],
  [166, 'gb-sct'],
  [31, 'by'],
  [80, 'ge'],
  [26, 'az'],
  [18, 'am'],
  [97, 'il'],
  [99, 'ie'],
  [172, 'sk'],
  [173, 'si'],
  [40, 'bg'],
  [208, 'vn'],
  [189, 'th'],
  [94, 'id'],
  [153, 'ph'],
  [6, 'eu'], // Europe
  [8, 'un'], // World
]);

/** Where the built site serves the flag SVGs. */
export const FLAG_PATH = '/flags/';

/** The flag-icons code of a country id, or null when the set has no flag for it. */
export function flagCodeOf(countryId: number | null | undefined): string | null {
  if (countryId === null || countryId === undefined) return null;
  return FLAG_CODE_BY_COUNTRY_ID.get(countryId) ?? null;
}

export function flagUrl(code: string): string {
  return `${FLAG_PATH}${code}.svg`;
}
