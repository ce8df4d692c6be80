// Social sign-in in the browser (A7-4): send the page to the provider's authorize endpoint with a fresh state and
// nonce, and on return read the id_token from the fragment when the state matches.
import type { KeyValueStorage } from './storage';
import type { ProviderInfo } from '../wire/account';

const PENDING_KEY = 'lsid_socialPending';

function randomHex(bytes: number): string {
  const data = globalThis.crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(data, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The authorize URL to open; state and nonce are kept in session storage until the provider sends the page back. */
export function socialAuthorizeUrl(provider: ProviderInfo, redirectUri: string, session: KeyValueStorage): string {
  const state = randomHex(16);
  const nonce = randomHex(16);
  session.setItem(PENDING_KEY, JSON.stringify({ provider: provider.provider, state, nonce }));
  const params = new URLSearchParams({
    client_id: provider.clientId,
    redirect_uri: redirectUri,
    response_type: 'id_token',
    response_mode: 'fragment',
    scope: 'openid email profile',
    state,
    nonce,
  });
  return `${provider.authorizationEndpoint}?${params}`;
}

export interface SocialCallback {
  provider: string;
  token: string;
  nonce: string;
}

/** The sign-in result in a returning page's fragment, or null; the pending state is spent either way. */
export function readSocialCallback(hash: string, session: KeyValueStorage): SocialCallback | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const token = params.get('id_token');
  if (!token) return null;
  const pendingText = session.getItem(PENDING_KEY);
  session.removeItem(PENDING_KEY);
  if (!pendingText) return null;
  try {
    const pending = JSON.parse(pendingText) as { provider: string; state: string; nonce: string };
    if (pending.state !== params.get('state')) return null;
    return { provider: pending.provider, token, nonce: pending.nonce };
  } catch {
    return null;
  }
}
