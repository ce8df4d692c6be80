// S4-18: a running clock's apostrophe blinks. Every mark on the page blinks together: the site's clock
// machine holds the phase (its `blink` region, one timer for the page) and the composition root shows
// it by flipping an attribute on <html> (CSS hides `.blink` in the off half). A CSS animation per mark
// would put each one on its own compositor layer and have every painted frame restyle them all.
import { useEffect } from 'react';
import { useSiteChild } from '../common/actors';

export { BLINK_HALF_MS } from '../../../machines/clock';
export const BLINK_OFF_ATTRIBUTE = 'data-blink-off';

/** Shows the phase on the page: the action the composition root provides to the clock machine. */
export function showBlinkPhase(off: boolean, root: HTMLElement | null = pageRoot()): void {
  root?.toggleAttribute(BLINK_OFF_ATTRIBUTE, off);
}

function pageRoot(): HTMLElement | null {
  return typeof document === 'undefined' ? null : document.documentElement;
}

/** Keeps the page's shared blink running while this mark is shown; the last mark gone shows them all. */
export function useBlinkPhase(active: boolean): void {
  const clock = useSiteChild('clock');
  useEffect(() => {
    if (!active) return;
    clock.send({ type: 'blink.watch' });
    return () => clock.send({ type: 'blink.unwatch' });
  }, [clock, active]);
}
