// An engine on the global timers (no clock option, as in the browser) with vitest's fake timers:
// only setTimeout, clearTimeout and Date are faked, so promises and setImmediate stay real.
import { afterEach, beforeEach, vi } from 'vitest';
import type { FeedEngine } from '../../../machines/feed-engine';

export const BASE = Date.UTC(2026, 8, 1, 6, 0); // 11:00 in Kazakhstan
export const DAY_START = Date.UTC(2026, 7, 31, 19, 0) / 1000;

/** Installs fake timers around each test and stops the engine the test kept in `holder.engine`. */
export function installFakeTimerEngine(): { engine: FeedEngine | null } {
  const holder: { engine: FeedEngine | null } = { engine: null };
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: BASE });
  });
  afterEach(() => {
    holder.engine?.stop();
    holder.engine = null;
    vi.useRealTimers();
  });
  return holder;
}

/** Lets answered fetches and the steps they cause run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
}
