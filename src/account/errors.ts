// The account client's errors (A8-1, A8-4): product errors with numeric codes, and the HTTP-level errors
// (API error, missing response, request error) that reach callers wrapped as technical errors.

/** A8-1: numeric client error codes. */
export const ACCOUNT_ERROR_CODE = {
  internal: 1000,
  loginMismatch: 1001,
  registrationNotConfirmed: 1002,
  invalidRequestData: 1003,
  verificationFailed: 1004,
  invalidCaptcha: 1005,
  registrationAlreadyExists: 1006,
  technical: 1007,
  marketingStatementNeeded: 1012,
} as const;
export type AccountErrorCode = (typeof ACCOUNT_ERROR_CODE)[keyof typeof ACCOUNT_ERROR_CODE];

/** A8-1: the default message of each product error. */
export const ACCOUNT_ERROR_MESSAGE: Record<AccountErrorCode, string> = {
  1000: 'Internal error!',
  1001: 'Wrong email or password!',
  1002: 'Registration not confirmed!',
  1003: 'Data sent to LSID are invalid!',
  1004: 'Verification failed!',
  1005: 'Invalid captcha!',
  1006: 'User already exists!',
  1007: 'Does not found success response.',
  1012: 'Marketing statement needed!',
};

/** A product error of the account client: every error a caller sees is one of these. */
export class AccountError extends Error {
  readonly code: AccountErrorCode;
  /** The legacy code (XE…) or v5 code the service answered with, when there was one. */
  readonly serviceCode: string | number | undefined;
  constructor(code: AccountErrorCode, message?: string, options?: { cause?: unknown; serviceCode?: string | number }) {
    super(message ?? ACCOUNT_ERROR_MESSAGE[code], options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AccountError';
    this.code = code;
    this.serviceCode = options?.serviceCode;
  }
}

/** A8-2, A8-4, A5-9: anything that is not a product answer becomes a technical error (code 1007 unless told). */
export class TechnicalError extends AccountError {
  constructor(
    message: string = ACCOUNT_ERROR_MESSAGE[1007],
    options?: { cause?: unknown; serviceCode?: string | number; code?: AccountErrorCode },
  ) {
    super(options?.code ?? ACCOUNT_ERROR_CODE.technical, message, options);
    this.name = 'TechnicalError';
  }
}

/** A4-2: the marketing-statement-needed error (1012); the client handles it as consent rather than throwing it. */
export class MarketingStatementNeededError extends AccountError {
  constructor(message?: string) {
    super(ACCOUNT_ERROR_CODE.marketingStatementNeeded, message);
    this.name = 'MarketingStatementNeededError';
  }
}

export const DEFAULT_API_ERROR_MESSAGE = 'Unexpected server error'; // A8-4
export const DEFAULT_API_ERROR_STATUS = 500; // A8-4

/** A8-4: an HTTP failure — the service answered with a non-2xx status. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: number | string | undefined;
  readonly body: unknown;
  constructor(message?: string, status?: number, code?: number | string, body?: unknown) {
    super(message || DEFAULT_API_ERROR_MESSAGE);
    this.name = 'ApiError';
    this.status = status || DEFAULT_API_ERROR_STATUS;
    this.code = code;
    this.body = body;
  }
}

/** A8-4: the request went out but no response came back (network failure, timeout, abort). */
export class MissingResponseError extends Error {
  constructor(message = 'No response from the account service', options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MissingResponseError';
  }
}

/** A8-4: the request could not be made at all (bad URL, unreadable body …). */
export class RequestError extends Error {
  constructor(message = 'The account request could not be made', options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RequestError';
  }
}

/** A8-4: messages are configurable per kind of failure. */
export interface AccountErrorMessages {
  apiError?: string;
  missingResponse?: string;
  requestError?: string;
  technical?: string;
}
