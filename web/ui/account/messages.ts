// The Kazakh message shown for an account error (A8-4, S8-9).
import { userMessageKey } from '../../../src/account/error-mapping';
import { KK_ACCOUNT_ERRORS } from './kk-account';

export function accountErrorText(error: unknown): string | null {
  return error ? KK_ACCOUNT_ERRORS[userMessageKey(error)] : null;
}
