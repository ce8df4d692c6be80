// The page's time for components, from the site's clock machine (machines/clock.ts). A reader says
// which period it needs; the machine ticks on that period's boundaries while somebody watches, and the
// reader's selector rounds the time to its period, so a component re-renders once per period and not
// at every tick of the machine (nor at every blink phase).
import { useSelector } from '@xstate/react';
import { useCallback, useEffect } from 'react';
import { roundToPeriod } from '../../../machines/clock';
import { useSiteChild } from './actors';

/** Dates on the page (today, tomorrow, a race's start day): every zone's midnight falls on a quarter hour (ours). */
export const DATE_TICK_MS = 15 * 60_000;

/**
 * Epoch ms now, rounded down to `periodMs`. While `active`, the clock ticks at least once per period
 * for this component; otherwise the value is the clock's latest reading (no ticking on its account).
 */
export function useNow(periodMs: number, active = true): number {
  const clock = useSiteChild('clock');
  useEffect(() => {
    if (!active) return;
    clock.send({ type: 'clock.watch', periodMs });
    return () => clock.send({ type: 'clock.unwatch', periodMs });
  }, [clock, periodMs, active]);
  // A stable selector: a re-render (every score change) must not cost a new subscription.
  const select = useCallback(
    (snapshot: ReturnType<typeof clock.getSnapshot>) => roundToPeriod(snapshot.context.now, periodMs),
    [periodMs],
  );
  return useSelector(clock, select);
}
