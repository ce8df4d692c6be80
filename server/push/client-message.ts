// What a push client may send: `{"subscribe": ["u_1_1", …]}` and/or `{"unsubscribe": […]}`.
// Anything else is ignored (bad input never crashes the gateway).

export interface ClientMessage {
  readonly subscribe: readonly string[];
  readonly unsubscribe: readonly string[];
}

/** Subject names (S7-23): namespace-free feed-like names such as `u_1_1`, `sys_1`, `games_kk_KxrZoe94`. */
const SUBJECT = /^[A-Za-z0-9_-]{1,100}$/;
const MAX_SUBJECTS_PER_MESSAGE = 256;

function subjects(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const out: string[] = [];
  for (const item of value.slice(0, MAX_SUBJECTS_PER_MESSAGE)) {
    if (typeof item === 'string' && SUBJECT.test(item)) out.push(item);
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
  return { subscribe: subjects(record.subscribe), unsubscribe: subjects(record.unsubscribe) };
}

export function isValidSubject(subject: string): boolean {
  return SUBJECT.test(subject);
}
