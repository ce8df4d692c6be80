// Nested data addressed by dotted keys (A7-20, A3-11): 'myGames.g_1_abc' → data.myGames.g_1_abc.
// Shared by the client (to keep its copy in step) and the service (to merge in one transaction).
import type { DataDiff, JsonObject } from './account';

/** Path segments that would reach an object's prototype: never accepted. */
const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype']);
export const MAX_PATH_DEPTH = 16;

/** The segments of a dotted key, or null when it is empty, too deep, or names a forbidden segment. */
export function splitDottedKey(key: string): string[] | null {
  if (typeof key !== 'string' || key.length === 0 || key.length > 512) return null;
  const segments = key.split('.');
  if (segments.length > MAX_PATH_DEPTH) return null;
  for (const segment of segments) if (segment.length === 0 || FORBIDDEN_SEGMENTS.has(segment)) return null;
  return segments;
}

function hasForbiddenKeys(value: unknown, depth = 0): boolean {
  if (depth > 64) return true;
  if (Array.isArray(value)) return value.some((v) => hasForbiddenKeys(v, depth + 1));
  if (value && typeof value === 'object') {
    for (const key of Object.keys(value)) {
      if (FORBIDDEN_SEGMENTS.has(key)) return true;
      if (hasForbiddenKeys((value as Record<string, unknown>)[key], depth + 1)) return true;
    }
  }
  return false;
}

function isPlainObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether a diff is well formed: every key valid, values free of prototype keys. */
export function isValidDataDiff(diff: unknown): diff is DataDiff {
  if (!isPlainObject(diff)) return false;
  const merge = diff.merge ?? {};
  const unmerge = diff.unmerge ?? [];
  if (!isPlainObject(merge) || !Array.isArray(unmerge)) return false;
  for (const key of Object.keys(merge)) if (!splitDottedKey(key) || hasForbiddenKeys(merge[key])) return false;
  for (const key of unmerge) if (typeof key !== 'string' || !splitDottedKey(key)) return false;
  return true;
}

/** Applies merge (set each dotted key) then unmerge (delete each dotted key) to a copy; the input is not changed. */
export function applyDataDiff(data: JsonObject, diff: DataDiff): JsonObject {
  const result: JsonObject = structuredClone(data);
  for (const [key, value] of Object.entries(diff.merge ?? {})) {
    const segments = splitDottedKey(key);
    if (!segments) continue;
    let node: JsonObject = result;
    for (const segment of segments.slice(0, -1)) {
      const next = Object.hasOwn(node, segment) ? node[segment] : undefined;
      if (!isPlainObject(next)) {
        const fresh: JsonObject = {};
        Object.defineProperty(node, segment, { value: fresh, enumerable: true, writable: true, configurable: true });
        node = fresh;
      } else node = next;
    }
    Object.defineProperty(node, segments[segments.length - 1], {
      value: structuredClone(value),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  for (const key of diff.unmerge ?? []) {
    const segments = splitDottedKey(key);
    if (!segments) continue;
    let node: unknown = result;
    for (const segment of segments.slice(0, -1)) {
      node = isPlainObject(node) && Object.hasOwn(node, segment) ? node[segment] : undefined;
    }
    if (isPlainObject(node)) delete node[segments[segments.length - 1]];
  }
  return result;
}

/** A4-3: the whole of local data as a merge diff (one dotted key per top-level entry). */
export function diffFromData(data: JsonObject): DataDiff {
  const merge: JsonObject = {};
  for (const [key, value] of Object.entries(data)) if (splitDottedKey(key)) merge[key] = value;
  return { merge, unmerge: [] };
}

export function isEmptyData(data: unknown): boolean {
  return !isPlainObject(data) || Object.keys(data).length === 0;
}
