// Random secrets and how they are kept: session tokens and emailed codes are 160-bit random, 40 lowercase hex,
// and only their SHA-256 is stored.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 160 bits of randomness as 40 lowercase hex (A5-6). */
export function randomToken(): string {
  return randomBytes(20).toString('hex');
}

/** Opaque ids for users and outbox rows (96-bit random). */
export function randomId(): string {
  return randomBytes(12).toString('hex');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** Constant-time comparison of two strings. */
export function safeEqual(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right) && a.length === b.length;
}
