// Scenarios: a starting world plus a script of operations (advance time, new facts, faults, user
// actions, visitor events), as the fuzzer writes its shrunk counterexamples under fixtures/regressions/.
// JSON lines: a header, the starting facts (lines with `seq`), then one operation per line. A malformed
// visitor event makes the whole file unreadable (visitor-events.ts); other unreadable lines are skipped.
import type { FeedTab } from '../../machines/feed-cycle';
import type { Fact } from '../../sim/facts';
import { type InjectableBug, isInjectableBug } from './bugs';
import { asFact } from './fact-log';
import { type FaultKind, isFaultKind } from './faults';
import { type BadLine, jsonLines } from './json-lines';
import {
  asVisitorOp,
  looksLikeVisitorEvent,
  readVisitorLimits,
  type VisitorLimits,
  type VisitorOp,
} from './visitor-events';

export const SCENARIO_FORMAT = 'scores-scenario';

export type ScenarioOp =
  | { readonly op: 'advance'; readonly ms: number }
  /** The clock jumps (a machine waking from sleep): one step, every due timer fires at the new time. */
  | { readonly op: 'jump'; readonly ms: number }
  /** Operations started at the same instant, in this order, none settled before the next starts (a race). */
  | { readonly op: 'together'; readonly ops: readonly ScenarioOp[] }
  /** The visitor collapses or expands a league on a sport's page (S4-13). */
  | { readonly op: 'collapse'; readonly sport: number; readonly leagueId: string }
  /** Facts that happen now (their seq and time are assigned again on replay, identically). */
  | { readonly op: 'facts'; readonly facts: readonly Fact[] }
  | { readonly op: 'fault'; readonly sport: number; readonly kind: FaultKind }
  | { readonly op: 'restart' }
  | { readonly op: 'day'; readonly sport: number; readonly day: number }
  | { readonly op: 'tab'; readonly sport: number; readonly tab: FeedTab }
  | { readonly op: 'myGames'; readonly sport: number; readonly ids: readonly string[] }
  | { readonly op: 'online'; readonly sport: number; readonly online: boolean }
  | { readonly op: 'visible'; readonly sport: number; readonly visible: boolean }
  | VisitorOp;

export interface ScenarioHeader {
  readonly format: typeof SCENARIO_FORMAT;
  readonly version: 1;
  readonly seed: number;
  /** Epoch ms the scenario starts at. */
  readonly start: number;
  readonly sports: readonly number[];
  readonly timezoneHour?: number;
  readonly stepMs?: number;
  /** The broken machine the scenario was found against, if any (a harness self-test). */
  readonly injectedBug?: InjectableBug;
  /** What failed when it was written. */
  readonly failure?: string;
  /** How it was found (the fuzz command line). */
  readonly found?: string;
  /** The visitor's limits (S9-2 by default); the fuzzer lowers them so a run reaches them. */
  readonly visitorLimits?: VisitorLimits;
}

export interface Scenario {
  readonly header: ScenarioHeader;
  readonly facts: readonly Fact[];
  readonly ops: readonly ScenarioOp[];
}

const TABS: ReadonlySet<string> = new Set(['all', 'live', 'finished', 'scheduled', 'odds', 'myGames']);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One operation, or the reason it is not one. */
export function asScenarioOp(value: unknown): ScenarioOp | string {
  if (!isObject(value)) return 'not an object';
  if (looksLikeVisitorEvent(value)) return asVisitorOp(value);
  const sport = typeof value.sport === 'number' ? value.sport : NaN;
  switch (value.op) {
    case 'advance':
      return typeof value.ms === 'number' && value.ms >= 0 ? { op: 'advance', ms: value.ms } : 'advance needs ms';
    case 'together': {
      if (!Array.isArray(value.ops)) return 'together needs a list of ops';
      const ops: ScenarioOp[] = [];
      for (const item of value.ops) {
        const op = asScenarioOp(item);
        if (typeof op === 'string') return `together: ${op}`;
        ops.push(op);
      }
      return { op: 'together', ops };
    }
    case 'jump':
      return typeof value.ms === 'number' && value.ms >= 0 ? { op: 'jump', ms: value.ms } : 'jump needs ms';
    case 'collapse':
      return typeof value.leagueId === 'string' && Number.isFinite(sport)
        ? { op: 'collapse', sport, leagueId: value.leagueId }
        : 'collapse needs sport and leagueId';
    case 'facts': {
      if (!Array.isArray(value.facts)) return 'facts needs a list';
      const facts: Fact[] = [];
      for (const item of value.facts) {
        // An op's facts take their place (seq, time) when the replay applies them: only their bodies are checked.
        const fact = asFact(isObject(item) ? { ...item, seq: 1, time: 0 } : item);
        if (typeof fact === 'string') return fact;
        facts.push({ ...fact, seq: 0, time: 0 });
      }
      return { op: 'facts', facts };
    }
    case 'fault':
      return typeof value.kind === 'string' && isFaultKind(value.kind) && Number.isFinite(sport)
        ? { op: 'fault', sport, kind: value.kind }
        : 'fault needs sport and kind';
    case 'restart':
      return { op: 'restart' };
    case 'day':
      return typeof value.day === 'number' && Number.isFinite(sport)
        ? { op: 'day', sport, day: value.day }
        : 'day needs sport and day';
    case 'tab':
      return typeof value.tab === 'string' && TABS.has(value.tab) && Number.isFinite(sport)
        ? { op: 'tab', sport, tab: value.tab as FeedTab }
        : 'tab needs sport and tab';
    case 'myGames':
      return Array.isArray(value.ids) && value.ids.every((id) => typeof id === 'string') && Number.isFinite(sport)
        ? { op: 'myGames', sport, ids: value.ids as string[] }
        : 'myGames needs sport and ids';
    case 'online':
      return typeof value.online === 'boolean' && Number.isFinite(sport)
        ? { op: 'online', sport, online: value.online }
        : 'online needs sport and online';
    case 'visible':
      return typeof value.visible === 'boolean' && Number.isFinite(sport)
        ? { op: 'visible', sport, visible: value.visible }
        : 'visible needs sport and visible';
    default:
      return `unknown op ${String(value.op)}`;
  }
}

export function isScenarioHeader(value: unknown): boolean {
  return isObject(value) && value.format === SCENARIO_FORMAT;
}

/** Parses a scenario file; a string result is the reason it cannot be replayed. */
export function parseScenario(text: string, onBadLine?: BadLine): Scenario | string {
  let header: ScenarioHeader | null = null;
  const facts: Fact[] = [];
  const ops: ScenarioOp[] = [];
  for (const { value, lineNumber } of jsonLines(text, onBadLine)) {
    if (header === null) {
      if (!isObject(value) || !isScenarioHeader(value)) return 'the first line is not a scenario header';
      const sports = Array.isArray(value.sports) ? value.sports.filter((s): s is number => typeof s === 'number') : [];
      if (typeof value.start !== 'number' || sports.length === 0) return 'the scenario header needs start and sports';
      const visitorLimits = readVisitorLimits(value.visitorLimits);
      if (typeof visitorLimits === 'string') return `line ${lineNumber}: ${visitorLimits}`;
      header = {
        format: SCENARIO_FORMAT,
        version: 1,
        seed: typeof value.seed === 'number' ? value.seed : 1,
        start: value.start,
        sports,
        timezoneHour: typeof value.timezoneHour === 'number' ? value.timezoneHour : undefined,
        stepMs: typeof value.stepMs === 'number' && value.stepMs > 0 ? value.stepMs : undefined,
        injectedBug:
          typeof value.injectedBug === 'string' && isInjectableBug(value.injectedBug) ? value.injectedBug : undefined,
        failure: typeof value.failure === 'string' ? value.failure : undefined,
        found: typeof value.found === 'string' ? value.found : undefined,
        ...(visitorLimits ? { visitorLimits } : {}),
      };
      continue;
    }
    if (isObject(value) && 'seq' in value) {
      const fact = asFact(value);
      if (typeof fact === 'string') onBadLine?.(lineNumber, fact);
      else facts.push(fact);
      continue;
    }
    const op = asScenarioOp(value);
    if (typeof op !== 'string') ops.push(op);
    else if (looksLikeVisitorEvent(value)) return `line ${lineNumber}: ${op}`;
    else onBadLine?.(lineNumber, op);
  }
  if (!header) return 'empty scenario';
  return { header, facts, ops };
}

export function serializeScenario(scenario: Scenario): string {
  const lines = [JSON.stringify(scenario.header)];
  for (const fact of scenario.facts) lines.push(JSON.stringify(fact));
  for (const op of scenario.ops) lines.push(JSON.stringify(op));
  return `${lines.join('\n')}\n`;
}
