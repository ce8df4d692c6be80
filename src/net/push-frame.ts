// The push channel's wire rules (S7-23, protocol.md §6), shared by the push-connection machine and the
// push client: what a frame is, what the client sends, and how long a dropped socket waits to reconnect.
import type { PushMessage } from '../protocol/feed-source';

/** open: messages flow; closed: down, reconnecting; failed: given up. */
export type PushStatus = 'open' | 'closed' | 'failed';

/**
 * Reconnect back-off of the browser's push client: the first reconnect waits 1 s, each failed attempt
 * doubles it, up to 30 s. The spec gives no figures (S4-2, S8-3 only say polling takes over while push
 * is down), so these are ours.
 */
export const INITIAL_BACKOFF_MS = 1_000;
export const MAX_BACKOFF_MS = 30_000;

/** Reads one push frame; anything that is not `{subject: string, body: string}` is ignored. */
export function readPushFrame(data: unknown): PushMessage | null {
  const text = typeof data === 'string' ? data : data instanceof Uint8Array ? new TextDecoder().decode(data) : null;
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const { subject, body } = value as { subject?: unknown; body?: unknown };
    if (typeof subject !== 'string' || typeof body !== 'string') return null;
    return { subject, body };
  } catch {
    return null;
  }
}

/** The wait before reconnect number `attempt` (1 for the first): initialMs doubled per attempt, capped at maxMs. */
export function reconnectDelay(attempt: number, initialMs: number, maxMs: number): number {
  return Math.min(maxMs, initialMs * 2 ** Math.max(0, attempt - 1));
}

/** The account's proof a personal subject (lsid_, S7-23) asks for: its id and session hash (A6-1). */
export interface PushAuth {
  readonly id: string;
  readonly hash: string;
}

/**
 * What the client sends: `{"subscribe": [...]}` on open and for added subjects, `{"unsubscribe": [...]}`;
 * with `auth`, the account's proof travels beside the subjects.
 */
export function subscribeFrame(subjects: readonly string[], auth?: PushAuth | null): string {
  return JSON.stringify(
    auth ? { auth: { id: auth.id, hash: auth.hash }, subscribe: [...subjects] } : { subscribe: [...subjects] },
  );
}

export function unsubscribeFrame(subjects: readonly string[]): string {
  return JSON.stringify({ unsubscribe: [...subjects] });
}
