// Failures the routes turn into answers: legacy calls answer 200 with err (A8-2), v5 calls a status with
// { code, name, message } (A8-3).
import { V5_ERROR, type LegacyErrorCode } from '../../../src/wire/account';

export class LegacyFailure extends Error {
  constructor(readonly err: LegacyErrorCode) {
    super(err);
  }
}

export type V5ErrorKind = keyof typeof V5_ERROR;
const STATUS: Record<V5ErrorKind, number> = {
  invalidRequest: 400,
  invalidBody: 400,
  unauthorized: 401,
  invalidCaptcha: 400,
  notFound: 404,
  verificationFailed: 400,
  tooManyRequests: 429,
  internal: 500,
};

export class V5Failure extends Error {
  readonly status: number;
  readonly code: number;
  readonly errorName: string;
  constructor(kind: V5ErrorKind, message: string) {
    super(message);
    this.status = STATUS[kind];
    this.code = V5_ERROR[kind].code;
    this.errorName = V5_ERROR[kind].name;
  }
}
