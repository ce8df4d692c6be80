// Replay inputs: a world fact log, a feed capture or a scenario, told apart by the first line, or raw recorded
// feed bodies (a file, or a directory of them) wrapped as a capture in memory. A fact log or capture may carry
// visitor events beside its lines, each with a time (visitor-events.ts).
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Fact } from '../../sim/facts';
import { inspectFeed, isNotAFeed } from '../../src/protocol/feed-inspect';
import { type Capture, isCaptureLine, parseCapture, type RawFeedFile, wrapRawFeeds } from './capture';
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

/** Bytes of a file, gunzipped when it ends in .gz. */
export async function readBytes(path: string): Promise<Buffer> {
  const bytes = await readFile(path);
  return path.endsWith('.gz') ? gunzipSync(bytes) : bytes;
}

/** Text of a file, gunzipped when it ends in .gz. */
export async function readText(path: string): Promise<string> {
  return (await readBytes(path)).toString('utf8');
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The files of the given paths, a directory giving its files (not hidden, not README) in name order; a string
 * result is the first that cannot be read.
 */
export async function readRawFiles(paths: readonly string[]): Promise<RawFeedFile[] | string> {
  const files: RawFeedFile[] = [];
  for (const path of paths) {
    let names: string[] = [path];
    try {
      if ((await stat(path)).isDirectory()) {
        const entries = await readdir(path, { withFileTypes: true });
        names = entries
          .filter((e) => e.isFile() && !e.name.startsWith('.') && !/^readme/i.test(e.name))
          .map((e) => join(path, e.name))
          .sort();
        if (names.length === 0) return `${path} holds no files`;
      }
    } catch (error) {
      return `cannot read ${path}: ${reason(error)}`;
    }
    for (const name of names) {
      try {
        files.push({ path: name, bytes: await readBytes(name) });
      } catch (error) {
        return `cannot read ${name}: ${reason(error)}`;
      }
    }
  }
  return files;
}

/** Raw feed files as a capture input; notes tell the files skipped. */
export async function loadRawFeeds(
  paths: readonly string[],
  onNote?: (message: string) => void,
): Promise<ReplayInput | string> {
  const files = await readRawFiles(paths);
  if (typeof files === 'string') return files;
  const wrapped = wrapRawFeeds(files, { source: paths.join(' ') });
  if (typeof wrapped === 'string') return wrapped;
  for (const skip of wrapped.skipped)
    onNote?.(`skipped ${skip.path}: a ${skip.kind} body is not part of a day's lists`);
  return { kind: 'capture', capture: parseCapture(wrapped.text) };
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
      return 'not a fact log, a feed capture, a scenario or a raw feed body (its first line is none of them)';
  }
}

/**
 * A replay input from a file or a directory of raw feed files. A string result is why it cannot be replayed,
 * `path:line: reason` when a line is at fault. Bad lines are reported through onBadLine (the caller decides
 * whether one stops the replay); notes (raw files skipped) through onNote.
 */
export async function loadReplayInput(
  path: string,
  onBadLine?: (lineNumber: number, reason: string) => void,
  onNote?: (message: string) => void,
): Promise<ReplayInput | string> {
  let bytes: Buffer;
  try {
    if ((await stat(path)).isDirectory()) return loadRawFeeds([path], onNote);
    bytes = await readBytes(path);
  } catch (error) {
    return `cannot read ${path}: ${reason(error)}`;
  }
  const text = bytes.toString('utf8');
  const parsed = parseReplayInput(text, onBadLine);
  if (typeof parsed !== 'string') return parsed;
  if (detectInputKind(firstLineOf(text)) === null) {
    const raw = inspectFeed(bytes);
    if (!isNotAFeed(raw.kind)) return loadRawFeeds([path], onNote);
    return `${path}:1: ${parsed}`;
  }
  const atLine = /^line (\d+): /.exec(parsed);
  return atLine ? `${path}:${atLine[1]}: ${parsed.slice(atLine[0].length)}` : `${path}: ${parsed}`;
}

function firstLineOf(text: string): string {
  const end = text.indexOf('\n');
  return (end >= 0 ? text.slice(0, end) : text).trim();
}
