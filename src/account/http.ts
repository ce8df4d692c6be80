// JSON over fetch for the account client (A7-1): timeout, headers, and the three kinds of HTTP-level failure (A8-4).
import { ApiError, MissingResponseError, RequestError } from './errors';

export const DEFAULT_TIMEOUT_MS = 30_000; // A7-1, A9-2
export const CLIENT_VERSION = 'client-v4'; // A9-1
export const CLIENT_PLATFORM = 'web'; // A9-1

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface HttpOptions {
  baseUrl: string;
  timeoutMs?: number;
  fetch?: FetchLike;
  /** Sent as x-app-version when set (the client's set app version). */
  appVersion?: () => string | null;
}

export interface CallOptions {
  /** Basic id:hash authorization (A6-1). */
  auth?: { id: string; hash: string } | null;
  /** v5 marketing calls add x-platform and x-version (A7-18, A7-19). */
  platformHeaders?: boolean;
  query?: Record<string, string | number | boolean | readonly (string | number)[] | undefined>;
}

export function basicAuthorization(id: string, hash: string): string {
  const bytes = new TextEncoder().encode(`${id}:${hash}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

export class AccountHttp {
  constructor(private readonly options: HttpOptions) {}

  get timeoutMs(): number {
    return this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  url(path: string, query?: CallOptions['query']): string {
    const base = this.options.baseUrl.replace(/\/+$/, '');
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value === undefined) continue;
      search.set(key, Array.isArray(value) ? value.join(',') : String(value));
    }
    const qs = search.toString();
    return `${base}${path}${qs ? `?${qs}` : ''}`;
  }

  async request<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, call: CallOptions = {}): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (call.auth) headers.authorization = basicAuthorization(call.auth.id, call.auth.hash);
    if (call.platformHeaders) {
      headers['x-platform'] = CLIENT_PLATFORM;
      headers['x-version'] = CLIENT_VERSION;
    }
    const appVersion = this.options.appVersion?.();
    if (appVersion) headers['x-app-version'] = appVersion;
    let url: string;
    let payload: string | undefined;
    try {
      url = this.url(path, call.query);
      payload = body === undefined ? undefined : JSON.stringify(body);
    } catch (cause) {
      throw new RequestError(undefined, { cause });
    }
    const doFetch = this.options.fetch ?? ((input: string, init?: RequestInit) => globalThis.fetch(input, init));
    let response: Response;
    try {
      response = await doFetch(url, { method, headers, body: payload, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (cause) {
      if (cause instanceof TypeError && /invalid url|failed to parse/i.test(cause.message))
        throw new RequestError(undefined, { cause });
      throw new MissingResponseError(undefined, { cause });
    }
    let text: string;
    try {
      text = await response.text();
    } catch (cause) {
      throw new MissingResponseError(undefined, { cause });
    }
    let parsed: unknown = null;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = null;
      }
    }
    if (!response.ok) {
      const errorBody = parsed as { message?: unknown; code?: unknown } | null;
      throw new ApiError(
        typeof errorBody?.message === 'string' ? errorBody.message : undefined,
        response.status,
        typeof errorBody?.code === 'number' || typeof errorBody?.code === 'string' ? errorBody.code : undefined,
        parsed,
      );
    }
    return parsed as T;
  }
}
