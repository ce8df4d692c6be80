// Fault specs for replay and fuzz: `drop=0.1,error=0.05,dup=0.05,delay=0.1,reorder=0.05,pushloss=0.1,restart=0.01`.
//
// Rates are probabilities: drop, error, dup, delay and reorder per feed response; pushloss (and
// dup, delay for push) per push message; restart per simulated minute.
//   drop      the response is lost: the request hangs until its timeout (A9-2) and is retried (S8-1)
//   error     the server answers 503
//   dup       the response is delivered, and served again, stale, to the next request for that feed
//   delay     the response, rendered now, arrives 1–20 s later
//   reorder   the response, rendered now, is held until something newer reached the client
//   pushloss  the push connection drops as a frame comes (the frame is lost); new sockets are refused 0–10 s
//   restart   the server restarts: sockets drop and are refused 1–5 s, signatures of the old process are unknown

export const FAULT_KINDS = ['drop', 'error', 'dup', 'delay', 'reorder', 'pushloss', 'restart'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];
export type FaultRates = Readonly<Partial<Record<FaultKind, number>>>;

/** Faults one feed response can get. */
export const RESPONSE_FAULTS: readonly FaultKind[] = ['drop', 'error', 'dup', 'delay', 'reorder'];

export function isFaultKind(value: string): value is FaultKind {
  return (FAULT_KINDS as readonly string[]).includes(value);
}

/** Parses a fault spec; a string result is the error message. */
export function parseFaultSpec(spec: string): FaultRates | string {
  const rates: Partial<Record<FaultKind, number>> = {};
  const text = spec.trim();
  if (text === '' || text === 'none') return rates;
  for (const part of text.split(',')) {
    const [name, value, extra] = part.split('=').map((s) => s.trim());
    if (!name || value === undefined || extra !== undefined) return `bad fault '${part}': expected name=rate`;
    if (!isFaultKind(name)) return `unknown fault '${name}' (known: ${FAULT_KINDS.join(', ')})`;
    const rate = Number(value);
    if (!Number.isFinite(rate) || rate < 0 || rate > 1) return `fault rate for ${name} must be between 0 and 1`;
    rates[name] = rate;
  }
  const responseTotal = RESPONSE_FAULTS.reduce((sum, kind) => sum + (rates[kind] ?? 0), 0);
  if (responseTotal > 1) return 'drop + error + dup + delay + reorder must not exceed 1';
  return rates;
}

export function formatFaultSpec(rates: FaultRates): string {
  return FAULT_KINDS.filter((k) => (rates[k] ?? 0) > 0)
    .map((k) => `${k}=${rates[k]}`)
    .join(',');
}

/** Picks the fault for one response from a uniform draw, or null for none. */
export function pickResponseFault(rates: FaultRates, draw: number): FaultKind | null {
  let cumulative = 0;
  for (const kind of RESPONSE_FAULTS) {
    cumulative += rates[kind] ?? 0;
    if (draw < cumulative) return kind;
  }
  return null;
}

/** Counts injected faults by kind. */
export class FaultCounter {
  readonly byKind = new Map<FaultKind, number>();
  total = 0;
  add(kind: FaultKind): void {
    this.total++;
    this.byKind.set(kind, (this.byKind.get(kind) ?? 0) + 1);
  }
}
