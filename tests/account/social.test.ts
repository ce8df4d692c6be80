// Social login through the local OpenID provider, driven by fetch as a browser would be: authorize page →
// pick an identity → redirect with an id_token → loginusingprovider.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NS, PROJECT, type TestServer, lastMail, registerVerified, startAccountServer } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startAccountServer();
});
afterAll(async () => server.close());

interface Provider {
  provider: string;
  issuer: string;
  authorizationEndpoint: string;
  clientId: string;
}

async function providers(): Promise<Provider[]> {
  return (await server.get('/v5/accounts/providers')).body.providers as Provider[];
}

/** Walks the dev provider's sign-in as a browser: returns the id_token from the redirect's fragment. */
async function signIn(provider: string, identity: string, extra: Record<string, string> = {}): Promise<string> {
  const info = (await providers()).find((p) => p.provider === provider) as Provider;
  const params = new URLSearchParams({
    client_id: info.clientId,
    redirect_uri: 'http://127.0.0.1:3000/kz/',
    state: 'st4te',
    nonce: 'n0nce',
    response_type: 'id_token',
  });
  const page = await fetch(`${info.authorizationEndpoint}?${params}`);
  expect(page.status).toBe(200);
  const html = await page.text();
  const href = [...html.matchAll(/href="([^"]+)"/g)]
    .map((m) => m[1].replaceAll('&#38;', '&'))
    .find((h) => h.includes(`identity=${identity}`));
  const pickUrl = href
    ? `${server.url}${href}`
    : `${server.url}/dev/oidc/${provider}/authorize/pick?${params}&identity=custom&${new URLSearchParams(extra)}`;
  const redirect = await fetch(pickUrl, { redirect: 'manual' });
  expect(redirect.status).toBe(302);
  const location = new URL(redirect.headers.get('location') as string);
  expect(location.origin + location.pathname).toBe('http://127.0.0.1:3000/kz/');
  const fragment = new URLSearchParams(location.hash.slice(1));
  expect(fragment.get('state')).toBe('st4te');
  return fragment.get('id_token') as string;
}

const loginUsing = (provider: string, token: string, nonce = 'n0nce') =>
  server.post('/v3/loginusingprovider', {
    provider,
    token,
    nonce,
    touApproval: true,
    ppApproval: true,
    namespace: NS,
    project: PROJECT,
  });

describe('social login', () => {
  it('A1-2 S1-10 the dev provider plays facebook, google, gso and apple, each with its own issuer and discovery', async () => {
    const list = await providers();
    expect(list.map((p) => p.provider)).toEqual(['facebook', 'google', 'gso', 'apple']);
    for (const p of list) {
      const doc = (await (await fetch(`${p.issuer}/.well-known/openid-configuration`)).json()) as Record<
        string,
        string
      >;
      expect(doc.issuer).toBe(p.issuer);
      const jwks = (await (await fetch(doc.jwks_uri)).json()) as { keys: unknown[] };
      expect(jwks.keys.length).toBe(1);
    }
  });

  it('A7-4 A3-1 first login registers (isRegistration true, social email), the next logs in', async () => {
    const first = await loginUsing('google', await signIn('google', 'aigul'));
    expect(first.body).toMatchObject({
      isRegistration: true,
      termsAgreements: { ppConfirmed: true, touConfirmed: true },
    });
    expect(first.body.hash).toMatch(/^[0-9a-f]{40}$/);
    expect((await lastMail(server, 'aigul.google@example.kz')).kind).toBe('social');
    const again = await loginUsing('google', await signIn('google', 'aigul'));
    expect(again.body).toMatchObject({ id: first.body.id, isRegistration: false });
    const data = await server.post('/v4/getdata', {
      loggedIn: { id: again.body.id, hash: again.body.hash },
      project: PROJECT,
    });
    expect(data.body.profile).toMatchObject({
      email: 'aigul.google@example.kz',
      emailIsVerified: true,
      name: 'Айгүл Сейітова',
    });
  });

  it('A7-4 a verified provider email joins the existing account', async () => {
    const id = await registerVerified(server, 'nurlan.facebook@example.kz');
    const answer = await loginUsing('facebook', await signIn('facebook', 'nurlan'));
    expect(answer.body).toMatchObject({ id, isRegistration: false });
  });

  it('A8-2 XE6 login provider not implemented', async () => {
    const token = await signIn('google', 'nurlan');
    expect((await loginUsing('twitter', token)).body).toEqual({ err: 'XE6' });
  });

  it('A8-2 XE7 login provider needs email: a token without email', async () => {
    expect((await loginUsing('gso', await signIn('gso', 'noemail'))).body).toEqual({ err: 'XE7' });
  });

  it('A8-2 XE9 apple registration fail: apple without a verified email', async () => {
    expect((await loginUsing('apple', await signIn('apple', 'unverified'))).body).toEqual({ err: 'XE9' });
    expect((await loginUsing('apple', await signIn('apple', 'aigul'))).body).toMatchObject({ isRegistration: true });
  });

  it('A8-2 XE10 connection already used: the account already has another identity of this provider', async () => {
    await loginUsing(
      'gso',
      await signIn('gso', 'custom', { email: 'twin@example.kz', name: 'Twin', email_verified: 'true' }),
    );
    const other = await signIn('gso', 'custom', { email: 'TWIN@example.kz', name: 'Twin2', email_verified: 'true' });
    expect((await loginUsing('gso', other)).body).toEqual({ err: 'XE10' });
  });

  it('A7-4 a token that does not verify (tampered, wrong nonce, other issuer) is a login mismatch', async () => {
    const token = await signIn('google', 'nurlan');
    const [h, p, s] = token.split('.');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    const tampered = [
      h,
      Buffer.from(JSON.stringify({ ...payload, email: 'evil@example.kz' })).toString('base64url'),
      s,
    ].join('.');
    expect((await loginUsing('google', tampered)).body).toEqual({ err: 'XE1' });
    expect((await loginUsing('google', token, 'other-nonce')).body).toEqual({ err: 'XE1' });
    expect((await loginUsing('facebook', token)).body).toEqual({ err: 'XE1' }); // google's token, facebook's keys
  });

  it('A7-4 the dev provider redirects only to loopback or same-host addresses', async () => {
    const response = await fetch(
      `${server.url}/dev/oidc/google/authorize?client_id=kz-scores-dev&redirect_uri=${encodeURIComponent('https://evil.example/cb')}`,
    );
    expect(response.status).toBe(400);
  });
});
