// Account form and configuration rules (A5-1…A5-7). Pure: shared by the account client, its dialogs and the
// account service, so a value the client accepts is one the server accepts too.

/** A5-1: the basic pattern — letters, digits, _ - . before @, a domain, a top-level domain of 2 to 4 letters. */
const BASIC_EMAIL = /^[A-Za-z0-9_.-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,4}$/;
/** A5-1: the stricter pattern — no leading or trailing special character in the local part or a label, TLD ≥ 2 letters. */
const STRICT_EMAIL =
  /^[A-Za-z0-9](?:[A-Za-z0-9_.-]*[A-Za-z0-9])?@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

export function isEmail(value: string): boolean {
  return BASIC_EMAIL.test(value);
}

/** A5-1: the stricter pattern also forbids consecutive dots. */
export function isStrictEmail(value: string): boolean {
  return STRICT_EMAIL.test(value) && !value.includes('..');
}

/** Both A5-1 patterns: what the forms and the service accept. */
export function isAcceptableEmail(value: string): boolean {
  return value.length <= 254 && isEmail(value) && isStrictEmail(value);
}

export const OLD_PASSWORD_MIN_LENGTH = 5; // A5-2
export const NEW_PASSWORD_MIN_LENGTH = 8; // A5-3
export const NICKNAME_MIN_LENGTH = 5; // A5-4
export const NICKNAME_PLACEHOLDER = '_____'; // A5-4: five underscores for an empty nickname
/** Upper bounds are not given by the spec (A5-11); these keep stored values and hashing cost sane. */
export const PASSWORD_MAX_LENGTH = 128;
export const NICKNAME_MAX_LENGTH = 64;

/** A5-2: an old (current) password has at least 5 characters. */
export function isOldPassword(value: string): boolean {
  return value.length >= OLD_PASSWORD_MIN_LENGTH && value.length <= PASSWORD_MAX_LENGTH;
}

/**
 * A5-3: at least 8 characters, one lowercase, one uppercase, one non-word or underscore character, no whitespace.
 * Letters are Unicode letters so Kazakh (Cyrillic) passwords follow the same rule as Latin ones.
 */
export function isNewPassword(value: string): boolean {
  if (value.length < NEW_PASSWORD_MIN_LENGTH || value.length > PASSWORD_MAX_LENGTH) return false;
  if (/\s/u.test(value)) return false;
  return /\p{Ll}/u.test(value) && /\p{Lu}/u.test(value) && /[^\p{L}\p{N}]/u.test(value);
}

/** A5-4: at least 5 characters from letters, digits, underscore, hyphen and dot. */
export function isNickname(value: string): boolean {
  return value.length <= NICKNAME_MAX_LENGTH && /^[\p{L}\p{N}_.-]{5,}$/u.test(value);
}

/** A5-4: the name shown for an empty nickname. */
export function nicknameOrPlaceholder(value: string | null | undefined): string {
  return value && isNonEmpty(value) ? value : NICKNAME_PLACEHOLDER;
}

/** A5-5: must contain a non-space character. */
export function isNonEmpty(value: string): boolean {
  return /\S/u.test(value);
}

/** A5-6: exactly 40 lowercase hex characters. */
export function isVerificationCode(value: string): boolean {
  return /^[0-9a-f]{40}$/.test(value);
}

/** A3-8: the client's configuration. */
export type AccountMode = 'Production' | 'Sandbox';
export interface AccountClientSettings {
  mode?: AccountMode | string;
  productionUrl?: string;
  sandboxUrl?: string;
  namespace?: string;
  projectId?: number;
}

/** A5-7: the first missing property as 'config.{property} is required', or null when the configuration is complete. */
export function checkClientConfig(config: AccountClientSettings | null | undefined): string | null {
  const c = config ?? {};
  const missing = (property: string) => `config.${property} is required`;
  if (c.mode !== 'Production' && c.mode !== 'Sandbox') return missing('mode');
  if (typeof c.productionUrl !== 'string' || !isNonEmpty(c.productionUrl)) return missing('productionUrl');
  if (c.mode === 'Sandbox' && (typeof c.sandboxUrl !== 'string' || !isNonEmpty(c.sandboxUrl)))
    return missing('sandboxUrl');
  if (typeof c.namespace !== 'string' || !isNonEmpty(c.namespace)) return missing('namespace');
  if (typeof c.projectId !== 'number' || !Number.isInteger(c.projectId) || c.projectId <= 0)
    return missing('projectId');
  return null;
}
