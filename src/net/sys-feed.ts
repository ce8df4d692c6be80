// The system feed (S7-22): mlp sync multiplier, sst service status, stu update interval,
// utime server time (epoch seconds). Cells of every row are read; unknown keys are skipped.
import { parseRows } from '../protocol/codec';

export interface SysFeed {
  /** Server time, epoch seconds. */
  readonly utime: number | null;
  readonly syncMultiplier: number | null;
  readonly serviceStatus: string | null;
  /** Update interval, seconds. */
  readonly updateInterval: number | null;
}

function finite(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

export function parseSysFeed(body: string): SysFeed {
  const cells = new Map<string, string>();
  for (const row of parseRows(body)) for (const [key, value] of row) if (!cells.has(key)) cells.set(key, value);
  return {
    utime: finite(cells.get('utime')),
    syncMultiplier: finite(cells.get('mlp')),
    serviceStatus: cells.get('sst') ?? null,
    updateInterval: finite(cells.get('stu')),
  };
}
