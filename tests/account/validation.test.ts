import { describe, expect, it } from 'vitest';
import {
  checkClientConfig,
  isAcceptableEmail,
  isEmail,
  isNewPassword,
  isNickname,
  isNonEmpty,
  isOldPassword,
  isStrictEmail,
  isVerificationCode,
  NICKNAME_PLACEHOLDER,
  nicknameOrPlaceholder,
} from '../../src/domain/account-validation';

describe('account validation rules', () => {
  it('A5-1 basic email pattern: letters, digits, _ - . then @, a domain and a 2–4 letter TLD', () => {
    for (const ok of ['aigul@example.kz', 'a.b_c-d@mail.example.info', 'x1@y.com']) expect(isEmail(ok)).toBe(true);
    for (const bad of [
      'aigul@example',
      'aigul@example.k',
      'aigul@example.travel',
      'ai gul@example.kz',
      'a+b@x.kz',
      '@x.kz',
    ])
      expect(isEmail(bad)).toBe(false);
  });

  it('A5-1 strict email pattern: no consecutive dots, no leading or trailing special characters, TLD of 2 or more', () => {
    expect(isStrictEmail('aigul@example.travel')).toBe(true);
    expect(isStrictEmail('a@b.kz')).toBe(true);
    for (const bad of [
      'ai..gul@example.kz',
      '.aigul@example.kz',
      'aigul.@example.kz',
      '_a@example.kz',
      'a@-x.kz',
      'a@x..kz',
    ])
      expect(isStrictEmail(bad)).toBe(false);
    // both patterns together are what forms and the service accept
    expect(isAcceptableEmail('aigul@example.kz')).toBe(true);
    expect(isAcceptableEmail('aigul@example.travel')).toBe(false);
    expect(isAcceptableEmail('ai..gul@example.kz')).toBe(false);
  });

  it('A5-2 old password: at least 5 characters', () => {
    expect(isOldPassword('abcd')).toBe(false);
    expect(isOldPassword('abcde')).toBe(true);
  });

  it('A5-3 new password: 8+ chars, lower, upper, non-word or underscore, no whitespace', () => {
    expect(isNewPassword('Qwerty_1')).toBe(true);
    expect(isNewPassword('Qwerty!x')).toBe(true);
    expect(isNewPassword('Қазақ_Стан')).toBe(true); // Kazakh letters count as letters
    expect(isNewPassword('Qwert_1')).toBe(false); // 7 characters
    expect(isNewPassword('qwerty_12')).toBe(false); // no uppercase
    expect(isNewPassword('QWERTY_12')).toBe(false); // no lowercase
    expect(isNewPassword('Qwerty123')).toBe(false); // no special character
    expect(isNewPassword('Qwerty 12!')).toBe(false); // whitespace
  });

  it('A5-4 nickname: 5+ letters, digits, _ - . and the placeholder of five underscores', () => {
    expect(isNickname('Aigul')).toBe(true);
    expect(isNickname('Айгүл_К')).toBe(true);
    expect(isNickname('Aigu')).toBe(false);
    expect(isNickname('Aigul K')).toBe(false);
    expect(isNickname('a@b.c.d')).toBe(false);
    expect(NICKNAME_PLACEHOLDER).toBe('_____');
    expect(nicknameOrPlaceholder('')).toBe('_____');
    expect(nicknameOrPlaceholder('   ')).toBe('_____');
    expect(nicknameOrPlaceholder('Aigul')).toBe('Aigul');
  });

  it('A5-5 non-empty: must contain a non-space character', () => {
    expect(isNonEmpty('')).toBe(false);
    expect(isNonEmpty(' \t\n')).toBe(false);
    expect(isNonEmpty(' a ')).toBe(true);
  });

  it('A5-6 verification code: exactly 40 lowercase hex characters', () => {
    expect(isVerificationCode('a'.repeat(40))).toBe(true);
    expect(isVerificationCode('0123456789abcdef0123456789abcdef01234567')).toBe(true);
    expect(isVerificationCode('A'.repeat(40))).toBe(false);
    expect(isVerificationCode('a'.repeat(39))).toBe(false);
    expect(isVerificationCode('a'.repeat(41))).toBe(false);
    expect(isVerificationCode('g'.repeat(40))).toBe(false);
  });

  it("A5-7 client configuration: 'config.{property} is required' for the first missing property", () => {
    const full = { mode: 'Production', productionUrl: 'http://x', namespace: 'kz', projectId: 47 };
    expect(checkClientConfig(full)).toBeNull();
    expect(checkClientConfig({ ...full, mode: undefined })).toBe('config.mode is required');
    expect(checkClientConfig({ ...full, mode: 'Staging' })).toBe('config.mode is required');
    expect(checkClientConfig({ ...full, productionUrl: '' })).toBe('config.productionUrl is required');
    expect(checkClientConfig({ ...full, mode: 'Sandbox' })).toBe('config.sandboxUrl is required');
    expect(checkClientConfig({ ...full, mode: 'Sandbox', sandboxUrl: 'http://s' })).toBeNull();
    expect(checkClientConfig({ ...full, namespace: ' ' })).toBe('config.namespace is required');
    expect(checkClientConfig({ ...full, projectId: undefined })).toBe('config.projectId is required');
    expect(checkClientConfig({ ...full, projectId: '47' as unknown as number })).toBe('config.projectId is required');
    expect(checkClientConfig(null)).toBe('config.mode is required');
  });
});
