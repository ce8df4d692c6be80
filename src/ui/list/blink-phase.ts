// S4-18: a running clock's apostrophe blinks. Every mark on the page blinks together from one timer
// that flips an attribute on <html> (CSS hides `.blink` in the off half); a CSS animation per mark
// would put each one on its own compositor layer and have every painted frame restyle them all.
import { useEffect } from 'react';
import { type PageClock, usePageClock } from '../common/use-now';

export const BLINK_HALF_MS = 500; // S4-18 blink: one second, half shown and half hidden
export const BLINK_OFF_ATTRIBUTE = 'data-blink-off';

interface Phase {
  users: number;
  off: boolean;
  stop: () => void;
}

const phases = new Map<PageClock, Phase>();

function root(): HTMLElement | null {
  return typeof document === 'undefined' ? null : document.documentElement;
}

/** Counts one blink mark in; the first starts the shared timer, the last stops it and shows the marks. */
function retain(clock: PageClock): () => void {
  let phase = phases.get(clock);
  if (!phase) {
    const started: Phase = { users: 0, off: false, stop: () => {} };
    started.stop = clock.subscribe(BLINK_HALF_MS, () => {
      started.off = !started.off;
      root()?.toggleAttribute(BLINK_OFF_ATTRIBUTE, started.off);
    });
    phases.set(clock, started);
    phase = started;
  }
  const held = phase;
  held.users += 1;
  return () => {
    held.users -= 1;
    if (held.users > 0) return;
    held.stop();
    phases.delete(clock);
    root()?.removeAttribute(BLINK_OFF_ATTRIBUTE);
  };
}

/** Keeps the page's shared blink running while this mark is shown. */
export function useBlinkPhase(active: boolean): void {
  const clock = usePageClock();
  useEffect(() => (active ? retain(clock) : undefined), [clock, active]);
}
