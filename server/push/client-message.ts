// What a push client may send: `{"subscribe": ["u_1_1", …]}` and/or `{"unsubscribe": […]}`, and with them
// `"auth": {"id": …, "hash": …}`, the account's proof a personal subject (lsid_, S7-23) asks for.
// Anything else is ignored (bad input never crashes the gateway).
import { parsePushSubject } from '../../src/protocol/push-subjects';

/** The account's id and session hash (A6-1), as the client holds them. */
export interface PushCredentials {
  readonly id: string;
  readonly hash: string;
}

export interface ClientMessage {
  readonly subscribe: readonly string[];
  readonly unsubscribe: readonly string[];
  readonly auth?: PushCredentials;
}

function credentials(value: unknown): PushCredentials | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { id, hash } = value as Record<string, unknown>;
  if (typeof id !== 'string' || typeof hash !== 'string') return undefined;
  if (id.length === 0 || id.length > 64 || hash.length === 0 || hash.length > 128) return undefined;
  return { id, hash };
}

const MAX_SUBJECTS_PER_MESSAGE = 256;

function subjects(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const out: string[] = [];
  for (const item of value.slice(0, MAX_SUBJECTS_PER_MESSAGE)) {
    if (typeof item === 'string' && isValidSubject(item)) out.push(item);
  }
  return out;
}

/** Parses one client message; null when it is not a JSON object with either list. */
export function parseClientMessage(text: string): ClientMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  if (!('subscribe' in record) && !('unsubscribe' in record)) return null;
  const auth = credentials(record.auth);
  const message = { subscribe: subjects(record.subscribe), unsubscribe: subjects(record.unsubscribe) };
  return auth ? { ...message, auth } : message;
}

/** Only S7-23 subjects (`u_1_1`, `sys_1`, `games_kk_<id>` …) can be subscribed. */
export function isValidSubject(subject: string): boolean {
  return subject.length <= 128 && parsePushSubject(subject) !== null;
}

/** A personal subject (`lsid_<profile>_<namespace>`): only its account, proven, may subscribe. */
export function isPersonalSubject(subject: string): boolean {
  return parsePushSubject(subject)?.kind === 'lsid';
}
