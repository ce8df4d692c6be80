// A whole local day as a fact log (the CLI's `scores generate` wraps it): the day's leagues and
// fixtures published at local midnight, then every match played out, in time order.
import type { Fact } from './facts';
import { dayIndexOfDate, localDayStart, planDay } from './plan/day-plan';
import { dayScript, publicationFacts } from './timeline';

export interface GenerateDayOptions {
  readonly seed: number;
  /** `YYYY-MM-DD`, a local day in `timezoneHour`. */
  readonly date: string;
  /** UTC offset in hours (S7-1 timezone placeholder); default 5. */
  readonly timezoneHour?: number;
  /** Sport ids (default: all 40; a group id brings its children). */
  readonly sports?: readonly number[];
}

export function generateDay(options: GenerateDayOptions): Fact[] {
  const tz = options.timezoneHour ?? 5;
  const dayIndex = dayIndexOfDate(options.date);
  const plan = planDay(options.seed, dayIndex, tz, options.sports);
  const origin = localDayStart(dayIndex, tz);
  const facts: Fact[] = [];
  let seq = 0;
  for (const body of publicationFacts(plan)) facts.push({ seq: ++seq, time: origin, ...body });
  for (const timed of dayScript(plan, origin)) facts.push({ seq: ++seq, time: timed.time, ...timed.body });
  return facts;
}
