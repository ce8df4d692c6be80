// Every call of the account API (A7-2…A7-19) with its answer checks (A5-9) and error mapping (A8-2…A8-4).
// Stateless: the client (client.ts) keeps the user in storage and decides what to do with the answers.
import { readBackendErrors, termsStateFrom } from './consent';
import { ACCOUNT_ERROR_CODE, AccountError, TechnicalError } from './errors';
import { legacyAnswerError } from './error-mapping';
import type { AccountHttp } from './http';
import {
  ACCOUNT_STATUS,
  type CaptchaChallenge,
  type DataDiff,
  type DataKey,
  type GetDataAnswer,
  type LegacyAnswer,
  type LoggedIn,
  type LoginAnswer,
  type MarketingApprovalRequest,
  type MarketingConsent,
  type MarketingConsentRequest,
  type ProviderInfo,
  type ProviderLoginAnswer,
  type StoreMergedDataAnswer,
  type TermsAgreements,
  type TermsDetail,
  type TermsDocumentsAnswer,
  type UserTermsAnswer,
  type VerificationAnswer,
  type VerificationType,
} from '../wire/account';

export interface ApiContext {
  http: AccountHttp;
  namespace: string;
  projectId: number;
}

export interface RegistrationInput {
  email: string;
  password: string;
  name: string;
  captcha: string;
}
export interface LoginResult {
  id: string;
  hash: string;
  termsAgreements: TermsAgreements;
}
export interface ProviderLoginResult extends LoginResult {
  isRegistration: boolean;
}
/** A7-12: the fields to change; a new email needs the current password and takes effect once the address confirms. */
export interface UserFieldsUpdate {
  name?: string;
  email?: string;
  password?: string;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A5-9, A8-2: a done-type answer must be an object without a product error and with field r. */
export function checkDoneAnswer<T extends LegacyAnswer>(answer: unknown): T {
  if (!isObject(answer)) throw new TechnicalError();
  const error = legacyAnswerError(answer as LegacyAnswer);
  if (error) throw error;
  if (!('r' in answer)) throw new TechnicalError(); // A5-9: 'Does not found success response.'
  return answer as T;
}

function termsOf(answer: Record<string, unknown>): TermsAgreements {
  const given = isObject(answer.termsAgreements) ? (answer.termsAgreements as Partial<TermsAgreements>) : {};
  const errors = readBackendErrors(given.errors ?? answer.err2);
  return termsStateFrom({
    ppConfirmed: given.ppConfirmed !== false,
    touConfirmed: given.touConfirmed !== false,
    errors,
  });
}

/** A5-9, A4-5: a login answer must carry id and hash; an unconfirmed account raises 1002. */
export function checkLoginAnswer(answer: unknown): LoginResult {
  if (!isObject(answer)) throw new TechnicalError();
  const error = legacyAnswerError(answer as LegacyAnswer);
  if (error) throw error;
  if (answer.status === ACCOUNT_STATUS.registrationNotConfirmed)
    throw new AccountError(ACCOUNT_ERROR_CODE.registrationNotConfirmed);
  const { id, hash } = answer as Partial<LoginAnswer>;
  if (typeof id !== 'string' || !id || typeof hash !== 'string' || !hash)
    throw new TechnicalError('Login response without id and hash');
  return { id, hash, termsAgreements: termsOf(answer) };
}

export class AccountApi {
  constructor(private readonly ctx: ApiContext) {}

  /** A7-2 (A6-1: registration always sends the fixed approvals). */
  async registration(input: RegistrationInput): Promise<void> {
    const answer = await this.ctx.http.request('POST', '/v3/registration', {
      ...input,
      termsofservice: true,
      touApproval: true,
      ppApproval: true,
      namespace: this.ctx.namespace,
      project: this.ctx.projectId,
    });
    checkDoneAnswer(answer);
  }

  /** A7-3 */
  async login(email: string, password: string): Promise<LoginResult> {
    const answer = await this.ctx.http.request('POST', '/v3/login', {
      email,
      password,
      namespace: this.ctx.namespace,
      project: this.ctx.projectId,
    });
    return checkLoginAnswer(answer);
  }

  /** A7-4 */
  async loginUsingProvider(input: {
    provider: string;
    token: string;
    nonce?: string;
    touApproval: boolean;
    ppApproval: boolean;
  }): Promise<ProviderLoginResult> {
    const answer = await this.ctx.http.request<ProviderLoginAnswer>('POST', '/v3/loginusingprovider', {
      ...input,
      namespace: this.ctx.namespace,
      project: this.ctx.projectId,
    });
    const result = checkLoginAnswer(answer);
    return { ...result, isRegistration: answer.isRegistration === true };
  }

  /** A7-5: answers the verification type, verifyAccount when the service does not say. */
  async verification(type: VerificationType, code: string, id: string): Promise<VerificationType> {
    const answer = await this.ctx.http.request('POST', '/v3/verification', {
      t: type,
      c: code,
      i: id,
      namespace: this.ctx.namespace,
    });
    const done = checkDoneAnswer<VerificationAnswer>(answer);
    return done.t === 'verifyEmail' ? 'verifyEmail' : 'verifyAccount';
  }

  /** A7-6 */
  async deleteAccount(loggedIn: LoggedIn): Promise<void> {
    checkDoneAnswer(await this.ctx.http.request('POST', '/v3/deleteaccount', { loggedIn }));
  }

  /** A7-7 */
  async logout(loggedIn: LoggedIn): Promise<void> {
    checkDoneAnswer(await this.ctx.http.request('POST', '/v3/logout', { loggedIn }));
  }

  /** A7-8: with the current password (code = session hash) or with an emailed reset code (no password). */
  async passwordChange(input: { id: string; code: string; password?: string; newpassword: string }): Promise<void> {
    checkDoneAnswer(await this.ctx.http.request('POST', '/v3/passwordchange', input));
  }

  /** A7-9 */
  async forgottenPassword(email: string): Promise<void> {
    checkDoneAnswer(
      await this.ctx.http.request('POST', '/v3/forgottenpassword', {
        email,
        namespace: this.ctx.namespace,
        p: this.ctx.projectId,
      }),
    );
  }

  /** A7-10: the captcha variant. */
  async forgottenPasswordWithCaptcha(email: string, captcha: string): Promise<void> {
    await this.ctx.http.request('POST', '/v5/accounts/forgotten-password', {
      email,
      captcha,
      projectId: this.ctx.projectId,
      namespace: this.ctx.namespace,
    });
  }

  /** A7-11: the answer is read for terms info. */
  async storeMergedData(loggedIn: LoggedIn, key: DataKey, dataDiff: DataDiff): Promise<TermsAgreements> {
    const answer = checkDoneAnswer<StoreMergedDataAnswer>(
      await this.ctx.http.request('POST', '/v3/storemergeddata', {
        loggedIn,
        key,
        dataDiff,
        project: this.ctx.projectId,
      }),
    );
    return termsOf(answer as unknown as Record<string, unknown>);
  }

  /** A7-12: `password` (the current one) is required when the email changes. */
  async updateUser(loggedIn: LoggedIn, fields: UserFieldsUpdate): Promise<void> {
    checkDoneAnswer(
      await this.ctx.http.request('POST', '/v3/update-user', { ...fields, loggedIn, project: this.ctx.projectId }),
    );
  }

  /** A7-13 */
  async getData(loggedIn: LoggedIn): Promise<GetDataAnswer> {
    const answer = await this.ctx.http.request<GetDataAnswer>('POST', '/v4/getdata', {
      loggedIn,
      project: this.ctx.projectId,
    });
    if (!isObject(answer)) throw new TechnicalError();
    const error = legacyAnswerError(answer);
    if (error) throw error;
    if (!isObject(answer.profile) || typeof answer.profile.id !== 'string') throw new TechnicalError();
    return {
      ...answer,
      data: isObject(answer.data) ? answer.data : {},
      privateData: isObject(answer.privateData) ? answer.privateData : {},
      termsAgreements: termsOf(answer as unknown as Record<string, unknown>),
    };
  }

  /** A7-14 */
  async termsDocuments(archived = false): Promise<TermsDocumentsAnswer> {
    return this.ctx.http.request('GET', '/v5/terms/tou/documents', undefined, {
      query: { archived, projectIds: [this.ctx.projectId] },
    });
  }

  /** A7-15 */
  async termsDocument(version: number | 'latest'): Promise<TermsDocumentsAnswer> {
    return this.ctx.http.request('GET', `/v5/terms/tou/documents/${encodeURIComponent(String(version))}`, undefined, {
      query: { projectId: this.ctx.projectId },
    });
  }

  /** A7-16 */
  async userTerms(loggedIn: LoggedIn): Promise<UserTermsAnswer> {
    return this.ctx.http.request('GET', '/v5/users/me/terms', undefined, {
      auth: loggedIn,
      query: { projectIds: [this.ctx.projectId] },
    });
  }

  /** A7-17: sent only if any terms are flagged. */
  async termsAgreements(loggedIn: LoggedIn, terms: TermsDetail[]): Promise<boolean> {
    if (terms.length === 0) return false;
    await this.ctx.http.request(
      'POST',
      '/v5/users/me/terms-agreements',
      { projectId: this.ctx.projectId, terms },
      { auth: loggedIn },
    );
    return true;
  }

  /** A7-18 */
  async marketingApproval(loggedIn: LoggedIn, approval: Omit<MarketingApprovalRequest, 'projectId'>): Promise<void> {
    await this.ctx.http.request(
      'POST',
      '/v5/users/me/marketing-approval',
      { ...approval, projectId: this.ctx.projectId },
      { auth: loggedIn, platformHeaders: true },
    );
  }

  /** A7-19 */
  async getMarketingConsent(loggedIn: LoggedIn): Promise<MarketingConsent> {
    return this.ctx.http.request('GET', '/v5/users/me/marketing-consent', undefined, {
      auth: loggedIn,
      platformHeaders: true,
      query: { projectId: this.ctx.projectId },
    });
  }

  async putMarketingConsent(
    loggedIn: LoggedIn,
    consent: Omit<MarketingConsentRequest, 'projectId'>,
  ): Promise<MarketingConsent> {
    return this.ctx.http.request(
      'PUT',
      '/v5/users/me/marketing-consent',
      { ...consent, projectId: this.ctx.projectId },
      { auth: loggedIn, platformHeaders: true },
    );
  }

  /** The proof-of-work captcha for registration and password reset. */
  async captchaChallenge(): Promise<CaptchaChallenge> {
    return this.ctx.http.request('GET', '/v5/captcha/challenge');
  }

  /** Social sign-in providers and where to send the browser. */
  async providers(): Promise<ProviderInfo[]> {
    const answer = await this.ctx.http.request<{ providers?: ProviderInfo[] }>('GET', '/v5/accounts/providers');
    return Array.isArray(answer?.providers) ? answer.providers : [];
  }
}
