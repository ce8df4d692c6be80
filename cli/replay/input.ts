// Replay inputs: a world fact log, a feed capture or a scenario, told apart by the first line. A fact log
// or capture may carry visitor events beside its lines, each with a time (visitor-events.ts).
import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import type { Fact } from '../../sim/facts';
import { type Capture, isCaptureLine, parseCapture } from './capture';
import { asFact, type FactLogHeader, FACT_LOG_FORMAT, parseFactLog } from './fact-log';
import { isScenarioHeader, parseScenario, type Scenario } from './scenario';
import { type TimedVisitorOp, takeVisitorEvents } from './visitor-events';

export type ReplayInput =
  | {
      readonly kind: 'facts';
      readonly facts: readonly Fact[];
      readonly header: FactLogHeader | null;
      readonly visitor?: readonly TimedVisitorOp[];
    }
  | { readonly kind: 'capture'; readonly capture: Capture; readonly visitor?: readonly TimedVisitorOp[] }
  | { readonly kind: 'scenario'; readonly scenario: Scenario };

export type InputKind = ReplayInput['kind'];

/** The kind of file a first line opens, or null when it is none of them. */
export function detectInputKind(firstLine: string): InputKind | null {
  let value: unknown;
  try {
    value = JSON.parse(firstLine);
  } catch {
    return null;
  }
  if (isScenarioHeader(value)) return 'scenario';
  if (isCaptureLine(value)) return 'capture';
  if (typeof value === 'object' && value !== null && (value as { format?: unknown }).format === FACT_LOG_FORMAT) {
    return 'facts';
  }
  return typeof asFact(value) === 'string' ? null : 'facts';
}

/** Text of a file, gunzipped when it ends in .gz. */
export async function readText(path: string): Promise<string> {
  const bytes = await readFile(path);
  return path.endsWith('.gz') ? gunzipSync(bytes).toString('utf8') : bytes.toString('utf8');
}

/** Parses replay input text; a string result is the reason it cannot be replayed. */
export function parseReplayInput(
  text: string,
  onBadLine?: (lineNumber: number, reason: string) => void,
): ReplayInput | string {
  const firstLine = text.slice(0, text.indexOf('\n') >= 0 ? text.indexOf('\n') : text.length).trim();
  if (firstLine === '') return 'the file is empty';
  const kind = detectInputKind(firstLine);
  const timed = kind === 'facts' || kind === 'capture' ? takeVisitorEvents(text) : { text, events: [] };
  if (typeof timed === 'string') return timed;
  switch (kind) {
    case 'facts': {
      const log = parseFactLog(timed.text, onBadLine);
      if (log.facts.length === 0) return 'the fact log holds no facts';
      return { kind, facts: log.facts, header: log.header, visitor: timed.events };
    }
    case 'capture': {
      const capture = parseCapture(timed.text, onBadLine);
      if (capture.feeds.length === 0 && capture.pushes.length === 0) return 'the capture holds no responses';
      return { kind, capture, visitor: timed.events };
    }
    case 'scenario': {
      const scenario = parseScenario(text, onBadLine);
      return typeof scenario === 'string' ? scenario : { kind, scenario };
    }
    default:
      return 'not a fact log, a feed capture or a scenario (its first line is none of them)';
  }
}

export async function loadReplayInput(
  path: string,
  onBadLine?: (lineNumber: number, reason: string) => void,
): Promise<ReplayInput | string> {
  let text: string;
  try {
    text = await readText(path);
  } catch (error) {
    return `cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`;
  }
  return parseReplayInput(text, onBadLine);
}
