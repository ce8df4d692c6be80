// Seeded randomness for fault injection and retry delays: the same seed replays the same run.

export type Random = () => number;

/** mulberry32: small, fast and good enough to pick faults. Uniform in [0, 1). */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An independent stream for one purpose (e.g. one client), stable however many draws others make. */
export function deriveRandom(seed: number, label: string): Random {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < label.length; i++) {
    h ^= label.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return seededRandom(h);
}
