// What every fuzz command does after acting: fail the run at the first broken invariant, so shrinking keeps the
// sequence short.
import type { Harness } from '../replay/harness';

export function assertClean(real: Harness): void {
  const first = real.violations[0];
  if (first) throw new Error(`${first.check}: ${first.message}`);
}
