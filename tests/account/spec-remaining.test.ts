// Items of spec/account-client.md whose behaviour is indirect or 'not shown': each is checked at the nearest
// observable behaviour.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { accountLoginMachine } from '../../machines/account-login';
import { AccountClient } from '../../src/account/client';
import { ACCOUNT_ERROR_CODE, AccountError } from '../../src/account/errors';
import { userMessageKey } from '../../src/account/error-mapping';
import { AccountHttp, DEFAULT_TIMEOUT_MS } from '../../src/account/http';
import {
  isNewPassword,
  isNickname,
  NICKNAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
} from '../../src/domain/account-validation';
import { validateResolverConfig } from '../../src/net/origin-resolver';
import { isEmptyFeedBody } from '../../src/protocol/codec';
import { KK_ACCOUNT_ERRORS } from '../../web/ui/account/kk-account';
import { NS, PROJECT, startAccountServer } from './helpers';

describe('indirect and not-shown items', () => {
  it('A2-1 no routes of its own: a guest is sent to the login dialog, and account errors map to the six message keys', () => {
    const flow = createActor(accountLoginMachine, { input: { loggedIn: false } }).start();
    flow.send({ type: 'REQUIRE_LOGIN', reason: 'loginNeeded' });
    expect(flow.getSnapshot().value).toBe('guest');
    expect(flow.getSnapshot().context.reason).toBe('loginNeeded');
    const keys = Object.values(ACCOUNT_ERROR_CODE).map((code) => userMessageKey(new AccountError(code)));
    expect(new Set(keys)).toEqual(
      new Set([
        'loginFailed',
        'accountNotVerified',
        'passwordInvalid',
        'robotConfirmationDialog',
        'emailUsed',
        'serverError',
      ]),
    );
    expect(Object.keys(KK_ACCOUNT_ERRORS).sort()).toEqual([...new Set(keys)].sort());
  });

  it('A3-9 the feed resolver configuration: local and global lists and default_url, entries with url, weight, countries', () => {
    const config = validateResolverConfig({
      local: [{ url: 'https://kz.example', weight: 1, countries: ['KZ'] }],
      global: [{ url: 'https://all.example', weight: 2, countries: ['KZ', 'RU'] }],
      default_url: 'https://default.example',
    });
    expect(config.local[0]).toEqual({ url: 'https://kz.example', weight: 1, countries: ['KZ'] });
    expect(config.default_url).toBe('https://default.example');
    expect(() =>
      validateResolverConfig({ local: [{ url: 'x', weight: 1, countries: [] }], global: [], default_url: 'd' }),
    ).toThrow();
  });

  it("A5-10 participant-style feed data is present only when not empty or '0' (under 4 characters is empty)", () => {
    expect(isEmptyFeedBody('')).toBe(true);
    expect(isEmptyFeedBody('0')).toBe(true);
    expect(isEmptyFeedBody('abc')).toBe(true);
    expect(isEmptyFeedBody(null)).toBe(true);
    expect(isEmptyFeedBody('SA÷1')).toBe(false);
  });

  it('A5-11 other field bounds are not shown: the client and the service share upper bounds for passwords and names', async () => {
    expect(isNewPassword(`Aa_${'x'.repeat(PASSWORD_MAX_LENGTH - 3)}`)).toBe(true);
    expect(isNewPassword(`Aa_${'x'.repeat(PASSWORD_MAX_LENGTH)}`)).toBe(false);
    expect(isNickname('n'.repeat(NICKNAME_MAX_LENGTH))).toBe(true);
    expect(isNickname('n'.repeat(NICKNAME_MAX_LENGTH + 1))).toBe(false);
    const server = await startAccountServer();
    try {
      const tooLong = await server.post('/v3/registration', {
        email: 'long@example.kz',
        password: `Aa_${'x'.repeat(PASSWORD_MAX_LENGTH)}`,
        name: 'Long_name',
        captcha: await server.captcha(),
        termsofservice: true,
        touApproval: true,
        ppApproval: true,
        namespace: NS,
        project: PROJECT,
      });
      expect(tooLong.body).toEqual({ err: 'XE11' });
    } finally {
      await server.close();
    }
  });

  it('A9-5 the timeout for other calls is not shown: every account call uses the client timeout (default 30000 ms)', async () => {
    expect(DEFAULT_TIMEOUT_MS).toBe(30_000);
    expect(new AccountHttp({ baseUrl: 'http://x' }).timeoutMs).toBe(30_000);
    expect(new AccountHttp({ baseUrl: 'http://x', timeoutMs: 5000 }).timeoutMs).toBe(5000);
    const signals: (AbortSignal | null | undefined)[] = [];
    const client = new AccountClient(
      { mode: 'Production', productionUrl: 'http://127.0.0.1:1', namespace: NS, projectId: PROJECT },
      {
        storage: new Map([
          ['lsid_id', 'u'],
          ['lsid_hash', 'h'],
        ]),
        fetch: async (_input, init) => {
          signals.push(init?.signal);
          return new Response(JSON.stringify({ r: 'XY1' }));
        },
        now: () => Date.now(),
      },
    );
    await client.logout();
    await client.forgottenPassword('a@example.kz');
    expect(signals).toHaveLength(2);
    expect(signals.every((s) => s instanceof AbortSignal)).toBe(true);
  });
});
