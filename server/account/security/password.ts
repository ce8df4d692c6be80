// Password hashing with scrypt (ASVS 2.4): salted, N=2^17 r=8 p=1 by default, stored in a self-describing
// format `scrypt$<log2 N>$<r>$<p>$<salt b64>$<hash b64>` so parameters can be raised later (see needsRehash).
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

export const DEFAULT_SCRYPT_LOG_N = 17; // N = 2^17
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;

function scryptAsync(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** logN;
  // scrypt needs about 128·N·r bytes; raise Node's 32 MiB default above that.
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r + 16 * 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string, logN: number = DEFAULT_SCRYPT_LOG_N): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scryptAsync(password, salt, logN, R, P);
  return `scrypt$${logN}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

interface ParsedHash {
  logN: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [logN, r, p] = parts.slice(1, 4).map(Number);
  if (![logN, r, p].every((n) => Number.isInteger(n) && n > 0) || logN > 22 || r > 32 || p > 16) return null;
  const salt = Buffer.from(parts[4], 'base64');
  const key = Buffer.from(parts[5], 'base64');
  if (salt.length === 0 || key.length !== KEY_LENGTH) return null;
  return { logN, r, p, salt, key };
}

/** How many password checks ran: lets tests see that unknown users cost the same work as known ones. */
export const passwordCheckCount = { value: 0 };

/** Constant-time check of a password against a stored hash; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  passwordCheckCount.value += 1;
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await scryptAsync(password, parsed.salt, parsed.logN, parsed.r, parsed.p);
  return timingSafeEqual(key, parsed.key);
}

/** Whether a stored hash was made with other parameters than the current ones. */
export function needsRehash(stored: string, logN: number = DEFAULT_SCRYPT_LOG_N): boolean {
  const parsed = parseHash(stored);
  return !parsed || parsed.logN !== logN || parsed.r !== R || parsed.p !== P;
}
