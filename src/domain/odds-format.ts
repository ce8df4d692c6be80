// Odds formats (S3-68) and the stored-format rule (S5-9): decimal odds shown as eu, uk, us, hk, ma or in.

/** S3-68 odds format ids. */
export const ODDS_FORMATS = Object.freeze({ eu: 1, uk: 2, us: 3, hk: 4, ma: 5, in: 6 });
export type OddsFormat = keyof typeof ODDS_FORMATS;
export const ODDS_FORMAT_NAMES: readonly OddsFormat[] = Object.freeze(['eu', 'uk', 'us', 'hk', 'ma', 'in']);
/** S3-68: the default format. */
export const DEFAULT_ODDS_FORMAT: OddsFormat = 'eu';
/** S3-68: only eu is enabled in the configuration. */
export const ENABLED_ODDS_FORMATS: readonly OddsFormat[] = Object.freeze(['eu']);

const BY_ID = new Map<number, OddsFormat>(ODDS_FORMAT_NAMES.map((n) => [ODDS_FORMATS[n], n]));

export function oddsFormatById(id: number): OddsFormat | undefined {
  return BY_ID.get(id);
}

export function isOddsFormat(value: unknown): value is OddsFormat {
  return typeof value === 'string' && (ODDS_FORMAT_NAMES as readonly string[]).includes(value);
}

/**
 * S5-9: a stored odds format (a name such as 'uk', or an id 1-6 as number or text) is used only when it is
 * a known format; anything else gives the default.
 */
export function parseStoredOddsFormat(value: unknown): OddsFormat {
  if (typeof value === 'string') {
    const text = value.trim().toLowerCase();
    if (isOddsFormat(text)) return text;
    if (/^\d+$/.test(text)) return oddsFormatById(Number(text)) ?? DEFAULT_ODDS_FORMAT;
    return DEFAULT_ODDS_FORMAT;
  }
  if (typeof value === 'number' && Number.isInteger(value)) return oddsFormatById(value) ?? DEFAULT_ODDS_FORMAT;
  return DEFAULT_ODDS_FORMAT;
}

/** S3-68: whether a format may be chosen under a configuration (only eu by default). */
export function isOddsFormatEnabled(
  format: OddsFormat,
  enabled: readonly OddsFormat[] = ENABLED_ODDS_FORMATS,
): boolean {
  return enabled.includes(format);
}

// Common bookmaker fractions (reduced), used when one lies within half a cent of the decimal.
// biome-ignore format: keep the fraction table compact
const COMMON_FRACTIONS: ReadonlyArray<readonly [number, number]> = [
  [1, 100], [1, 66], [1, 50], [1, 40], [1, 33], [1, 25], [1, 20], [1, 16], [1, 14], [1, 12], [1, 11], [1, 10],
  [1, 9], [1, 8], [2, 15], [1, 7], [2, 13], [1, 6], [2, 11], [1, 5], [2, 9], [1, 4], [2, 7], [3, 10], [1, 3],
  [4, 11], [3, 8], [2, 5], [4, 9], [1, 2], [8, 15], [4, 7], [8, 13], [2, 3], [8, 11], [4, 5], [5, 6], [10, 11],
  [1, 1], [21, 20], [11, 10], [6, 5], [5, 4], [11, 8], [7, 5], [3, 2], [8, 5], [13, 8], [17, 10], [7, 4],
  [9, 5], [15, 8], [2, 1], [17, 8], [9, 4], [12, 5], [5, 2], [13, 5], [11, 4], [3, 1], [10, 3], [7, 2], [4, 1],
  [9, 2], [5, 1], [11, 2], [6, 1], [13, 2], [7, 1], [15, 2], [8, 1], [17, 2], [9, 1], [10, 1], [11, 1], [12, 1],
  [14, 1], [16, 1], [18, 1], [20, 1], [25, 1], [33, 1], [40, 1], [50, 1], [66, 1], [80, 1], [100, 1],
];
const HALF_CENT = 0.005;

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** The fraction shown for decimal odds: a common bookmaker fraction when close, else the best with denominator ≤ 100. */
export function fractionFor(decimal: number): readonly [number, number] {
  const x = decimal - 1;
  let best: readonly [number, number] | null = null;
  let bestErr = Number.POSITIVE_INFINITY;
  for (const f of COMMON_FRACTIONS) {
    const err = Math.abs(f[0] / f[1] - x);
    if (err < bestErr) {
      best = f;
      bestErr = err;
    }
  }
  if (best && bestErr < HALF_CENT) return best;
  let num = Math.round(x);
  let den = 1;
  bestErr = Math.abs(num - x);
  for (let q = 2; q <= 100 && bestErr > 1e-9; q++) {
    const p = Math.round(x * q);
    const err = Math.abs(p / q - x);
    if (err < bestErr - 1e-12) {
      num = p;
      den = q;
      bestErr = err;
    }
  }
  const g = gcd(num, den) || 1;
  return [num / g, den / g];
}

const round = (x: number, digits: number): number => {
  const f = 10 ** digits;
  return Math.round((x + Math.sign(x) * Number.EPSILON * Math.abs(x)) * f) / f;
};

/**
 * Two decimals, or more when two would show a non-zero value as 0.00 (very long negative Malay odds).
 * The choice reads the value rounded one digit further, so a shown value formats the same way again.
 */
function fixed(x: number): string {
  let digits = 2;
  while (digits < 6 && Math.abs(round(x, digits + 1)) < 10 ** -digits) digits++;
  return round(x, digits).toFixed(digits);
}

const usable = (decimal: number): boolean => Number.isFinite(decimal) && decimal > 1;
/** The text shown when odds are missing or unusable. */
export const NO_ODDS = '-';

/**
 * S3-68: decimal odds in a format. eu 1.50; uk 1/2 (2.00 is 1/1); us -200 / +150; hk 0.50 (decimal − 1);
 * ma 0.50 up to evens, beyond −1/(d−1); in d−1 from evens up, below −1/(d−1). Two decimals as bettors expect.
 */
export function formatOdds(decimal: number, format: OddsFormat): string {
  if (!usable(decimal)) return NO_ODDS;
  const d = round(decimal, 6); // float noise such as 2.7499999999 should not change the fraction or sign
  const x = d - 1;
  switch (format) {
    case 'eu':
      return round(d, 2).toFixed(2);
    case 'uk': {
      const [num, den] = fractionFor(d);
      return `${num}/${den}`;
    }
    case 'us':
      return d >= 2 ? `+${Math.round(round(x * 100, 6))}` : `-${Math.round(round(100 / x, 6))}`;
    case 'hk':
      return fixed(x);
    case 'ma':
      return d <= 2 ? fixed(x) : fixed(-1 / x);
    case 'in':
      return d >= 2 ? fixed(x) : fixed(-1 / x);
    default:
      return NO_ODDS;
  }
}

/** Reads a displayed value back into decimal odds; null when it does not parse. */
export function parseOdds(text: string, format: OddsFormat): number | null {
  const t = String(text ?? '').trim();
  if (format === 'uk') {
    const m = /^(\d+)\/(\d+)$/.exec(t);
    if (!m || Number(m[2]) === 0) return null;
    return 1 + Number(m[1]) / Number(m[2]);
  }
  if (!/^[+-]?\d+(\.\d+)?$/.test(t)) return null;
  const v = Number(t);
  switch (format) {
    case 'eu':
      return v > 1 ? v : null;
    case 'us':
      if (v >= 100) return 1 + v / 100;
      if (v <= -100) return 1 + 100 / -v;
      return null;
    case 'hk':
      return v > 0 ? 1 + v : null;
    case 'ma':
      if (v > 0 && v <= 1) return 1 + v;
      if (v < 0 && v >= -1) return 1 + 1 / -v;
      return null;
    case 'in':
      if (v >= 1) return 1 + v;
      if (v <= -1) return 1 + 1 / -v;
      return null;
    default:
      return null;
  }
}
