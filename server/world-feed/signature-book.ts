// Update signatures (S7-19) of one world: salted with the world's epoch and the sport, made once per
// sport version and decoded once per signature seen.
import { decodeSignature, encodeSignature } from '../provider/signature';

const DECODED_LIMIT = 4096;

export class SignatureBook {
  private readonly made = new Map<number, { version: number; signature: string }>();
  private readonly decoded = new Map<string, number | null>();

  /** `epoch`: signatures made under another epoch (another world) decode to null. */
  constructor(private readonly epoch: string) {}

  private salt(sportId: number): string {
    return `${this.epoch}:${sportId}`;
  }

  signature(sportId: number, version: number): string {
    const known = this.made.get(sportId);
    if (known && known.version === version) return known.signature;
    const signature = encodeSignature(version, this.salt(sportId));
    this.made.set(sportId, { version, signature });
    return signature;
  }

  /** The version a signature names for the sport, or null when it is not one of ours. */
  decode(signature: string, sportId: number): number | null {
    const key = `${sportId}|${signature}`;
    const known = this.decoded.get(key);
    if (known !== undefined) return known;
    const version = decodeSignature(signature, this.salt(sportId));
    if (this.decoded.size >= DECODED_LIMIT) this.decoded.clear();
    this.decoded.set(key, version);
    return version;
  }
}
