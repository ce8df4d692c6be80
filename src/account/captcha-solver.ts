// Solves the service's proof-of-work captcha (ALTCHA style) with WebCrypto, in the browser and in Node alike:
// find the number n ≤ maxnumber whose SHA-256(salt + n) equals the challenge.
import type { CaptchaChallenge, CaptchaSolution } from '../wire/account';

function toHex(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer);
  let out = '';
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
  return out;
}

export async function sha256Hex(text: string): Promise<string> {
  return toHex(await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

export interface SolveOptions {
  /** Called now and then with the share of the search done (0…1), for a progress bar. */
  onProgress?: (share: number) => void;
  /** Stops the search early (a closed dialog). */
  signal?: AbortSignal;
}

/** The number that solves the challenge, or null when none up to maxnumber does (or the search was aborted). */
export async function solveCaptcha(challenge: CaptchaChallenge, options: SolveOptions = {}): Promise<number | null> {
  if (challenge.algorithm !== 'SHA-256') return null;
  for (let n = 0; n <= challenge.maxnumber; n += 1) {
    if (options.signal?.aborted) return null;
    if ((await sha256Hex(challenge.salt + n)) === challenge.challenge) return n;
    if (n % 1000 === 0) options.onProgress?.(n / Math.max(1, challenge.maxnumber));
  }
  return null;
}

/** The payload sent as `captcha` in registration and password-reset requests: base64 of the solution's JSON. */
export function encodeCaptchaSolution(challenge: CaptchaChallenge, number: number): string {
  const solution: CaptchaSolution = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    salt: challenge.salt,
    number,
    signature: challenge.signature,
  };
  return btoa(JSON.stringify(solution));
}
