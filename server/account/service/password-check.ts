// A password check under the failure limiter, shared by login, password change and email change.
import type { FailureLimiter } from '../security/rate-limit';
import { LegacyFailure } from './errors';

/**
 * The check is reserved (counted as a failure) before scrypt runs and cleared only when it matches, so parallel
 * guesses never outrun the limit. XE13 when the limiter refuses (A8-2).
 */
export async function checkPasswordLimited(
  limiter: FailureLimiter,
  account: string,
  address: string,
  check: () => Promise<boolean>,
): Promise<boolean> {
  const ticket = await limiter.attempt(account, address);
  if (!ticket) throw new LegacyFailure('XE13');
  let matches = false;
  try {
    matches = await check();
  } finally {
    if (matches) await ticket.succeeded();
    else await ticket.failed();
  }
  return matches;
}
