// Feed keys of one to three characters from `0-9A-Z` packed into an integer, so a scanner can
// look a key up by its character codes without cutting a string out of the body.
import { EVENT_FIELDS, type FieldKind, LEAGUE_FIELDS } from './keys';

const TABLE_SIZE = 1 << 18; // 3 characters × 6 bits

/** The packed code of body[start, end), or -1 when the key is not 1–3 characters of `0-9A-Z`. */
export function keyCodeAt(body: string, start: number, end: number): number {
  const n = end - start;
  if (n < 1 || n > 3) return -1;
  let code = 0;
  for (let i = start; i < end; i++) {
    const m = body.charCodeAt(i) - 47; // '0' → 1 … 'Z' → 43; 0 stays free for "no character"
    if (m < 1 || m > 43) return -1;
    code = (code << 6) | m;
  }
  return code << (6 * (3 - n));
}

/** The packed code of a whole key string, or -1. */
export function keyCode(key: string): number {
  return keyCodeAt(key, 0, key.length);
}

export interface FieldTable {
  /** code → field index + 1 (0 = not a field). */
  readonly byCode: Uint8Array;
  readonly names: readonly string[];
  /** 1 when the field is numeric (protocol.md §1 rule 7 applied per keys.ts kinds). */
  readonly numeric: Uint8Array;
  readonly size: number;
  /** Fields whose key cannot be packed (longer keys), looked up by the key text instead. */
  readonly byKey: ReadonlyMap<string, number>;
}

function buildTable(fields: ReadonlyArray<readonly [string, string, FieldKind]>): FieldTable {
  const byCode = new Uint8Array(TABLE_SIZE);
  const numeric = new Uint8Array(fields.length);
  const names: string[] = [];
  const byKey = new Map<string, number>();
  fields.forEach(([name, key, kind], index) => {
    const code = keyCode(key);
    if (code >= 0 && index < 255) byCode[code] = index + 1;
    else byKey.set(key, index);
    numeric[index] = kind === 'num' ? 1 : 0;
    names.push(name);
  });
  return { byCode, names, numeric, size: fields.length, byKey };
}

export const EVENT_TABLE: FieldTable = buildTable(EVENT_FIELDS);
export const LEAGUE_TABLE: FieldTable = buildTable(LEAGUE_FIELDS);
