import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ODDS_FORMAT,
  ENABLED_ODDS_FORMATS,
  formatOdds,
  isOddsFormatEnabled,
  ODDS_FORMAT_NAMES,
  ODDS_FORMATS,
  type OddsFormat,
  oddsFormatById,
  parseOdds,
  parseStoredOddsFormat,
} from '../../src/domain/odds-format';

/** Decimal odds a bookmaker quotes: whole cents from 1.01 to 1001. */
const centsOdds = fc.integer({ min: 101, max: 100_100 }).map((c) => c / 100);

/** The value of a displayed number in the format's own unit, and half its last displayed digit. */
function displayedUnit(text: string, format: OddsFormat): { value: number; half: number } {
  if (format === 'uk') {
    const [n, d] = text.split('/').map(Number);
    return { value: n / d, half: 0 };
  }
  const decimals = text.split('.')[1]?.length ?? 0;
  return { value: Number(text), half: 0.5 * 10 ** -decimals };
}
/** The exact value of decimal odds in a format's unit, before display rounding. */
function exactUnit(d: number, format: OddsFormat): number {
  const x = d - 1;
  switch (format) {
    case 'eu':
      return d;
    case 'uk':
    case 'hk':
      return x;
    case 'us':
      return d >= 2 ? x * 100 : -100 / x;
    case 'ma':
      return d <= 2 ? x : -1 / x;
    case 'in':
      return d >= 2 ? x : -1 / x;
  }
}

describe('odds formats', () => {
  it('S3-68 ids eu 1, uk 2, us 3, hk 4, ma 5, in 6; default eu; only eu enabled', () => {
    expect(ODDS_FORMATS).toEqual({ eu: 1, uk: 2, us: 3, hk: 4, ma: 5, in: 6 });
    expect(oddsFormatById(3)).toBe('us');
    expect(oddsFormatById(7)).toBeUndefined();
    expect(DEFAULT_ODDS_FORMAT).toBe('eu');
    expect(ENABLED_ODDS_FORMATS).toEqual(['eu']);
    expect(isOddsFormatEnabled('eu')).toBe(true);
    expect(isOddsFormatEnabled('uk')).toBe(false);
    expect(isOddsFormatEnabled('uk', ['eu', 'uk'])).toBe(true);
  });

  it('S3-68 the spec examples: 1.50 as 1.50, 1/2, -200, 0.50, 0.50, -2.00', () => {
    expect(formatOdds(1.5, 'eu')).toBe('1.50');
    expect(formatOdds(1.5, 'uk')).toBe('1/2');
    expect(formatOdds(1.5, 'us')).toBe('-200');
    expect(formatOdds(1.5, 'hk')).toBe('0.50');
    expect(formatOdds(1.5, 'ma')).toBe('0.50');
    expect(formatOdds(1.5, 'in')).toBe('-2.00');
  });

  it('S3-68 fractions reduce and use bookmaker forms; American signs; Malay and Indonesian sides', () => {
    expect(formatOdds(2, 'uk')).toBe('1/1');
    expect(formatOdds(2.75, 'uk')).toBe('7/4');
    expect(formatOdds(1.67, 'uk')).toBe('2/3');
    expect(formatOdds(1.33, 'uk')).toBe('1/3');
    expect(formatOdds(1.91, 'uk')).toBe('10/11');
    expect(formatOdds(3.37, 'uk')).toBe('237/100');
    expect(formatOdds(2.5, 'us')).toBe('+150');
    expect(formatOdds(2, 'us')).toBe('+100');
    expect(formatOdds(1.25, 'us')).toBe('-400');
    expect(formatOdds(3, 'ma')).toBe('-0.50');
    expect(formatOdds(2, 'ma')).toBe('1.00');
    expect(formatOdds(2.5, 'in')).toBe('1.50');
    expect(formatOdds(2.5, 'hk')).toBe('1.50');
    expect(formatOdds(1.255, 'eu')).toBe('1.26');
    expect(formatOdds(1.15, 'hk')).toBe('0.15');
    expect(formatOdds(1001, 'ma')).toBe('-0.001');
  });

  it('S3-68 missing or impossible odds show a dash', () => {
    for (const f of ODDS_FORMAT_NAMES) {
      expect(formatOdds(Number.NaN, f)).toBe('-');
      expect(formatOdds(1, f)).toBe('-');
      expect(formatOdds(0.5, f)).toBe('-');
    }
    expect(parseOdds('abc', 'eu')).toBeNull();
    expect(parseOdds('1/0', 'uk')).toBeNull();
  });

  it('S5-9 a stored odds format is used only when known, else eu', () => {
    expect(parseStoredOddsFormat('uk')).toBe('uk');
    expect(parseStoredOddsFormat(' US ')).toBe('us');
    expect(parseStoredOddsFormat('4')).toBe('hk');
    expect(parseStoredOddsFormat(6)).toBe('in');
    expect(parseStoredOddsFormat('xx')).toBe('eu');
    expect(parseStoredOddsFormat('9')).toBe('eu');
    expect(parseStoredOddsFormat(null)).toBe('eu');
    expect(parseStoredOddsFormat(undefined)).toBe('eu');
    expect(parseStoredOddsFormat({ f: 'uk' })).toBe('eu');
  });

  it('S3-68 property: every format round-trips within display rounding and is display-stable', () => {
    fc.assert(
      fc.property(centsOdds, fc.constantFrom(...ODDS_FORMAT_NAMES), (d, format) => {
        const text = formatOdds(d, format);
        const back = parseOdds(text, format);
        expect(back).not.toBeNull();
        expect(formatOdds(back as number, format)).toBe(text);
        const shown = displayedUnit(text, format);
        // uk snaps to a common fraction within half a cent; the others round to their last digit.
        const tolerance = format === 'uk' ? 0.005 : shown.half + 1e-9;
        expect(Math.abs(exactUnit(d, format) - shown.value)).toBeLessThanOrEqual(tolerance);
      }),
      { numRuns: 3000 },
    );
  });

  it('S3-68 property: the favourite stays the favourite in every format', () => {
    fc.assert(
      fc.property(centsOdds, centsOdds, fc.constantFrom(...ODDS_FORMAT_NAMES), (a, b, format) => {
        fc.pre(a !== b);
        const [fav, dog] = a < b ? [a, b] : [b, a];
        const favBack = parseOdds(formatOdds(fav, format), format) as number;
        const dogBack = parseOdds(formatOdds(dog, format), format) as number;
        expect(favBack).toBeLessThanOrEqual(dogBack);
      }),
      { numRuns: 3000 },
    );
  });
});
