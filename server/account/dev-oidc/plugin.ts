// A local OpenID provider for development that plays facebook, google, gso and apple at once, so social login
// works on one machine: per provider an issuer, a discovery document, a JWKS and an authorize page where a
// developer picks a test identity; the browser is sent back with an id_token (implicit flow, response_type id_token).
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { SOCIAL_PROVIDERS, type SocialProvider } from '../../../src/wire/account';
import type { OidcProviders } from '../oidc/verifier';
import { type DevIdentity, devIdentities } from './identities';

export const DEV_OIDC_PREFIX = '/dev/oidc';
export const DEV_OIDC_CLIENT_ID = 'kz-scores-dev';
const TOKEN_TTL_S = 600;

export interface DevOidcOptions {
  /** Origin the issuers live under, e.g. http://127.0.0.1:3000; by default the server's own listening address. */
  issuerBase?: string;
}

/** The server's own origin once it listens (0.0.0.0 and :: become loopback). */
export function ownOrigin(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') return 'http://127.0.0.1';
  const host = address.family === 'IPv6' && address.address !== '::' ? `[${address.address}]` : '127.0.0.1';
  return `http://${host}:${address.port}`;
}

/** The providers as the account service should trust them. */
export function devOidcProviders(issuerBase: string): OidcProviders {
  const providers: OidcProviders = {};
  for (const provider of SOCIAL_PROVIDERS)
    providers[provider] = { issuer: `${issuerBase}${DEV_OIDC_PREFIX}/${provider}`, clientId: DEV_OIDC_CLIENT_ID };
  return providers;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Only loopback or same-host redirect targets: the dev provider must not become an open redirector. */
function allowedRedirect(target: string, requestHost: string | undefined): URL | null {
  try {
    const url = new URL(target);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
    return loopback || url.host === requestHost ? url : null;
  } catch {
    return null;
  }
}

interface AuthorizeQuery {
  client_id?: string;
  redirect_uri?: string;
  state?: string;
  nonce?: string;
  response_mode?: string;
  identity?: string;
  email?: string;
  name?: string;
  email_verified?: string;
}

export const devOidcPlugin: FastifyPluginAsync<DevOidcOptions> = async (app, options) => {
  const keys = new Map<SocialProvider, { privateKey: CryptoKey; jwk: JWK }>();
  for (const provider of SOCIAL_PROVIDERS) {
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    const jwk = { ...(await exportJWK(publicKey)), kid: `dev-${provider}`, alg: 'ES256', use: 'sig' };
    keys.set(provider, { privateKey, jwk });
  }
  const issuerOf = (provider: string) => `${options.issuerBase ?? ownOrigin(app)}${DEV_OIDC_PREFIX}/${provider}`;
  const providerOf = (value: string): SocialProvider | null =>
    (SOCIAL_PROVIDERS as readonly string[]).includes(value) ? (value as SocialProvider) : null;

  app.get<{ Params: { provider: string } }>(
    `${DEV_OIDC_PREFIX}/:provider/.well-known/openid-configuration`,
    async (request, reply) => {
      const provider = providerOf(request.params.provider);
      if (!provider) return reply.code(404).send({ error: 'unknown provider' });
      const issuer = issuerOf(provider);
      return {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['id_token'],
        response_modes_supported: ['fragment', 'query'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['ES256'],
        scopes_supported: ['openid', 'email', 'profile'],
        claims_supported: ['sub', 'email', 'email_verified', 'name', 'nonce'],
      };
    },
  );

  app.get<{ Params: { provider: string } }>(`${DEV_OIDC_PREFIX}/:provider/jwks`, async (request, reply) => {
    const provider = providerOf(request.params.provider);
    const key = provider && keys.get(provider);
    if (!key) return reply.code(404).send({ error: 'unknown provider' });
    return { keys: [key.jwk] };
  });

  app.get<{ Params: { provider: string }; Querystring: AuthorizeQuery }>(
    `${DEV_OIDC_PREFIX}/:provider/authorize`,
    async (request, reply) => {
      const provider = providerOf(request.params.provider);
      if (!provider) return reply.code(404).send({ error: 'unknown provider' });
      const q = request.query;
      if (!q.redirect_uri || !allowedRedirect(q.redirect_uri, request.headers.host))
        return reply
          .code(400)
          .type('text/plain; charset=utf-8')
          .send('redirect_uri must be a loopback or same-host URL');
      const pass = new URLSearchParams();
      for (const key of ['client_id', 'redirect_uri', 'state', 'nonce', 'response_mode'] as const)
        if (q[key]) pass.set(key, q[key] as string);
      const pick = (identity: string) => `${DEV_OIDC_PREFIX}/${provider}/authorize/pick?${pass}&identity=${identity}`;
      const items = devIdentities(provider)
        .map(
          (i) =>
            `<li><a href="${escapeHtml(pick(i.key))}">${escapeHtml(i.name)}</a> — ${escapeHtml(i.email ?? 'email жоқ')}` +
            `${i.email && !i.emailVerified ? ' (расталмаған)' : ''}</li>`,
        )
        .join('');
      const hidden = [...pass.entries()]
        .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
        .join('');
      const html = `<!doctype html><html lang="kk"><head><meta charset="utf-8"><title>Сынақ кіру: ${provider}</title></head>
<body><h1>Сынақ провайдері: ${provider}</h1><p>Кіретін сынақ тұлғасын таңдаңыз:</p><ul>${items}</ul>
<form method="get" action="${DEV_OIDC_PREFIX}/${provider}/authorize/pick">${hidden}<input type="hidden" name="identity" value="custom">
<label>Email <input name="email" type="email"></label> <label>Есім <input name="name"></label>
<label><input type="checkbox" name="email_verified" value="true" checked> расталған</label> <button>Кіру</button></form></body></html>`;
      return reply.type('text/html; charset=utf-8').send(html);
    },
  );

  app.get<{ Params: { provider: string }; Querystring: AuthorizeQuery }>(
    `${DEV_OIDC_PREFIX}/:provider/authorize/pick`,
    async (request, reply) => {
      const provider = providerOf(request.params.provider);
      const key = provider && keys.get(provider);
      if (!provider || !key) return reply.code(404).send({ error: 'unknown provider' });
      const q = request.query;
      const redirect = q.redirect_uri ? allowedRedirect(q.redirect_uri, request.headers.host) : null;
      if (!redirect) return reply.code(400).type('text/plain; charset=utf-8').send('bad redirect_uri');
      let identity: DevIdentity | undefined = devIdentities(provider).find((i) => i.key === q.identity);
      if (!identity && q.identity === 'custom' && q.email)
        identity = {
          key: createHash('sha256')
            .update(`${q.email.toLowerCase()}|${q.name ?? ''}`)
            .digest('hex')
            .slice(0, 16),
          name: q.name ?? '',
          email: q.email,
          emailVerified: q.email_verified === 'true',
        };
      if (!identity) return reply.code(400).type('text/plain; charset=utf-8').send('unknown identity');
      const claims: Record<string, unknown> = { name: identity.name };
      if (identity.email) {
        claims.email = identity.email;
        claims.email_verified = identity.emailVerified;
      }
      if (q.nonce) claims.nonce = q.nonce;
      const token = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'ES256', kid: key.jwk.kid })
        .setIssuer(issuerOf(provider))
        .setAudience(q.client_id ?? DEV_OIDC_CLIENT_ID)
        .setSubject(`${provider}-${identity.key}`)
        .setIssuedAt()
        .setExpirationTime(`${TOKEN_TTL_S}s`)
        .sign(key.privateKey);
      const params = new URLSearchParams({ id_token: token, provider });
      if (q.state) params.set('state', q.state);
      if (q.response_mode === 'query') for (const [k, v] of params) redirect.searchParams.set(k, v);
      else redirect.hash = params.toString();
      return reply.redirect(redirect.toString(), 302);
    },
  );
};
