// The client's local store of the user (A3-3): every key prefixed lsid_, booleans as text, objects as JSON text.
// The backend is injected: window.localStorage in the browser, a Map in tests and the CLI.
import type {
  BackendError,
  JsonObject,
  MarketingApproval,
  MarketingConsent,
  Profile,
  TermsAgreements,
} from '../wire/account';

export const STORAGE_PREFIX = 'lsid_'; // A9-1
export const LOCAL_DB_VERSION = 1; // A3-3

/** A3-3: the stored user keys (without the prefix). */
export const STORED_USER_KEYS = [
  'id',
  'hash',
  'name',
  'email',
  'emailIsVerified',
  'ppConfirmed',
  'touConfirmed',
  'data',
  'privateData',
  'marketingApproval',
  'marketingConsent',
  'backendErrors',
  'storeAfterLoginNeeded',
] as const;
export type StoredUserKey = (typeof STORED_USER_KEYS)[number];
/** A4-7: when account data was last synced (ms since epoch). */
export const SYNCED_AT_KEY = 'syncedAt';

/** What localStorage offers and the client needs. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}
export type StorageBackend = KeyValueStorage | Map<string, string>;

function adapt(backend: StorageBackend): KeyValueStorage {
  if (backend instanceof Map)
    return {
      getItem: (key) => backend.get(key) ?? null,
      setItem: (key, value) => void backend.set(key, value),
      removeItem: (key) => void backend.delete(key),
    };
  return backend;
}

/** Types of the stored values once read back. */
export interface StoredUser {
  id: string | null;
  hash: string | null;
  name: string | null;
  email: string | null;
  emailIsVerified: boolean;
  ppConfirmed: boolean;
  touConfirmed: boolean;
  data: JsonObject;
  privateData: JsonObject;
  marketingApproval: MarketingApproval | null;
  marketingConsent: MarketingConsent | null;
  backendErrors: BackendError[];
  storeAfterLoginNeeded: boolean;
}

export class AccountStorage {
  readonly backend: KeyValueStorage;
  /** What this tab wrote last per full key, so echoes of its own writes are not taken for another tab's (A4-8). */
  private readonly ownWrites = new Map<string, string | null>();
  constructor(backend: StorageBackend) {
    this.backend = adapt(backend);
  }

  /** Whether this tab's last write to a full key left exactly this value. */
  wroteLast(fullKey: string, value: string | null): boolean {
    return this.ownWrites.has(fullKey) && this.ownWrites.get(fullKey) === value;
  }

  key(name: string): string {
    return STORAGE_PREFIX + name;
  }

  getText(name: string): string | null {
    try {
      return this.backend.getItem(this.key(name));
    } catch {
      return null; // storage disabled (private mode): behave as empty
    }
  }

  setText(name: string, value: string | null): void {
    this.ownWrites.set(this.key(name), value);
    try {
      if (value === null) this.backend.removeItem(this.key(name));
      else this.backend.setItem(this.key(name), value);
    } catch {
      // quota exceeded or storage disabled: keep going with what is in memory
    }
  }

  /** Booleans are stored as 'true' / 'false'. */
  getBoolean(name: string): boolean {
    return this.getText(name) === 'true';
  }
  setBoolean(name: string, value: boolean): void {
    this.setText(name, value ? 'true' : 'false');
  }

  /** Objects are stored as JSON text; unreadable text reads as the fallback. */
  getJson<T>(name: string, fallback: T): T {
    const text = this.getText(name);
    if (text === null) return fallback;
    try {
      return JSON.parse(text) as T;
    } catch {
      return fallback;
    }
  }
  setJson(name: string, value: unknown): void {
    this.setText(name, value === null || value === undefined ? null : JSON.stringify(value));
  }

  /** A3-3: logged in only when both a stored id and a stored hash exist. */
  isLoggedIn(): boolean {
    return Boolean(this.getText('id')) && Boolean(this.getText('hash'));
  }

  read(): StoredUser {
    return {
      id: this.getText('id'),
      hash: this.getText('hash'),
      name: this.getText('name'),
      email: this.getText('email'),
      emailIsVerified: this.getBoolean('emailIsVerified'),
      ppConfirmed: this.getBoolean('ppConfirmed'),
      touConfirmed: this.getBoolean('touConfirmed'),
      data: this.getJson<JsonObject>('data', {}),
      privateData: this.getJson<JsonObject>('privateData', {}),
      marketingApproval: this.getJson<MarketingApproval | null>('marketingApproval', null),
      marketingConsent: this.getJson<MarketingConsent | null>('marketingConsent', null),
      backendErrors: this.getJson<BackendError[]>('backendErrors', []),
      storeAfterLoginNeeded: this.getBoolean('storeAfterLoginNeeded'),
    };
  }

  writeLogin(id: string, hash: string): void {
    this.setText('id', id);
    this.setText('hash', hash);
  }

  writeTerms(terms: TermsAgreements): void {
    this.setBoolean('ppConfirmed', terms.ppConfirmed);
    this.setBoolean('touConfirmed', terms.touConfirmed);
    this.setJson('backendErrors', terms.errors);
  }

  writeProfile(profile: Profile): void {
    this.setText('name', profile.name);
    this.setText('email', profile.email);
    this.setBoolean('emailIsVerified', profile.emailIsVerified);
  }

  /** A4-4: forget the user; guest data (data) stays unless told. */
  clearUser(options: { keepData?: boolean } = {}): void {
    for (const name of STORED_USER_KEYS) {
      if (options.keepData && name === 'data') continue;
      this.setText(name, null);
    }
    this.setText(SYNCED_AT_KEY, null);
  }
}
