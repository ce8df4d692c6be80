// Accept-Encoding (RFC 9110 §12.5.3): which of our codings (br, gzip) a request takes, most preferred first.
import type { ContentCoding } from './compressed-bodies';

const NONE: readonly ContentCoding[] = Object.freeze([]);
const MEMO_ENTRIES = 64;
const memo = new Map<string, readonly ContentCoding[]>();

function qualityOf(params: string[]): number {
  for (const param of params) {
    const [name, value] = param.split('=').map((s) => s.trim());
    if (name !== 'q') continue;
    if (value === undefined || !/^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(value)) return -1; // malformed: ignored
    return Number(value);
  }
  return 1;
}

function parse(header: string): readonly ContentCoding[] {
  const q = new Map<string, number>();
  for (const element of header.toLowerCase().split(',')) {
    const [name, ...params] = element.split(';').map((s) => s.trim());
    if (!name) continue;
    const quality = qualityOf(params);
    if (quality < 0) continue;
    const coding = name === 'x-gzip' ? 'gzip' : name;
    // A coding named twice keeps its first weight.
    if (!q.has(coding)) q.set(coding, quality);
  }
  const star = q.get('*');
  const weight = (coding: string) => q.get(coding) ?? star;
  // identity is always acceptable to us (we fall back to it); a coding is chosen over it unless identity is given a
  // higher weight by name or through `*`.
  const identity = q.get('identity') ?? star ?? 0;
  const br = weight('br') ?? 0;
  const gzipQ = weight('gzip') ?? 0;
  const codings: ContentCoding[] = [];
  // Most preferred first; on equal weight br before gzip, and either before identity.
  if (br > 0 && br >= identity) codings.push('br');
  if (gzipQ > 0 && gzipQ >= identity) codings.push('gzip');
  if (codings.length === 2 && gzipQ > br) codings.reverse();
  return codings.length === 0 ? NONE : Object.freeze(codings);
}

/**
 * The codings of ours the request accepts, most preferred first; empty for identity (no header, an empty one,
 * only codings we do not make, or identity preferred over them).
 */
export function acceptedCodings(header: string | undefined): readonly ContentCoding[] {
  if (!header) return NONE;
  let codings = memo.get(header);
  if (codings === undefined) {
    codings = parse(header);
    if (memo.size >= MEMO_ENTRIES) memo.clear();
    memo.set(header, codings);
  }
  return codings;
}
