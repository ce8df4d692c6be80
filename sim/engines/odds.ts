// Pre-match and live prices from several bookmakers (S3-30, S3-66 HOME_DRAW_AWAY / HOME_AWAY).
// Each bookmaker adds its own margin and a little noise to the same fair probabilities, so the
// comparison table differs by a few per cent, as real ones do.
import type { OddsQuote } from '../facts';
import type { Rng } from '../random';

export interface Bookmaker {
  readonly id: number;
  readonly name: string;
  /** Overround, e.g. 0.05 = 105 % book. */
  readonly margin: number;
}

/** The five bookmakers of the simulated market; the first one's prices go into list rows (XA…XC). */
export const BOOKMAKERS: readonly Bookmaker[] = [
  { id: 16, name: 'bet365', margin: 0.05 },
  { id: 417, name: '1xBet', margin: 0.04 },
  { id: 598, name: 'Olimpbet', margin: 0.07 },
  { id: 660, name: 'Fonbet', margin: 0.06 },
  { id: 43, name: 'Betsson', margin: 0.055 },
];

const MIN_ODD = 1.01;
const MAX_ODD = 101;

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

/**
 * Prices for probabilities [home, draw, away] (draw null for two-way markets, S3-8).
 * `active` false closes the market (after the end, or when the outcome is settled).
 */
export function quoteOdds(probabilities: readonly (number | null)[], rng: Rng, active = true): OddsQuote[] {
  return BOOKMAKERS.map((b) => ({
    bookmakerId: b.id,
    bookmakerName: b.name,
    current: probabilities.map((p) => {
      if (p === null) return null;
      const fair = Math.max(p, 0.0099);
      const noisy = (1 / (fair * (1 + b.margin))) * (1 + rng.noise(0.012));
      return round2(Math.min(MAX_ODD, Math.max(MIN_ODD, noisy)));
    }),
    active,
  }));
}

function poissonPmf(lambda: number, max: number): number[] {
  const out: number[] = [];
  let p = Math.exp(-lambda);
  for (let k = 0; k <= max; k++) {
    out.push(p);
    p = (p * lambda) / (k + 1);
  }
  return out;
}

/** 1/X/2 probabilities for low-scoring sports: current score plus Poisson goals still to come. */
export function poissonOutcome(
  homeNow: number,
  awayNow: number,
  lambdaHome: number,
  lambdaAway: number,
  threeWay: boolean,
): (number | null)[] {
  const max = 15;
  const h = poissonPmf(Math.max(lambdaHome, 1e-6), max);
  const a = poissonPmf(Math.max(lambdaAway, 1e-6), max);
  let pHome = 0;
  let pDraw = 0;
  for (let i = 0; i <= max; i++) {
    for (let j = 0; j <= max; j++) {
      const p = h[i]! * a[j]!;
      const diff = homeNow + i - (awayNow + j);
      if (diff > 0) pHome += p;
      else if (diff === 0) pDraw += p;
    }
  }
  const pAway = Math.max(0, 1 - pHome - pDraw);
  if (threeWay) return [pHome, pDraw, pAway];
  // Two-way: a level score is settled later (overtime); split it by the scoring rates.
  const share = lambdaHome + lambdaAway > 0 ? lambdaHome / (lambdaHome + lambdaAway) : 0.5;
  return [pHome + pDraw * share, null, pAway + pDraw * (1 - share)];
}

/** Standard normal CDF (Abramowitz–Stegun 7.1.26). */
export function normalCdf(x: number): number {
  const t = 1 / (1 + 0.3275911 * Math.abs(x / Math.SQRT2));
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-(x * x) / 2);
  return x >= 0 ? (1 + y) / 2 : (1 - y) / 2;
}

/** 1/X/2 for high-scoring sports: the final margin as a normal around the expected one. */
export function marginOutcome(expectedMargin: number, sd: number, threeWay: boolean): (number | null)[] {
  const s = Math.max(sd, 0.3);
  if (!threeWay) {
    const pHome = normalCdf(expectedMargin / s);
    return [pHome, null, 1 - pHome];
  }
  const pHome = 1 - normalCdf((0.5 - expectedMargin) / s);
  const pAway = normalCdf((-0.5 - expectedMargin) / s);
  return [pHome, Math.max(0, 1 - pHome - pAway), pAway];
}
