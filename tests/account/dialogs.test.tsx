// @vitest-environment happy-dom
// The account dialogs with a real account client whose fetch is a fake service.
import { createHash } from 'node:crypto';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useCallback, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountClient } from '../../src/account/client';
import type { UserMessageKey } from '../../src/account/error-mapping';
import type { FetchLike } from '../../src/account/http';
import {
  AccountDialogs,
  type AccountView,
  landingFromUrl,
  type SocialBrowser,
} from '../../web/ui/account/AccountDialogs';
import { KK_ACCOUNT_ERRORS, kkAccount } from '../../web/ui/account/kk-account';

afterEach(cleanup);

type Handler = (body: Record<string, unknown>, url: URL, init?: RequestInit) => unknown;

function fakeService(routes: Record<string, Handler>) {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  const fetchImpl: FetchLike = async (input, init) => {
    const url = new URL(input);
    const body = init?.body ? JSON.parse(String(init.body)) : {};
    calls.push({ path: url.pathname, body });
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const handler = routes[key] ?? routes[url.pathname];
    if (!handler) return new Response(JSON.stringify({ code: 130, name: 'NotFound', message: key }), { status: 404 });
    const answer = handler(body, url, init);
    if (answer instanceof Response) return answer;
    return new Response(JSON.stringify(answer ?? {}), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { fetchImpl, calls };
}

const PROVIDERS = ['facebook', 'google', 'gso', 'apple'].map((provider) => ({
  provider,
  issuer: `http://127.0.0.1:1/dev/oidc/${provider}`,
  authorizationEndpoint: `http://127.0.0.1:1/dev/oidc/${provider}/authorize`,
  clientId: 'kz-scores-dev',
}));

const consentFree = { ppConfirmed: true, touConfirmed: true, errors: [] };
const getdata = (extra: Record<string, unknown> = {}) => ({
  data: {},
  privateData: {},
  profile: { id: 'u1', name: 'Aigul_K', email: 'aigul@example.kz', emailIsVerified: true },
  termsAgreements: consentFree,
  marketingApproval: { required: false, variant: 'NONE', marketingApproved: false, thirdPartiesApproved: false },
  marketingConsent: { projectId: 47, marketingApproved: false, thirdPartiesApproved: false, updatedAt: null },
  ...extra,
});

function challenge(number = 7) {
  const salt = 'abc?expires=9999999999';
  return {
    algorithm: 'SHA-256',
    challenge: createHash('sha256')
      .update(salt + number)
      .digest('hex'),
    salt,
    maxnumber: 50,
    signature: 'sig',
  };
}

/** Keeps the open view in state, as the shell does. */
function Harness(props: {
  client: AccountClient;
  initial: AccountView | null;
  views: (AccountView | null)[];
  social: Partial<SocialBrowser>;
}) {
  const [view, setView] = useState<AccountView | null>(props.initial);
  const { views } = props;
  const onViewChange = useCallback(
    (v: AccountView | null) => {
      views.push(v);
      setView(v);
    },
    [views],
  );
  return <AccountDialogs client={props.client} view={view} onViewChange={onViewChange} social={props.social} />;
}

function setup(
  routes: Record<string, Handler>,
  options: { storage?: Map<string, string>; view?: AccountView | null; hash?: string } = {},
) {
  const service = fakeService({ '/v5/accounts/providers': () => ({ providers: PROVIDERS }), ...routes });
  const storage = options.storage ?? new Map<string, string>();
  const client = new AccountClient(
    { mode: 'Production', productionUrl: 'http://127.0.0.1:1', namespace: 'kz-scores', projectId: 47 },
    { storage, fetch: service.fetchImpl, now: () => Date.now() },
  );
  const views: (AccountView | null)[] = [];
  const navigated: string[] = [];
  const session = new Map<string, string>();
  const sessionStore = {
    getItem: (k: string) => session.get(k) ?? null,
    setItem: (k: string, v: string) => void session.set(k, v),
    removeItem: (k: string) => void session.delete(k),
  };
  const social = {
    redirectUri: 'http://127.0.0.1:3000/kz/',
    navigate: (u: string) => void navigated.push(u),
    session: sessionStore,
    hash: options.hash ?? '',
    clearHash: () => undefined,
  };
  render(
    <Harness
      client={client}
      initial={options.view === undefined ? 'login' : options.view}
      views={views}
      social={social}
    />,
  );
  return { client, storage, service, views, navigated, session };
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('login dialog', () => {
  it('S8-9 A8-4 a failed login shows the Kazakh login-failed message; A5-1 a bad email is caught before sending', async () => {
    const { service } = setup({ '/v3/login': () => ({ err: 'XE1' }) });
    type(kkAccount.email, 'not-an-email');
    type(kkAccount.password, 'secret');
    fireEvent.click(screen.getByRole('button', { name: kkAccount.login.submit }));
    expect(screen.getByText(kkAccount.validation.email)).toBeTruthy();
    expect(service.calls.some((c) => c.path === '/v3/login')).toBe(false);
    type(kkAccount.email, 'aigul@example.kz');
    fireEvent.click(screen.getByRole('button', { name: kkAccount.login.submit }));
    await screen.findByText(KK_ACCOUNT_ERRORS.loginFailed);
  });

  it('A7-3 A4-2 a successful login with a pending marketing statement opens the marketing dialog', async () => {
    const { views, storage } = setup({
      '/v3/login': () => ({ id: 'u1', hash: 'h'.repeat(40), termsAgreements: consentFree }),
      '/v4/getdata': () =>
        getdata({
          err: 'XE12',
          err2: [
            {
              code: 'XE12',
              name: 'MarketingStatementNeeded',
              details: [{ type: 'marketing', projectId: 47, code: 1003 }],
            },
          ],
          termsAgreements: {
            ...consentFree,
            errors: [
              {
                code: 'XE12',
                name: 'MarketingStatementNeeded',
                details: [{ type: 'marketing', projectId: 47, code: 1003 }],
              },
            ],
          },
        }),
    });
    type(kkAccount.email, 'aigul@example.kz');
    type(kkAccount.password, 'Qwerty_123');
    fireEvent.click(screen.getByRole('button', { name: kkAccount.login.submit }));
    await waitFor(() => expect(views).toContain('marketing'));
    expect(storage.get('lsid_id')).toBe('u1');
    // A3-5 EXTENDED variants ask about partners too
    expect(await screen.findByLabelText(kkAccount.marketing.thirdPartiesApproved)).toBeTruthy();
  });

  it('A1-2 S1-10 social buttons for the four providers send the page to the provider with state and nonce', async () => {
    const { navigated, session } = setup({});
    const google = await screen.findByRole('button', { name: kkAccount.login.socialWith('Google') });
    expect(screen.getAllByRole('button', { name: /арқылы кіру/ })).toHaveLength(4);
    fireEvent.click(google);
    const url = new URL(navigated[0]);
    expect(url.pathname).toBe('/dev/oidc/google/authorize');
    expect(url.searchParams.get('redirect_uri')).toBe('http://127.0.0.1:3000/kz/');
    const pending = JSON.parse(session.get('lsid_socialPending') as string);
    expect(url.searchParams.get('state')).toBe(pending.state);
    expect(url.searchParams.get('nonce')).toBe(pending.nonce);
  });

  it('A7-4 back from the provider, the id_token is sent with its nonce when the state matches', async () => {
    const session = new Map([['lsid_socialPending', JSON.stringify({ provider: 'apple', state: 's1', nonce: 'n1' })]]);
    const { fetchImpl, calls } = fakeService({
      '/v3/loginusingprovider': () => ({
        id: 'u2',
        hash: 'h'.repeat(40),
        isRegistration: true,
        termsAgreements: consentFree,
      }),
      '/v4/getdata': () => getdata(),
    });
    const client = new AccountClient(
      { mode: 'Production', productionUrl: 'http://127.0.0.1:1', namespace: 'kz-scores', projectId: 47 },
      { storage: new Map(), fetch: fetchImpl, now: () => Date.now() },
    );
    const sessionStore = {
      getItem: (k: string) => session.get(k) ?? null,
      setItem: (k: string, v: string) => void session.set(k, v),
      removeItem: (k: string) => void session.delete(k),
    };
    render(
      <AccountDialogs
        client={client}
        view={null}
        onViewChange={() => undefined}
        social={{ hash: '#id_token=tok&state=s1', session: sessionStore, clearHash: () => undefined }}
      />,
    );
    await waitFor(() => expect(client.isLoggedIn()).toBe(true));
    expect(calls.find((c) => c.path === '/v3/loginusingprovider')?.body).toMatchObject({
      provider: 'apple',
      token: 'tok',
      nonce: 'n1',
    });
  });

  it('S5-5 S2-44 a guest sent to login from a user-only function sees the login-needed text', async () => {
    const { fetchImpl } = fakeService({ '/v5/accounts/providers': () => ({ providers: [] }) });
    const client = new AccountClient(
      { mode: 'Production', productionUrl: 'http://127.0.0.1:1', namespace: 'kz-scores', projectId: 47 },
      { storage: new Map(), fetch: fetchImpl, now: () => Date.now() },
    );
    const { loginMachineFor } = await import('../../web/ui/account/account-actors');
    const { createActor } = await import('xstate');
    const login = createActor(loginMachineFor(client), { input: { loggedIn: false } }).start();
    login.send({ type: 'REQUIRE_LOGIN', reason: 'loginNeeded' });
    render(<AccountDialogs client={client} login={login} view="login" onViewChange={() => undefined} />);
    expect(screen.getByText(kkAccount.login.loginNeeded)).toBeTruthy();
  });

  it('S2-40 closing the login window cancels the running flow', async () => {
    let release: (v: unknown) => void = () => undefined;
    const { views, client } = setup({ '/v3/login': () => new Promise((r) => (release = r)) as unknown as Response });
    type(kkAccount.email, 'aigul@example.kz');
    type(kkAccount.password, 'Qwerty_123');
    fireEvent.click(screen.getByRole('button', { name: kkAccount.login.submit }));
    fireEvent.click(screen.getByRole('button', { name: kkAccount.close }));
    expect(views).toEqual([null]);
    release(new Response(JSON.stringify({ err: 'XE1' })));
    await act(async () => undefined);
    expect(client.isLoggedIn()).toBe(false);
  });
});

describe('registration and password dialogs', () => {
  it('A7-2 S1-10 registration solves the captcha in the page and reports the emailed confirmation', async () => {
    const { service } = setup(
      { '/v5/captcha/challenge': () => challenge(7), '/v3/registration': () => ({ r: 'XY1' }) },
      { view: 'register' },
    );
    type(kkAccount.email, 'new@example.kz');
    type(kkAccount.name, 'Nurlan');
    type(kkAccount.password, 'weak');
    fireEvent.click(screen.getByRole('button', { name: kkAccount.register.submit }));
    expect(screen.getByText(kkAccount.validation.newPassword)).toBeTruthy(); // A5-3
    expect(screen.getByText(kkAccount.validation.captcha)).toBeTruthy();
    type(kkAccount.password, 'Qwerty_123');
    fireEvent.click(screen.getByLabelText(kkAccount.captcha.label));
    await screen.findByText(`✓ ${kkAccount.captcha.solved}`, { exact: false });
    fireEvent.click(screen.getByRole('button', { name: kkAccount.register.submit }));
    await screen.findByText(kkAccount.register.done('new@example.kz'));
    const sent = service.calls.find((c) => c.path === '/v3/registration')?.body as Record<string, unknown>;
    expect(JSON.parse(atob(sent.captcha as string))).toMatchObject({ number: 7, algorithm: 'SHA-256' });
  });

  it('S8-9 registration with a used email shows the email-used message', async () => {
    setup(
      { '/v5/captcha/challenge': () => challenge(3), '/v3/registration': () => ({ err: 'XE3' }) },
      { view: 'register' },
    );
    type(kkAccount.email, 'used@example.kz');
    type(kkAccount.password, 'Qwerty_123');
    fireEvent.click(screen.getByLabelText(kkAccount.captcha.label));
    await screen.findByText(`✓ ${kkAccount.captcha.solved}`, { exact: false });
    fireEvent.click(screen.getByRole('button', { name: kkAccount.register.submit }));
    await screen.findByText(KK_ACCOUNT_ERRORS.emailUsed);
  });

  it('A7-10 forgotten password with captcha answers with the neutral notice', async () => {
    const { service } = setup(
      {
        '/v5/captcha/challenge': () => challenge(11),
        '/v5/accounts/forgotten-password': () => new Response('{"status":"accepted"}', { status: 202 }),
      },
      { view: 'forgotten' },
    );
    type(kkAccount.email, 'someone@example.kz');
    fireEvent.click(screen.getByLabelText(kkAccount.captcha.label));
    await screen.findByText(`✓ ${kkAccount.captcha.solved}`, { exact: false });
    fireEvent.click(screen.getByRole('button', { name: kkAccount.forgotten.submit }));
    await screen.findByText(kkAccount.forgotten.sent);
    expect(service.calls.find((c) => c.path === '/v5/accounts/forgotten-password')?.body).toMatchObject({
      email: 'someone@example.kz',
      projectId: 47,
    });
  });

  it('A7-5 the verification landing confirms the account from the emailed link', async () => {
    const landing = landingFromUrl('/kz/account/verify', `?t=verifyAccount&i=u1&c=${'a'.repeat(40)}`);
    expect(landing).toEqual({ kind: 'verify', type: 'verifyAccount', id: 'u1', code: 'a'.repeat(40) });
    const { fetchImpl, calls } = fakeService({ '/v3/verification': () => ({ r: 'XY1', t: 'verifyAccount' }) });
    const client = new AccountClient(
      { mode: 'Production', productionUrl: 'http://127.0.0.1:1', namespace: 'kz-scores', projectId: 47 },
      { storage: new Map(), fetch: fetchImpl, now: () => Date.now() },
    );
    render(<AccountDialogs client={client} view="verify" landing={landing} onViewChange={() => undefined} />);
    await screen.findByText(kkAccount.verify.account);
    expect(calls.filter((c) => c.path === '/v3/verification')).toHaveLength(1);
  });

  it('A7-8 S8-9 the reset landing sets a new password; a spent code shows the password-invalid message', async () => {
    let first = true;
    const landing = landingFromUrl('/kz/account/reset', `?i=u1&c=${'b'.repeat(40)}`);
    const { fetchImpl } = fakeService({
      '/v3/passwordchange': () => {
        const answer = first ? { r: 'XY1' } : { err: 'XE5' };
        first = false;
        return answer;
      },
    });
    const client = new AccountClient(
      { mode: 'Production', productionUrl: 'http://127.0.0.1:1', namespace: 'kz-scores', projectId: 47 },
      { storage: new Map(), fetch: fetchImpl, now: () => Date.now() },
    );
    const { unmount } = render(
      <AccountDialogs client={client} view="reset" landing={landing} onViewChange={() => undefined} />,
    );
    type(kkAccount.change.new, 'Fresh_pass1');
    type(kkAccount.change.repeat, 'Fresh_pass2');
    fireEvent.click(screen.getByRole('button', { name: kkAccount.reset.submit }));
    expect(screen.getByText(kkAccount.validation.repeat)).toBeTruthy();
    type(kkAccount.change.repeat, 'Fresh_pass1');
    fireEvent.click(screen.getByRole('button', { name: kkAccount.reset.submit }));
    await screen.findByText(kkAccount.reset.done);
    unmount();
    render(<AccountDialogs client={client} view="reset" landing={landing} onViewChange={() => undefined} />);
    type(kkAccount.change.new, 'Fresh_pass1');
    type(kkAccount.change.repeat, 'Fresh_pass1');
    fireEvent.click(screen.getByRole('button', { name: kkAccount.reset.submit }));
    await screen.findByText(KK_ACCOUNT_ERRORS.passwordInvalid);
  });

  it('A7-8 A5-2 password change checks the current password length and sends both', async () => {
    const storage = new Map([
      ['lsid_id', 'u1'],
      ['lsid_hash', 'h'.repeat(40)],
    ]);
    const { service } = setup({ '/v3/passwordchange': () => ({ r: 'XY1' }) }, { view: 'changePassword', storage });
    type(kkAccount.change.old, 'abc');
    type(kkAccount.change.new, 'Fresh_pass1');
    type(kkAccount.change.repeat, 'Fresh_pass1');
    fireEvent.click(screen.getByRole('button', { name: kkAccount.change.submit }));
    expect(screen.getByText(kkAccount.validation.oldPassword)).toBeTruthy();
    type(kkAccount.change.old, 'Qwerty_123');
    fireEvent.click(screen.getByRole('button', { name: kkAccount.change.submit }));
    await screen.findByText(kkAccount.change.done);
    expect(service.calls.find((c) => c.path === '/v3/passwordchange')?.body).toEqual({
      id: 'u1',
      code: 'h'.repeat(40),
      password: 'Qwerty_123',
      newpassword: 'Fresh_pass1',
    });
  });
});

describe('settings, consent and marketing dialogs', () => {
  const loggedIn = () =>
    new Map([
      ['lsid_id', 'u1'],
      ['lsid_hash', 'h'.repeat(40)],
      ['lsid_name', 'Aigul_K'],
      ['lsid_email', 'aigul@example.kz'],
      ['lsid_emailIsVerified', 'true'],
      ['lsid_ppConfirmed', 'true'],
      ['lsid_touConfirmed', 'true'],
    ]);

  it('A7-12 settings change the name; A7-19 marketing consent is read and changed', async () => {
    const { service, storage } = setup(
      {
        '/v3/update-user': () => ({ r: 'XY1' }),
        'GET /v5/users/me/marketing-consent': () => ({
          projectId: 47,
          marketingApproved: false,
          thirdPartiesApproved: false,
          updatedAt: null,
        }),
        'PUT /v5/users/me/marketing-consent': (body) => ({ projectId: 47, updatedAt: 'now', ...body }),
      },
      { view: 'settings', storage: loggedIn() },
    );
    type(kkAccount.name, 'Aigul_Seit');
    fireEvent.click(screen.getByRole('button', { name: kkAccount.save }));
    await screen.findByText(kkAccount.saved);
    expect(storage.get('lsid_name')).toBe('Aigul_Seit');
    expect(service.calls.find((c) => c.path === '/v3/update-user')?.body).toMatchObject({
      name: 'Aigul_Seit',
      project: 47,
    });
    fireEvent.click(screen.getByRole('button', { name: kkAccount.settings.marketing }));
    fireEvent.click(await screen.findByLabelText(kkAccount.marketing.marketingApproved));
    await waitFor(() => expect(storage.get('lsid_marketingConsent')).toContain('"marketingApproved":true'));
  });

  it('A7-6 A4-4 deleting the account asks first, then clears the user and closes', async () => {
    const { service, storage, views } = setup(
      { '/v3/deleteaccount': () => ({ r: 'XY1' }) },
      { view: 'settings', storage: loggedIn() },
    );
    fireEvent.click(screen.getByRole('button', { name: kkAccount.settings.delete }));
    expect(service.calls.some((c) => c.path === '/v3/deleteaccount')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: kkAccount.settings.deleteYes }));
    await waitFor(() => expect(storage.has('lsid_id')).toBe(false));
    await waitFor(() => expect(views).toContain(null));
  });

  it('A4-1 A7-17 the consent dialog shows the flagged document and accepting sends the flagged terms', async () => {
    const storage = loggedIn();
    const flagged = [
      { code: 'XE8', name: 'TermsConfirmationNeeded', details: [{ type: 'tou', projectId: 47, version: 2 }] },
    ];
    storage.set('lsid_touConfirmed', 'false');
    storage.set('lsid_backendErrors', JSON.stringify(flagged));
    const { service, views } = setup(
      {
        '/v5/terms/tou/documents/latest': () => ({
          documents: [
            {
              projectId: 47,
              version: 2,
              type: 'tou',
              title: 'ПШ',
              body: 'Жаңа пайдалану шарттары',
              publishedAt: '',
              archived: false,
            },
            {
              projectId: 47,
              version: 1,
              type: 'pp',
              title: 'ҚС',
              body: 'Ескі саясат',
              publishedAt: '',
              archived: false,
            },
          ],
        }),
        '/v5/users/me/terms-agreements': () => ({ terms: [] }),
      },
      { view: 'consent', storage },
    );
    await screen.findByText('Жаңа пайдалану шарттары');
    expect(screen.queryByText('Ескі саясат')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: kkAccount.consent.accept }));
    await waitFor(() => expect(views).toContain(null));
    expect(service.calls.find((c) => c.path === '/v5/users/me/terms-agreements')?.body).toEqual({
      projectId: 47,
      terms: [{ type: 'tou', projectId: 47, version: 2 }],
    });
    expect(storage.get('lsid_touConfirmed')).toBe('true');
  });

  it('A3-5 A7-18 a BASIC statement asks only about our news and sends the answer with its variant', async () => {
    const storage = loggedIn();
    storage.set(
      'lsid_marketingApproval',
      JSON.stringify({
        required: true,
        variant: 'BASIC_PERIODIC',
        marketingApproved: false,
        thirdPartiesApproved: false,
      }),
    );
    const { service } = setup(
      { '/v5/users/me/marketing-approval': (body) => ({ ...body, updatedAt: 'now' }) },
      { view: 'marketing', storage },
    );
    expect(screen.getByText(kkAccount.marketing.periodic)).toBeTruthy();
    expect(screen.queryByLabelText(kkAccount.marketing.thirdPartiesApproved)).toBeNull();
    fireEvent.click(screen.getByLabelText(kkAccount.marketing.marketingApproved));
    fireEvent.click(screen.getByRole('button', { name: kkAccount.marketing.submit }));
    await waitFor(() => expect(service.calls.some((c) => c.path === '/v5/users/me/marketing-approval')).toBe(true));
    expect(service.calls.find((c) => c.path === '/v5/users/me/marketing-approval')?.body).toEqual({
      variant: 'BASIC_PERIODIC',
      marketingApproved: true,
      thirdPartiesApproved: false,
      projectId: 47,
    });
  });

  it('S8-9 every user message key has a Kazakh text', () => {
    const keys: UserMessageKey[] = [
      'loginFailed',
      'accountNotVerified',
      'passwordInvalid',
      'robotConfirmationDialog',
      'emailUsed',
      'serverError',
    ];
    for (const key of keys) expect(KK_ACCOUNT_ERRORS[key]).toMatch(/[А-Яа-яӘәҒғҚқҢңӨөҰұҮүҺһІі]/);
  });
});

describe('login window for a logged-in user', () => {
  it('A3-3 S2-38 the login window shows the account settings when a user is already logged in', async () => {
    const storage = new Map([
      ['lsid_id', 'u1'],
      ['lsid_hash', 'h'.repeat(40)],
      ['lsid_name', 'Aigul_K'],
      ['lsid_email', 'aigul@example.kz'],
    ]);
    setup({}, { view: 'login', storage });
    expect(screen.getByTestId('settings-dialog')).toBeTruthy();
    expect(screen.queryByTestId('login-dialog')).toBeNull();
  });

  it('S5-5 the loginReason prop shows the login-needed text', () => {
    const { fetchImpl } = fakeService({ '/v5/accounts/providers': () => ({ providers: [] }) });
    const client = new AccountClient(
      { mode: 'Production', productionUrl: 'http://127.0.0.1:1', namespace: 'kz-scores', projectId: 47 },
      { storage: new Map(), fetch: fetchImpl, now: () => Date.now() },
    );
    render(<AccountDialogs client={client} view="login" loginReason="loginNeeded" onViewChange={() => undefined} />);
    expect(screen.getByText(kkAccount.login.loginNeeded)).toBeTruthy();
  });
});
