// Request and answer shapes of the account API (A7), shared by the account client and the account service.
// Field names the spec leaves open use plain names (email, password, name, provider, token); docs/api.md lists them.

export type SocialProvider = 'facebook' | 'google' | 'gso' | 'apple'; // A1-2
export const SOCIAL_PROVIDERS: readonly SocialProvider[] = ['facebook', 'google', 'gso', 'apple'];

export type VerificationType = 'verifyEmail' | 'verifyAccount'; // A3-7
export type EmailKind = 'social' | 'forgottenPassword' | 'verify' | 'deleteAccount' | 'verifyEmail'; // A3-7
export const ACCOUNT_STATUS = { verified: 1, registrationNotConfirmed: 2 } as const; // A3-7

export type TermsType = 'tou' | 'pp';
export type MarketingVariant = 'BASIC_INITIAL' | 'BASIC_PERIODIC' | 'EXTENDED_INITIAL' | 'EXTENDED_PERIODIC' | 'NONE'; // A3-5

/** Legacy codes in an ok answer's err field (A8-2). */
export type LegacyErrorCode =
  | 'XE0'
  | 'XE1'
  | 'XE2'
  | 'XE3'
  | 'XE4'
  | 'XE5'
  | 'XE6'
  | 'XE7'
  | 'XE8'
  | 'XE9'
  | 'XE10'
  | 'XE11'
  | 'XE12'
  | 'XE13';
export const LEGACY_SUCCESS = 'XY1'; // A8-2

/** One terms document the user still has to confirm (A4-1, A7-17). */
export interface TermsDetail {
  type: TermsType;
  projectId: number;
  version: number;
}
/** A marketing statement the user still has to answer; code 1003…1006 picks the variant (A4-2). */
export interface MarketingDetail {
  type: 'marketing';
  projectId: number;
  code: number;
}
/** A consent error the service reports next to a successful answer (err XE8/XE12 with err2). */
export type BackendError =
  | { code: 'XE8'; name: 'TermsConfirmationNeeded'; details: TermsDetail[] }
  | { code: 'XE12'; name: 'MarketingStatementNeeded'; details: MarketingDetail[] };

/** A3-1 */
export interface TermsAgreements {
  ppConfirmed: boolean;
  touConfirmed: boolean;
  errors: BackendError[];
}

export interface LoggedIn {
  id: string;
  hash: string;
}

/** Every legacy answer may carry err (and err2 for consent errors). */
export interface LegacyAnswer {
  r?: string;
  err?: LegacyErrorCode | string;
  err2?: BackendError[];
}

export interface RegistrationRequest {
  email: string;
  password: string;
  name: string;
  captcha: string;
  termsofservice: true;
  touApproval: true;
  ppApproval: true;
  namespace: string;
  project: number;
}

export interface LoginRequest {
  email: string;
  password: string;
  namespace: string;
  project: number;
}
export interface LoginAnswer extends LegacyAnswer {
  id: string;
  hash: string;
  status?: number;
  termsAgreements: TermsAgreements;
}

export interface ProviderLoginRequest {
  provider: SocialProvider | string;
  token: string;
  nonce?: string;
  touApproval: boolean;
  ppApproval: boolean;
  namespace: string;
  project: number;
}
export interface ProviderLoginAnswer extends LoginAnswer {
  isRegistration: boolean;
}

export interface VerificationRequest {
  t: VerificationType;
  c: string;
  i: string;
  namespace: string;
}
export interface VerificationAnswer extends LegacyAnswer {
  t?: VerificationType;
}

export interface PasswordChangeRequest {
  id: string;
  /** The session hash when changing a known password, or the emailed reset code. */
  code: string;
  /** The current password; absent for a reset by code. */
  password?: string;
  newpassword: string;
}

export interface ForgottenPasswordRequest {
  email: string;
  namespace: string;
  p: number;
}
export interface ForgottenPasswordV5Request {
  email: string;
  captcha: string;
  projectId: number;
  namespace: string;
}

/** A3-11: dotted keys to set, and dotted keys to remove. */
export interface DataDiff {
  merge: Record<string, unknown>;
  unmerge: string[];
}
export type DataKey = 'data' | 'privateData';
export interface StoreMergedDataRequest {
  loggedIn: LoggedIn;
  key: DataKey;
  dataDiff: DataDiff;
  project: number;
}

export interface UpdateUserRequest {
  loggedIn: LoggedIn;
  project: number;
  name?: string;
  email?: string;
}

/** A3-2 */
export interface Profile {
  id: string;
  name: string;
  email: string;
  emailIsVerified: boolean;
}

/** A3-4 */
export interface MarketingApproval {
  required: boolean;
  variant: MarketingVariant;
  marketingApproved: boolean;
  thirdPartiesApproved: boolean;
}
export interface MarketingConsent {
  projectId: number;
  marketingApproved: boolean;
  thirdPartiesApproved: boolean;
  updatedAt: string | null;
}

export type JsonObject = Record<string, unknown>;

export interface GetDataAnswer extends LegacyAnswer {
  data: JsonObject;
  privateData: JsonObject;
  profile: Profile;
  termsAgreements: TermsAgreements;
  marketingApproval: MarketingApproval;
  marketingConsent: MarketingConsent;
}

export interface StoreMergedDataAnswer extends LegacyAnswer {
  termsAgreements: TermsAgreements;
}

/** A3-6 */
export interface TermsDocument {
  projectId: number;
  version: number;
  type: TermsType;
  title: string;
  body: string;
  publishedAt: string;
  archived: boolean;
}
export interface TermsDocumentsAnswer {
  documents: TermsDocument[];
}
export interface UserTermsState {
  projectId: number;
  type: TermsType;
  agreedVersion: number | null;
  latestVersion: number;
  confirmed: boolean;
}
export interface UserTermsAnswer {
  terms: UserTermsState[];
}
export interface TermsAgreementsRequest {
  projectId: number;
  terms: TermsDetail[];
}
export interface MarketingApprovalRequest {
  projectId: number;
  variant: MarketingVariant;
  marketingApproved: boolean;
  thirdPartiesApproved: boolean;
}
export interface MarketingConsentRequest {
  projectId: number;
  marketingApproved: boolean;
  thirdPartiesApproved: boolean;
}

/** A8-3: the body of every v5 error answer. */
export interface V5ErrorBody {
  code: number;
  name: string;
  message: string;
}
export const V5_ERROR = {
  invalidRequest: { code: 100, name: 'InvalidRequestData' },
  invalidBody: { code: 101, name: 'InvalidRequestBody' },
  unauthorized: { code: 110, name: 'Unauthorized' },
  invalidCaptcha: { code: 120, name: 'InvalidCaptcha' },
  notFound: { code: 130, name: 'NotFound' },
  verificationFailed: { code: 150, name: 'VerificationFailed' },
  tooManyRequests: { code: 160, name: 'TooManyRequests' },
  internal: { code: 199, name: 'InternalError' },
} as const;

/** ALTCHA-style proof-of-work challenge (served by GET /v5/captcha/challenge). */
export interface CaptchaChallenge {
  algorithm: 'SHA-256';
  challenge: string;
  salt: string;
  maxnumber: number;
  signature: string;
}
export interface CaptchaSolution {
  algorithm: 'SHA-256';
  challenge: string;
  salt: string;
  number: number;
  signature: string;
}

/** Sign-in providers the service offers (GET /v5/accounts/providers). */
export interface ProviderInfo {
  provider: SocialProvider;
  issuer: string;
  authorizationEndpoint: string;
  clientId: string;
}
