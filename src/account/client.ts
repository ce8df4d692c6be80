// The account client (A1-1): every call of the account API plus what the client keeps and decides —
// the stored user (A3-3), consent and marketing state (A4-1, A4-2), the after-login merge (A4-3), logout and
// deletion (A4-4), forced logout (A4-6), data sync (A4-7) and announcements of changes made in other tabs (A4-8).
import { type AccountClientSettings, type AccountMode, checkClientConfig } from '../domain/account-validation';
import {
  type LoginResult,
  AccountApi,
  type ProviderLoginResult,
  type RegistrationInput,
  type UserFieldsUpdate,
} from './api';
import { flaggedTerms, marketingApprovalFrom, termsStateFrom, withoutConsentErrors } from './consent';
import { applyDataDiff, diffFromData, isEmptyData } from '../wire/dotted';
import { type AccountError, type AccountErrorMessages, TechnicalError } from './errors';
import { shouldForceLogout, toAccountError } from './error-mapping';
import { AccountHttp, type FetchLike } from './http';
import { AccountStorage, STORAGE_PREFIX, SYNCED_AT_KEY, type StorageBackend } from './storage';
import type {
  CaptchaChallenge,
  DataDiff,
  DataKey,
  GetDataAnswer,
  JsonObject,
  LoggedIn,
  MarketingApproval,
  MarketingConsent,
  Profile,
  ProviderInfo,
  TermsAgreements,
  TermsDocumentsAnswer,
  VerificationType,
} from '../wire/account';

/** A3-8 */
export interface AccountClientConfig {
  mode: AccountMode;
  productionUrl: string;
  sandboxUrl?: string;
  namespace: string;
  projectId: number;
  /** A7-1: default 30000 ms. */
  timeoutMs?: number;
}

export interface AccountClientDeps {
  /** window.localStorage in the browser, a Map in tests. */
  storage: StorageBackend;
  fetch?: FetchLike;
  /** A8-4: errors pass to this handler. */
  onError?: (error: AccountError) => void;
  /** A8-4: messages per kind of failure. */
  messages?: AccountErrorMessages;
  /** Epoch ms now, from the composition root (the page's clock in the browser): the sync age (A4-7). */
  now: () => number;
}

/** A4-8: a change to the stored user made in another tab. */
export interface OtherTabChange {
  key: string;
  loggedIn: boolean;
}
export type SessionEndReason = 'logout' | 'deleted' | 'forced';
/** Account data this tab now holds: after a login's merge (A4-3) or a data sync (A4-7). */
export interface DataLoaded {
  reason: 'login' | 'sync';
  data: JsonObject;
}

export interface LoginOutcome {
  id: string;
  isRegistration: boolean;
  /** Consent still to give before the after-login merge runs (A4-3). */
  needsTerms: boolean;
  needsMarketing: boolean;
}

export function pushSubjectFor(profileId: string, namespace: string): string {
  return `${STORAGE_PREFIX}${profileId}_${namespace}`; // A7-23
}

export class AccountClient {
  readonly config: Readonly<AccountClientConfig>;
  readonly storage: AccountStorage;
  readonly api: AccountApi;
  private readonly deps: AccountClientDeps;
  private appVersion: string | null = null;
  private readonly otherTabListeners = new Set<(change: OtherTabChange) => void>();
  private readonly sessionEndListeners = new Set<(reason: SessionEndReason) => void>();
  private readonly dataListeners = new Set<(loaded: DataLoaded) => void>();

  constructor(config: AccountClientConfig, deps: AccountClientDeps) {
    const problem = checkClientConfig(config as AccountClientSettings); // A5-7
    if (problem) throw new Error(problem);
    this.config = Object.freeze({ ...config });
    this.deps = deps;
    this.storage = new AccountStorage(deps.storage);
    const baseUrl = config.mode === 'Sandbox' ? (config.sandboxUrl as string) : config.productionUrl;
    const http = new AccountHttp({
      baseUrl,
      timeoutMs: config.timeoutMs,
      fetch: deps.fetch,
      appVersion: () => this.appVersion,
    });
    this.api = new AccountApi({ http, namespace: config.namespace, projectId: config.projectId });
  }

  private now(): number {
    return this.deps.now();
  }

  /** A7-20: the client's set app version, sent with every call. */
  setAppVersion(version: string): void {
    this.appVersion = version;
  }

  isLoggedIn(): boolean {
    return this.storage.isLoggedIn();
  }

  get loggedIn(): LoggedIn | null {
    const id = this.storage.getText('id');
    const hash = this.storage.getText('hash');
    return id && hash ? { id, hash } : null;
  }

  /** A3-2 */
  get profile(): Profile | null {
    const user = this.storage.read();
    if (!user.id || !user.hash) return null;
    return { id: user.id, name: user.name ?? '', email: user.email ?? '', emailIsVerified: user.emailIsVerified };
  }

  get terms(): TermsAgreements {
    const user = this.storage.read();
    return { ppConfirmed: user.ppConfirmed, touConfirmed: user.touConfirmed, errors: user.backendErrors };
  }

  get marketingApproval(): MarketingApproval | null {
    return this.storage.read().marketingApproval;
  }

  /** A7-23 */
  pushSubject(): string | null {
    const id = this.storage.getText('id');
    return id ? pushSubjectFor(id, this.config.namespace) : null;
  }

  /** A4-7: when account data was last synced, 0 when never. */
  lastSyncedAt(): number {
    return Number(this.storage.getText(SYNCED_AT_KEY)) || 0;
  }

  // ——— error path ———

  /** A8-4 wrapping, A4-6 forced logout, then the supplied error handler. */
  private async run<T>(work: () => Promise<T>, options: { forcedLogout?: 'any' | 'mismatchOnly' } = {}): Promise<T> {
    try {
      return await work();
    } catch (raw) {
      const error = toAccountError(raw, this.deps.messages);
      const rule = options.forcedLogout ?? 'any';
      if (this.isLoggedIn()) {
        const force =
          rule === 'any'
            ? shouldForceLogout(error, this.terms)
            : shouldForceLogout(error, { ppConfirmed: true, touConfirmed: true });
        if (force) this.endSession('forced');
      }
      this.deps.onError?.(error);
      throw error;
    }
  }

  private requireLogin(): LoggedIn {
    const loggedIn = this.loggedIn;
    if (!loggedIn) throw new TechnicalError('Not logged in');
    return loggedIn;
  }

  private endSession(reason: SessionEndReason): void {
    this.storage.clearUser();
    for (const listener of this.sessionEndListeners) listener(reason);
  }

  // ——— registration, login, logout ———

  /** A7-2 */
  register(input: RegistrationInput): Promise<void> {
    return this.run(() => this.api.registration(input));
  }

  /**
   * A7-3, then the after-login merge (A4-3). An aborted signal (the visitor closed the login window, S2-40) means the
   * login must not take effect: a session the server made meanwhile is ended again and nothing stays stored.
   */
  login(email: string, password: string, signal?: AbortSignal): Promise<LoginOutcome> {
    return this.run(async () => this.completeLogin(await this.api.login(email, password), false, signal));
  }

  /** A7-4: the provider's ID token; social registration carries the same fixed approvals as A6-1. */
  loginUsingProvider(provider: string, token: string, nonce?: string, signal?: AbortSignal): Promise<LoginOutcome> {
    return this.run(async () => {
      const result: ProviderLoginResult = await this.api.loginUsingProvider({
        provider,
        token,
        nonce,
        touApproval: true,
        ppApproval: true,
      });
      return this.completeLogin(result, result.isRegistration, signal);
    });
  }

  private async completeLogin(
    result: LoginResult,
    isRegistration: boolean,
    signal?: AbortSignal,
  ): Promise<LoginOutcome> {
    if (signal?.aborted) return this.abandonLogin(result);
    this.storage.writeLogin(result.id, result.hash);
    this.storage.writeTerms(result.termsAgreements);
    await this.afterLogin();
    if (signal?.aborted) return this.abandonLogin(result);
    this.announceData('login');
    const user = this.storage.read();
    return {
      id: result.id,
      isRegistration,
      needsTerms: !(user.ppConfirmed && user.touConfirmed),
      needsMarketing: user.marketingApproval?.required === true,
    };
  }

  /** S2-40: a cancelled login ends the session the server just made and forgets it locally. */
  private async abandonLogin(result: LoginResult): Promise<never> {
    await this.api.logout({ id: result.id, hash: result.hash }).catch(() => undefined);
    if (this.loggedIn?.id === result.id) this.storage.clearUser();
    throw new TechnicalError('Login cancelled');
  }

  /**
   * A4-3: compare local and server data. With consent errors left, storeAfterLoginNeeded is set; otherwise it is
   * cleared and, when the server has no data but local data exists, local data is uploaded as a merge and kept.
   */
  async afterLogin(): Promise<void> {
    const loggedIn = this.requireLogin();
    const answer = await this.api.getData(loggedIn);
    this.storeAnswer(answer);
    if (answer.termsAgreements.errors.length > 0) {
      this.storage.setBoolean('storeAfterLoginNeeded', true);
      return;
    }
    this.storage.setText('storeAfterLoginNeeded', null);
    const local = this.storage.getJson<JsonObject>('data', {});
    if (isEmptyData(answer.data) && !isEmptyData(local)) {
      const terms = await this.api.storeMergedData(loggedIn, 'data', diffFromData(local));
      this.storage.writeTerms(terms);
    } else {
      this.storage.setJson('data', answer.data);
    }
    this.storage.setText(SYNCED_AT_KEY, String(this.now()));
  }

  private storeAnswer(answer: GetDataAnswer): void {
    this.storage.writeProfile(answer.profile);
    this.storage.writeTerms(answer.termsAgreements);
    this.storage.setJson('privateData', answer.privateData);
    this.storage.setJson(
      'marketingApproval',
      marketingApprovalFrom(answer.termsAgreements.errors, answer.marketingApproval ?? null),
    );
    if (answer.marketingConsent) this.storage.setJson('marketingConsent', answer.marketingConsent);
  }

  /** A4-4: the stored user is cleared only when the call succeeds (a login mismatch still logs out, A4-6). */
  logout(): Promise<void> {
    return this.run(
      async () => {
        await this.api.logout(this.requireLogin());
        this.endSession('logout');
      },
      { forcedLogout: 'mismatchOnly' },
    );
  }

  /** A4-4: the stored user is cleared even when the call fails. */
  async deleteAccount(): Promise<void> {
    const loggedIn = this.loggedIn;
    try {
      await this.run(() => this.api.deleteAccount(loggedIn ?? this.requireLogin()));
    } finally {
      if (this.isLoggedIn()) this.endSession('deleted');
    }
  }

  // ——— verification and passwords ———

  /** A7-5 */
  verify(type: VerificationType, code: string, id: string): Promise<VerificationType> {
    return this.run(async () => {
      const verified = await this.api.verification(type, code, id);
      if (verified === 'verifyEmail' && this.storage.getText('id') === id)
        this.storage.setBoolean('emailIsVerified', true);
      return verified;
    });
  }

  /** A7-8 with the current password. */
  changePassword(oldPassword: string, newPassword: string): Promise<void> {
    return this.run(async () => {
      const loggedIn = this.requireLogin();
      await this.api.passwordChange({
        id: loggedIn.id,
        code: loggedIn.hash,
        password: oldPassword,
        newpassword: newPassword,
      });
    });
  }

  /** A7-8 with an emailed reset code. */
  resetPassword(id: string, code: string, newPassword: string): Promise<void> {
    return this.run(() => this.api.passwordChange({ id, code, newpassword: newPassword }));
  }

  /** A7-9, or A7-10 when a captcha solution is given. */
  forgottenPassword(email: string, captcha?: string): Promise<void> {
    return this.run(() =>
      captcha === undefined ? this.api.forgottenPassword(email) : this.api.forgottenPasswordWithCaptcha(email, captcha),
    );
  }

  // ——— user fields and synced data ———

  /**
   * A7-12: the name is stored at once. A new email only starts a change (the server mails the new address): the
   * stored email stays until the address confirms it and /v4/getdata answers the new one.
   */
  updateUser(fields: UserFieldsUpdate): Promise<void> {
    return this.run(async () => {
      await this.api.updateUser(this.requireLogin(), fields);
      if (fields.name !== undefined) this.storage.setText('name', fields.name);
    });
  }

  /** A7-11: applied to the local copy, then sent; the answer is read for terms info. */
  storeMergedData(key: DataKey, dataDiff: DataDiff): Promise<void> {
    return this.run(async () => {
      this.storage.setJson(key, applyDataDiff(this.storage.getJson<JsonObject>(key, {}), dataDiff));
      if (!this.isLoggedIn()) return; // a guest keeps data locally only
      const terms = await this.api.storeMergedData(this.requireLogin(), key, dataDiff);
      this.storage.writeTerms(terms);
    });
  }

  /** A4-7: one sync — fetch account data (or finish a pending after-login merge) and note the time. */
  syncData(): Promise<void> {
    return this.run(async () => {
      const loggedIn = this.requireLogin();
      if (this.storage.getBoolean('storeAfterLoginNeeded')) {
        await this.afterLogin();
        this.announceData('login');
        return;
      }
      const answer = await this.api.getData(loggedIn);
      this.storeAnswer(answer);
      this.storage.setJson('data', answer.data);
      this.storage.setText(SYNCED_AT_KEY, String(this.now()));
      this.announceData('sync');
    });
  }

  // ——— consent ———

  /** A4-1, A7-17: sends the flagged terms back (only if any), then finishes a pending after-login merge. */
  acceptTerms(): Promise<void> {
    return this.run(async () => {
      const loggedIn = this.requireLogin();
      const terms = this.terms;
      await this.api.termsAgreements(loggedIn, flaggedTerms(terms.errors));
      this.storage.writeTerms(
        termsStateFrom({ ppConfirmed: true, touConfirmed: true, errors: withoutConsentErrors(terms.errors, 'XE8') }),
      );
      await this.finishPendingMerge();
    });
  }

  /** A7-18: the answer to a marketing statement. */
  submitMarketingApproval(marketingApproved: boolean, thirdPartiesApproved: boolean): Promise<void> {
    return this.run(async () => {
      const loggedIn = this.requireLogin();
      const current = this.marketingApproval;
      const variant = current?.variant ?? 'NONE';
      await this.api.marketingApproval(loggedIn, { variant, marketingApproved, thirdPartiesApproved });
      this.storage.setJson('marketingApproval', { required: false, variant, marketingApproved, thirdPartiesApproved });
      const terms = this.terms;
      this.storage.writeTerms({ ...terms, errors: withoutConsentErrors(terms.errors, 'XE12') });
      await this.finishPendingMerge();
    });
  }

  private async finishPendingMerge(): Promise<void> {
    if (this.storage.getBoolean('storeAfterLoginNeeded') && this.terms.errors.length === 0) {
      await this.afterLogin();
      this.announceData('login');
    }
  }

  /** Tells the data listeners, unless the after-login merge still waits for consent (A4-3). */
  private announceData(reason: DataLoaded['reason']): void {
    if (!this.isLoggedIn() || this.storage.getBoolean('storeAfterLoginNeeded')) return;
    const data = this.storage.getJson<JsonObject>('data', {});
    for (const listener of this.dataListeners) listener({ reason, data });
  }

  /** A7-19: read, and kept locally. */
  getMarketingConsent(): Promise<MarketingConsent> {
    return this.run(async () => {
      const consent = await this.api.getMarketingConsent(this.requireLogin());
      this.storage.setJson('marketingConsent', consent);
      return consent;
    });
  }

  /** A7-19: changed, and kept locally. */
  putMarketingConsent(marketingApproved: boolean, thirdPartiesApproved: boolean): Promise<MarketingConsent> {
    return this.run(async () => {
      const consent = await this.api.putMarketingConsent(this.requireLogin(), {
        marketingApproved,
        thirdPartiesApproved,
      });
      this.storage.setJson('marketingConsent', consent);
      return consent;
    });
  }

  /** A7-14, A7-15 */
  termsDocuments(version: number | 'latest' = 'latest'): Promise<TermsDocumentsAnswer> {
    return this.run(() => this.api.termsDocument(version));
  }

  captchaChallenge(): Promise<CaptchaChallenge> {
    return this.run(() => this.api.captchaChallenge());
  }

  providers(): Promise<ProviderInfo[]> {
    return this.run(() => this.api.providers());
  }

  // ——— observers ———

  /** A4-4, A4-6: called whenever the stored user is cleared in this tab. */
  onSessionEnd(listener: (reason: SessionEndReason) => void): () => void {
    this.sessionEndListeners.add(listener);
    return () => this.sessionEndListeners.delete(listener);
  }

  /** A4-3, A4-7: called when this tab's login merge or data sync leaves account data in the client. */
  onDataLoaded(listener: (loaded: DataLoaded) => void): () => void {
    this.dataListeners.add(listener);
    return () => this.dataListeners.delete(listener);
  }

  /** A4-8: called for changes to the stored user made in another tab; this tab's own changes are not announced. */
  onOtherTabChange(listener: (change: OtherTabChange) => void): () => void {
    this.otherTabListeners.add(listener);
    return () => this.otherTabListeners.delete(listener);
  }

  /** A4-8: listens to the storage event, which browsers fire only in the tabs that did not make the change. */
  watchOtherTabs(target: EventTarget): () => void {
    const handler = (event: Event) => {
      const { key, newValue } = event as StorageEvent;
      if (key !== null && !key.startsWith(STORAGE_PREFIX)) return;
      if (key !== null && this.storage.wroteLast(key, newValue)) return; // an echo of this tab's own write
      const change: OtherTabChange = { key: key ?? '', loggedIn: this.isLoggedIn() };
      for (const listener of this.otherTabListeners) listener(change);
    };
    target.addEventListener('storage', handler);
    return () => target.removeEventListener('storage', handler);
  }
}
