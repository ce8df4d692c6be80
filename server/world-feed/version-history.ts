// World version checkpoints in (virtual) time, so a time window ("the last 60 s") can be turned
// into the world version it starts at.

/** Checkpoints kept; older ones are dropped (a window that far back starts at the oldest kept). */
const HISTORY_LIMIT = 4096;

export class VersionHistory {
  private readonly points: { time: number; version: number }[];

  constructor(time: number, version: number) {
    this.points = [{ time, version }];
  }

  /** Notes that the world is at `version` at `time`; repeated versions add nothing. */
  record(time: number, version: number): void {
    const last = this.points[this.points.length - 1];
    if (last && last.version === version) return;
    this.points.push({ time, version });
    if (this.points.length > HISTORY_LIMIT) this.points.splice(0, this.points.length - HISTORY_LIMIT);
  }

  /** The world version at `time`: the last checkpoint at or before it (the oldest when none is). */
  at(time: number): number {
    let version = this.points[0]?.version ?? 0;
    for (const point of this.points) {
      if (point.time > time) break;
      version = point.version;
    }
    return version;
  }
}
