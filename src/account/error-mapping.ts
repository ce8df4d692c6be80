// Maps service answers and failures onto the client's product errors (A8-2, A8-3, A8-4), the user-facing
// message keys (A8-4, S8-9) and the forced-logout rule (A4-6, S6-3).
import {
  ACCOUNT_ERROR_CODE,
  AccountError,
  type AccountErrorMessages,
  ApiError,
  MissingResponseError,
  RequestError,
  TechnicalError,
} from './errors';
import type { LegacyAnswer } from '../wire/account';

/**
 * A8-2: the product error an ok answer's err field stands for, or null when it is not an error: no err, success XY1,
 * consent codes XE8 and XE12, or any answer that carries err together with err2.
 */
export function legacyAnswerError(answer: LegacyAnswer): AccountError | null {
  const err = answer.err;
  if (err === undefined || err === null || err === '' || err === 'XY1') return null;
  if (answer.err2 !== undefined && answer.err2 !== null) return null; // A8-2: err with err2 is consent, not an error
  switch (err) {
    case 'XE0':
      return new TechnicalError('Internal server error', { code: ACCOUNT_ERROR_CODE.internal, serviceCode: err });
    case 'XE1':
      return new AccountError(ACCOUNT_ERROR_CODE.loginMismatch, undefined, { serviceCode: err });
    case 'XE2':
      return new AccountError(ACCOUNT_ERROR_CODE.invalidCaptcha, undefined, { serviceCode: err });
    case 'XE3':
      return new AccountError(ACCOUNT_ERROR_CODE.registrationAlreadyExists, undefined, { serviceCode: err });
    case 'XE4':
      return new AccountError(ACCOUNT_ERROR_CODE.registrationNotConfirmed, undefined, { serviceCode: err });
    case 'XE5':
      return new AccountError(ACCOUNT_ERROR_CODE.verificationFailed, undefined, { serviceCode: err });
    case 'XE8':
    case 'XE12':
      return null; // A8-2: handled as consent (terms confirmation, marketing statement)
    case 'XE11':
      return new AccountError(ACCOUNT_ERROR_CODE.invalidRequestData, undefined, { serviceCode: err });
    default:
      // A8-2: XE6…XE10 (but XE8), XE13 and anything unknown
      return new TechnicalError(`Error ${String(err)} is not handled`, { serviceCode: String(err) });
  }
}

/** A8-3: v5 error codes 100/101 invalid data, 120 invalid captcha, 150 verification failed, others technical. */
export function v5Error(code: unknown, cause?: unknown): AccountError {
  switch (code) {
    case 100:
    case 101:
      return new AccountError(ACCOUNT_ERROR_CODE.invalidRequestData, undefined, { serviceCode: code, cause });
    case 120:
      return new AccountError(ACCOUNT_ERROR_CODE.invalidCaptcha, undefined, { serviceCode: code, cause });
    case 150:
      return new AccountError(ACCOUNT_ERROR_CODE.verificationFailed, undefined, { serviceCode: code, cause });
    default:
      return new TechnicalError(undefined, { cause, serviceCode: typeof code === 'number' ? code : undefined });
  }
}

/** A8-4: product errors pass through; everything else is wrapped as a technical error with its cause kept. */
export function toAccountError(error: unknown, messages: AccountErrorMessages = {}): AccountError {
  if (error instanceof AccountError) return error;
  if (error instanceof ApiError) {
    const body = error.body as { code?: unknown } | null | undefined;
    if (body && typeof body === 'object' && typeof body.code === 'number') return v5Error(body.code, error);
    return new TechnicalError(messages.apiError ?? error.message, { cause: error });
  }
  if (error instanceof MissingResponseError)
    return new TechnicalError(messages.missingResponse ?? error.message, { cause: error });
  if (error instanceof RequestError)
    return new TechnicalError(messages.requestError ?? error.message, { cause: error });
  return new TechnicalError(messages.technical, { cause: error });
}

/** A8-4, S8-9: the translated message key shown for an error. */
export type UserMessageKey =
  | 'loginFailed'
  | 'accountNotVerified'
  | 'passwordInvalid'
  | 'robotConfirmationDialog'
  | 'emailUsed'
  | 'serverError';

export function userMessageKey(error: unknown): UserMessageKey {
  const code = error instanceof AccountError ? error.code : ACCOUNT_ERROR_CODE.technical;
  switch (code) {
    case ACCOUNT_ERROR_CODE.loginMismatch:
      return 'loginFailed';
    case ACCOUNT_ERROR_CODE.registrationNotConfirmed:
      return 'accountNotVerified';
    case ACCOUNT_ERROR_CODE.verificationFailed:
      return 'passwordInvalid';
    case ACCOUNT_ERROR_CODE.invalidCaptcha:
      return 'robotConfirmationDialog';
    case ACCOUNT_ERROR_CODE.registrationAlreadyExists:
      return 'emailUsed';
    default:
      return 'serverError'; // invalid request data and technical errors alike
  }
}

/**
 * A4-6, S6-3: on an account error the user is logged out unless both privacy policy and terms of use are confirmed
 * and the error is not a login mismatch; a login mismatch (1001) always logs out.
 */
export function shouldForceLogout(error: unknown, terms: { ppConfirmed: boolean; touConfirmed: boolean }): boolean {
  if (!(error instanceof AccountError)) return false;
  if (error.code === ACCOUNT_ERROR_CODE.loginMismatch) return true;
  return !(terms.ppConfirmed && terms.touConfirmed);
}
