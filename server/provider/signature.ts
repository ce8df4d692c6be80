// Update signatures (A1, S7-19). A signature names the world version a feed brings the client to.
// It is 32 hex characters like the provider's md5 values: the first 12 are the version, the last 20
// an md5 check over a per-world salt and the version, so a signature from another world, another
// sport or a garbled header decodes to null (an unknown signature) and never to a wrong version.
import { createHash } from 'node:crypto';

/** md5("") — the reference client's initial `u_304` before it has seen any update (protocol.md §3.1). */
export const INITIAL_SIGNATURE = 'd41d8cd98f00b204e9800998ecf8427e';

const VERSION_HEX = 12;
const CHECK_HEX = 20;
const MAX_VERSION = 2 ** 48 - 1;

export function md5Hex(text: string): string {
  return createHash('md5').update(text).digest('hex');
}

function check(salt: string, version: number): string {
  return md5Hex(`${salt}:${version}`).slice(0, CHECK_HEX);
}

/** The signature of `version` under `salt` (e.g. `<world epoch>:<sport id>`). */
export function encodeSignature(version: number, salt: string): string {
  const v = Math.min(Math.max(0, Math.floor(version)), MAX_VERSION);
  return v.toString(16).padStart(VERSION_HEX, '0') + check(salt, v);
}

/** The version a signature encodes, or null when it was not made under this salt. Never throws. */
export function decodeSignature(signature: string | undefined | null, salt: string): number | null {
  if (typeof signature !== 'string' || signature.length !== VERSION_HEX + CHECK_HEX) return null;
  if (!/^[0-9a-f]+$/.test(signature)) return null;
  const version = Number.parseInt(signature.slice(0, VERSION_HEX), 16);
  if (!Number.isSafeInteger(version)) return null;
  return signature.slice(VERSION_HEX) === check(salt, version) ? version : null;
}
