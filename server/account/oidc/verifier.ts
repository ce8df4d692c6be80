// Verifies social-login ID tokens (OpenID Connect) against each provider's published keys with jose: discovery
// document → jwks_uri → signature, issuer, audience, expiry and (when given) nonce.
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import type { SocialProvider } from '../../../src/wire/account';

export interface OidcProviderConfig {
  issuer: string;
  clientId: string;
  /** Taken from the issuer's discovery document when not given. */
  jwksUri?: string;
  /** Where the browser is sent to sign in; from discovery when not given. */
  authorizationEndpoint?: string;
}
export type OidcProviders = Partial<Record<SocialProvider, OidcProviderConfig>>;

export interface VerifiedIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

export class OidcTokenError extends Error {}

interface Discovery {
  jwks_uri: string;
  authorization_endpoint: string;
}

export class OidcVerifier {
  private readonly discovery = new Map<string, Promise<Discovery>>();
  private readonly keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

  constructor(private readonly providers: () => OidcProviders) {}

  config(provider: string): OidcProviderConfig | null {
    return (this.providers() as Record<string, OidcProviderConfig | undefined>)[provider] ?? null;
  }

  async discover(config: OidcProviderConfig): Promise<Discovery> {
    if (config.jwksUri && config.authorizationEndpoint)
      return { jwks_uri: config.jwksUri, authorization_endpoint: config.authorizationEndpoint };
    let pending = this.discovery.get(config.issuer);
    if (!pending) {
      pending = (async () => {
        const response = await fetch(`${config.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`, {
          signal: AbortSignal.timeout(5000),
        });
        if (!response.ok) throw new OidcTokenError(`discovery failed: ${response.status}`);
        const doc = (await response.json()) as Partial<Discovery> & { issuer?: string };
        if (doc.issuer !== config.issuer || typeof doc.jwks_uri !== 'string')
          throw new OidcTokenError('discovery document does not match the issuer');
        return {
          jwks_uri: config.jwksUri ?? doc.jwks_uri,
          authorization_endpoint: config.authorizationEndpoint ?? String(doc.authorization_endpoint ?? ''),
        };
      })();
      pending.catch(() => this.discovery.delete(config.issuer));
      this.discovery.set(config.issuer, pending);
    }
    return pending;
  }

  /** The identity in a valid token; throws OidcTokenError for any token that does not verify. */
  async verify(provider: string, token: string, nonce?: string): Promise<VerifiedIdentity> {
    const config = this.config(provider);
    if (!config) throw new OidcTokenError('provider not configured');
    if (typeof token !== 'string' || token.length > 8192) throw new OidcTokenError('bad token');
    let payload: JWTPayload;
    try {
      const { jwks_uri } = await this.discover(config);
      let keys = this.keySets.get(jwks_uri);
      if (!keys) {
        keys = createRemoteJWKSet(new URL(jwks_uri));
        this.keySets.set(jwks_uri, keys);
      }
      ({ payload } = await jwtVerify(token, keys, {
        issuer: config.issuer,
        audience: config.clientId,
        algorithms: ['RS256', 'ES256'],
      }));
    } catch (error) {
      throw new OidcTokenError(error instanceof Error ? error.message : 'token does not verify');
    }
    if (nonce !== undefined && payload.nonce !== nonce) throw new OidcTokenError('nonce mismatch');
    if (typeof payload.sub !== 'string' || payload.sub.length === 0) throw new OidcTokenError('no subject');
    const email = typeof payload.email === 'string' && payload.email.length > 0 ? payload.email : null;
    const verified = payload.email_verified === true || payload.email_verified === 'true';
    return {
      subject: payload.sub,
      email,
      emailVerified: verified,
      name: typeof payload.name === 'string' ? payload.name : null,
    };
  }
}
