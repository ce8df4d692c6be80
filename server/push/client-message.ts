// What a push client may send: `{"subscribe": ["u_1_1", …]}` and/or `{"unsubscribe": […]}`.
// Anything else is ignored (bad input never crashes the gateway).
import { parsePushSubject } from '../../src/protocol/push-subjects';

export interface ClientMessage {
  readonly subscribe: readonly string[];
  readonly unsubscribe: readonly string[];
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
  return { subscribe: subjects(record.subscribe), unsubscribe: subjects(record.unsubscribe) };
}

/** Only S7-23 subjects (`u_1_1`, `sys_1`, `games_kk_<id>` …) can be subscribed. */
export function isValidSubject(subject: string): boolean {
  return subject.length <= 128 && parsePushSubject(subject) !== null;
}
