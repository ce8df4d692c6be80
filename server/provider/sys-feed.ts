// System feed sys_<pt> (S7-6, S7-22): sync multiplier, service status, update interval, server time.
import { serializeRows } from '../../src/protocol/codec';

export interface SysQuery {
  /** Server time, epoch ms. */
  readonly now: number;
  /** mlp: sync multiplier (1 = normal pace). */
  readonly syncMultiplier?: number;
  /** sst: service status (1 = running). */
  readonly serviceStatus?: number;
  /** stu: update feed interval in seconds. */
  readonly updateInterval?: number;
}

const UPDATE_INTERVAL_S = 5; // S9-4: update sync time 5 s

export function renderSys(projectType: number, query: SysQuery): string {
  return serializeRows([
    [
      ['SA', String(projectType)],
      ['mlp', String(query.syncMultiplier ?? 1)],
      ['sst', String(query.serviceStatus ?? 1)],
      ['stu', String(query.updateInterval ?? UPDATE_INTERVAL_S)],
      ['utime', String(Math.floor(query.now / 1000))],
    ],
  ]);
}
