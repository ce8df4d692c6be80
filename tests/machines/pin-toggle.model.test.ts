// Model test of the My Leagues pin toggle: any sequence of toggles (each with its server answer: ok or fail, fast
// or slow), clock steps, logins and logouts keeps the machine equal to a small model of S4-33…S4-35 and S6-2, and
// keeps the invariants the CLI checks: a pin never stays unconfirmed after the server answered, a failed toggle is
// reverted, and the local and server copies agree once nothing is in flight.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PendingPin, pinnedLeagues } from '../../machines/pin-toggle';
import { parseMyLeagues } from '../../src/domain/pinned-leagues';
import { pinHarness } from './pin-toggle-harness';

const DEFAULTS: Record<string, string[]> = { 1: ['1_198_dYlOSQOD', '1_176_QVmLl54o'], 3: ['3_200_IBmris38'] };
const LABELS = [...DEFAULTS[1]!, '1_112_Ak2gXMz1', '1_112_zz9Cup00', ...DEFAULTS[3]!, '3_7_Euroleag'];
const DELAYS = [0, 5, 50, 1000, 30_000]; // ms until the server answers; 30 s is a slow server
const STEPS = [0, 1, 5, 50, 1000, 30_000];

type Op =
  | { readonly kind: 'toggle'; readonly labelKey: string; readonly ok: boolean; readonly delayMs: number }
  | { readonly kind: 'advance'; readonly ms: number }
  | { readonly kind: 'login' }
  | { readonly kind: 'logout' };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('toggle' as const),
      labelKey: fc.constantFrom(...LABELS),
      ok: fc.boolean(),
      delayMs: fc.constantFrom(...DELAYS),
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('advance' as const), ms: fc.constantFrom(...STEPS) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'login' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'logout' as const }) },
);

interface ModelPin extends PendingPin {
  readonly dueAt: number;
  readonly ok: boolean;
}

/** What the spec says should be shown, written plainly. */
class Model {
  loggedIn = false;
  leagues: Record<string, Record<string, boolean>> = {};
  /** This session's unanswered toggles. */
  pending: ModelPin[] = [];
  /** When every request sent so far (any session) will be answered. */
  inFlight: number[] = [];
  /** No request of an earlier session was in flight at login. */
  clean = true;
  loginNeeded = false;
  /** The error shown: the last failure to arrive. Answers due at the same instant may arrive in any order. */
  errors: { kind: 'technical'; sportId: number; labelKey: string }[] = [];
  errorsDueAt = -1;
  failures = 0;
  now = 0;

  toggle(labelKey: string, ok: boolean, delayMs: number): void {
    if (!this.loggedIn) {
      this.loginNeeded = true; // S5-5
      return;
    }
    const sportId = Number(labelKey.split('_')[0]);
    if (this.pending.some((p) => p.labelKey === labelKey || (p.seed && p.sportId === sportId))) return; // S4-34
    const seed = !this.leagues[sportId];
    const list = this.leagues[sportId] ?? Object.fromEntries(DEFAULTS[sportId]!.map((key) => [key, true])); // S4-33
    const before = labelKey in list ? list[labelKey]! : null;
    this.leagues[sportId] = { ...list, [labelKey]: !before };
    this.pending.push({ sportId, labelKey, seed, before: seed ? null : before, ok, dueAt: this.now + delayMs });
    this.inFlight.push(this.now + delayMs);
    this.errors = [];
  }

  advance(ms: number): void {
    this.now += ms;
    this.inFlight = this.inFlight.filter((due) => due > this.now);
    const answered = this.pending.filter((p) => p.dueAt <= this.now).sort((a, b) => a.dueAt - b.dueAt);
    for (const pin of answered) {
      if (pin.ok) continue;
      // S4-35: reverted.
      if (pin.seed) delete this.leagues[pin.sportId];
      else {
        const list = { ...this.leagues[pin.sportId]! };
        if (pin.before === null) delete list[pin.labelKey];
        else list[pin.labelKey] = pin.before;
        this.leagues[pin.sportId] = list;
      }
      const error = { kind: 'technical' as const, sportId: pin.sportId, labelKey: pin.labelKey };
      this.errors = this.errorsDueAt === pin.dueAt ? [...this.errors, error] : [error];
      this.errorsDueAt = pin.dueAt;
      this.failures++;
    }
    this.pending = this.pending.filter((p) => p.dueAt > this.now);
  }

  login(serverLeagues: unknown): void {
    this.loggedIn = true;
    this.leagues = structuredClone(parseMyLeagues(serverLeagues)) as Record<string, Record<string, boolean>>;
    this.pending = [];
    this.clean = this.inFlight.length === 0;
    this.errors = [];
    this.loginNeeded = false;
  }

  logout(): void {
    this.loggedIn = false;
    this.leagues = {};
    this.pending = [];
    this.errors = [];
    this.loginNeeded = false;
  }
}

const pinKey = (p: PendingPin) => `${p.sportId}|${p.labelKey}|${p.seed}|${p.before}`;

async function run(ops: readonly Op[], loggedIn: boolean): Promise<void> {
  const h = pinHarness({ loggedIn, defaults: DEFAULTS });
  const model = new Model();
  if (loggedIn) model.login({});
  for (const step of ops) {
    switch (step.kind) {
      case 'toggle': {
        h.plan.length = 0;
        h.plan.push({ ok: step.ok, delayMs: step.delayMs });
        h.toggle(step.labelKey);
        model.toggle(step.labelKey, step.ok, step.delayMs);
        break;
      }
      case 'advance':
        await h.advance(step.ms);
        model.advance(step.ms);
        break;
      case 'login': {
        // The account client's local copy is the server's after a login (A4-3).
        h.local.data = structuredClone(h.server.data);
        h.actor.send({ type: 'account.login', stored: h.server.data.myLeagues });
        model.login(h.server.data.myLeagues);
        break;
      }
      case 'logout':
        h.actor.send({ type: 'account.logout' });
        model.logout();
        break;
    }
    const context = h.context();
    // The machine equals the model.
    expect(context.leagues).toEqual(model.leagues);
    expect(Object.values(context.pending).map(pinKey).sort()).toEqual(model.pending.map(pinKey).sort());
    expect(context.loggedIn).toBe(model.loggedIn);
    expect(context.loginNeeded).toBe(model.loginNeeded);
    if (model.errors.length === 0) expect(context.error).toBeNull();
    else expect(model.errors).toContainEqual(context.error);
    expect(h.emitted.filter((e) => e.type === 'pin.failed')).toHaveLength(model.failures);
    // A pin never stays unconfirmed after the server answered.
    for (const id of Object.keys(context.pending)) expect(h.answered).not.toContain(id);
    // What is shown is the seeded list, or the defaults for an unseeded sport.
    for (const sportId of [1, 3]) {
      const list = model.leagues[sportId];
      const shown = list ? Object.keys(list).filter((key) => list[key]) : DEFAULTS[sportId]!;
      expect(pinnedLeagues(context, sportId)).toEqual(new Set(shown));
    }
    if (model.loggedIn && model.clean) {
      // The optimistic local copy follows the machine, undo included; the server's agrees once nothing is in flight.
      expect(parseMyLeagues(h.local.data.myLeagues)).toEqual(context.leagues);
      if (model.inFlight.length === 0) expect(parseMyLeagues(h.server.data.myLeagues)).toEqual(context.leagues);
    }
  }
}

describe('My Leagues pin toggle, model test', () => {
  it('S4-33 S4-34 S4-35 S6-2: any toggles, answers, clock steps, logins and logouts keep the machine equal to the model', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 40 }), fc.boolean(), (ops, loggedIn) => run(ops, loggedIn)),
      { numRuns: 300 },
    );
  });

  it('S4-34 S4-35: a run of slow and failing answers with a logout in the middle', async () => {
    await run(
      [
        { kind: 'toggle', labelKey: '1_112_Ak2gXMz1', ok: true, delayMs: 30_000 },
        { kind: 'toggle', labelKey: '1_198_dYlOSQOD', ok: true, delayMs: 5 },
        { kind: 'advance', ms: 30_000 },
        { kind: 'toggle', labelKey: '1_198_dYlOSQOD', ok: false, delayMs: 50 },
        { kind: 'toggle', labelKey: '1_112_zz9Cup00', ok: true, delayMs: 1000 },
        { kind: 'advance', ms: 50 },
        { kind: 'logout' },
        { kind: 'advance', ms: 1000 },
        { kind: 'login' },
        { kind: 'toggle', labelKey: '3_7_Euroleag', ok: false, delayMs: 0 },
        { kind: 'advance', ms: 0 },
      ],
      true,
    );
  });
});
