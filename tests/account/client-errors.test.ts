// The client's error catalogue and mapping (A8-1…A8-4, A5-9, S8-9, S6-3) against hand-made answers.
import { describe, expect, it } from 'vitest';
import { checkDoneAnswer, checkLoginAnswer } from '../../src/account/api';
import {
  ACCOUNT_ERROR_CODE,
  ACCOUNT_ERROR_MESSAGE,
  AccountError,
  ApiError,
  MissingResponseError,
  RequestError,
  TechnicalError,
} from '../../src/account/errors';
import {
  legacyAnswerError,
  shouldForceLogout,
  toAccountError,
  userMessageKey,
  v5Error,
} from '../../src/account/error-mapping';

describe('A8 error catalogue', () => {
  it('A8-1 numeric codes and their messages', () => {
    expect(ACCOUNT_ERROR_CODE).toEqual({
      internal: 1000,
      loginMismatch: 1001,
      registrationNotConfirmed: 1002,
      invalidRequestData: 1003,
      verificationFailed: 1004,
      invalidCaptcha: 1005,
      registrationAlreadyExists: 1006,
      technical: 1007,
      marketingStatementNeeded: 1012,
    });
    expect(ACCOUNT_ERROR_MESSAGE[1001]).toBe('Wrong email or password!');
    expect(ACCOUNT_ERROR_MESSAGE[1002]).toBe('Registration not confirmed!');
    expect(ACCOUNT_ERROR_MESSAGE[1003]).toBe('Data sent to LSID are invalid!');
    expect(ACCOUNT_ERROR_MESSAGE[1004]).toBe('Verification failed!');
    expect(ACCOUNT_ERROR_MESSAGE[1005]).toBe('Invalid captcha!');
    expect(ACCOUNT_ERROR_MESSAGE[1006]).toBe('User already exists!');
    expect(ACCOUNT_ERROR_MESSAGE[1007]).toBe('Does not found success response.');
    expect(new AccountError(1001).message).toBe('Wrong email or password!');
  });

  it('A8-2 legacy codes in an ok answer map to product errors', () => {
    const codeOf = (err: string) => legacyAnswerError({ err })?.code;
    expect(codeOf('XE0')).toBe(1000);
    expect(legacyAnswerError({ err: 'XE0' })).toBeInstanceOf(TechnicalError);
    expect(codeOf('XE1')).toBe(1001);
    expect(codeOf('XE2')).toBe(1005);
    expect(codeOf('XE3')).toBe(1006);
    expect(codeOf('XE4')).toBe(1002);
    expect(codeOf('XE5')).toBe(1004);
    expect(codeOf('XE11')).toBe(1003);
    expect(legacyAnswerError({ r: 'XY1' })).toBeNull();
    expect(legacyAnswerError({ err: 'XY1' })).toBeNull();
    expect(legacyAnswerError({ err: 'XE8' })).toBeNull(); // consent
    expect(legacyAnswerError({ err: 'XE12' })).toBeNull(); // consent, not thrown
  });

  it('A8-2 XE6…XE10 (but XE8) and XE13 fall to the default: a technical error saying it is not handled', () => {
    for (const err of ['XE6', 'XE7', 'XE9', 'XE10', 'XE13', 'XE99']) {
      const error = legacyAnswerError({ err });
      expect(error).toBeInstanceOf(TechnicalError);
      expect(error?.code).toBe(1007);
      expect(error?.message).toBe(`Error ${err} is not handled`);
      expect(error?.serviceCode).toBe(err);
    }
  });

  it('A8-2 a response with err and also err2 is not treated as an error', () => {
    expect(legacyAnswerError({ err: 'XE1', err2: [] })).toBeNull();
    expect(() => checkDoneAnswer({ r: 'XY1', err: 'XE13', err2: [] })).not.toThrow();
  });

  it('A8-3 v5 codes: 100 and 101 invalid data, 120 invalid captcha, 150 verification failed, others technical', () => {
    expect(v5Error(100).code).toBe(1003);
    expect(v5Error(101).code).toBe(1003);
    expect(v5Error(120).code).toBe(1005);
    expect(v5Error(150).code).toBe(1004);
    expect(v5Error(110)).toBeInstanceOf(TechnicalError);
    expect(v5Error(199).code).toBe(1007);
    const fromHttp = toAccountError(
      new ApiError('Invalid captcha', 400, 120, { code: 120, name: 'InvalidCaptcha', message: 'x' }),
    );
    expect(fromHttp.code).toBe(1005);
  });

  it("A8-4 API error: message default 'Unexpected server error', status default 500, code kept", () => {
    const bare = new ApiError();
    expect(bare.message).toBe('Unexpected server error');
    expect(bare.status).toBe(500);
    const given = new ApiError('Bad gateway', 502, 'E502');
    expect([given.message, given.status, given.code]).toEqual(['Bad gateway', 502, 'E502']);
  });

  it('A8-4 missing-response and request errors, and anything else, are wrapped as technical errors (cause kept)', () => {
    const missing = new MissingResponseError();
    const request = new RequestError();
    const other = new Error('boom');
    for (const raw of [missing, request, other, new ApiError('x', 503)]) {
      const wrapped = toAccountError(raw);
      expect(wrapped).toBeInstanceOf(TechnicalError);
      expect(wrapped.cause).toBe(raw);
    }
    const product = new AccountError(1001);
    expect(toAccountError(product)).toBe(product);
  });

  it('A8-4 messages are configurable per kind', () => {
    const messages = {
      missingResponse: 'Желі жоқ',
      requestError: 'Сұрау қатесі',
      apiError: 'Сервер қатесі',
      technical: 'Техникалық',
    };
    expect(toAccountError(new MissingResponseError(), messages).message).toBe('Желі жоқ');
    expect(toAccountError(new RequestError(), messages).message).toBe('Сұрау қатесі');
    expect(toAccountError(new ApiError(undefined, 502), messages).message).toBe('Сервер қатесі');
    expect(toAccountError(new Error('x'), messages).message).toBe('Техникалық');
  });

  it('A8-4 S8-9 user-facing message keys per error', () => {
    expect(userMessageKey(new AccountError(1001))).toBe('loginFailed');
    expect(userMessageKey(new AccountError(1002))).toBe('accountNotVerified');
    expect(userMessageKey(new AccountError(1004))).toBe('passwordInvalid');
    expect(userMessageKey(new AccountError(1005))).toBe('robotConfirmationDialog');
    expect(userMessageKey(new AccountError(1006))).toBe('emailUsed');
    expect(userMessageKey(new AccountError(1003))).toBe('serverError');
    expect(userMessageKey(new TechnicalError())).toBe('serverError');
    expect(userMessageKey(new Error('anything'))).toBe('serverError');
  });

  it('A5-9 done-type answers must contain r; login answers id and hash; otherwise a technical error', () => {
    expect(() => checkDoneAnswer({})).toThrow(TechnicalError);
    expect(() => checkDoneAnswer({})).toThrow('Does not found success response.');
    expect(() => checkDoneAnswer(null)).toThrow(TechnicalError);
    expect(checkDoneAnswer({ r: 'XY1' })).toEqual({ r: 'XY1' });
    expect(() => checkLoginAnswer({ id: 'a' })).toThrow(TechnicalError);
    expect(() => checkLoginAnswer({ hash: 'h' })).toThrow(TechnicalError);
    expect(checkLoginAnswer({ id: 'a', hash: 'h' })).toMatchObject({ id: 'a', hash: 'h' });
    expect(() => checkLoginAnswer({ err: 'XE1' })).toThrow('Wrong email or password!');
  });

  it('A4-5 a login answer with status registrationNotConfirmed (2) raises 1002', () => {
    expect(() => checkLoginAnswer({ id: 'a', hash: 'h', status: 2 })).toThrow(
      expect.objectContaining({ code: ACCOUNT_ERROR_CODE.registrationNotConfirmed }),
    );
    expect(checkLoginAnswer({ id: 'a', hash: 'h', status: 1 }).id).toBe('a');
  });

  it('A4-6 S6-3 forced logout: unless both terms are confirmed and the error is not 1001; 1001 always', () => {
    const confirmed = { ppConfirmed: true, touConfirmed: true };
    expect(shouldForceLogout(new AccountError(1001), confirmed)).toBe(true);
    expect(shouldForceLogout(new AccountError(1003), confirmed)).toBe(false);
    expect(shouldForceLogout(new TechnicalError(), confirmed)).toBe(false);
    expect(shouldForceLogout(new AccountError(1003), { ppConfirmed: false, touConfirmed: true })).toBe(true);
    expect(shouldForceLogout(new TechnicalError(), { ppConfirmed: true, touConfirmed: false })).toBe(true);
  });
});
