// A2 refresh utimes per sport: the server start, raised when a sport's lists change shape (matches
// added or archived) so clients holding those lists reload them.

/** Where a server's refresh times start: every sport's first A2 (epoch ms) and those already raised (epoch s). */
export interface RefreshFrom {
  readonly start: number;
  readonly raised: ReadonlyMap<number, number>;
}

export class RefreshTimes {
  private readonly raised: Map<number, number>;

  /** `startUtime`: epoch seconds every sport starts at; `raised`: sports raised past it already. */
  constructor(
    private readonly startUtime: number,
    raised: ReadonlyMap<number, number> = new Map(),
  ) {
    this.raised = new Map();
    for (const [sportId, utime] of raised) this.raise(sportId, utime);
  }

  of(sportId: number): number {
    return this.raised.get(sportId) ?? this.startUtime;
  }

  /** Raises the sport's refresh utime to `utime` (never lowers it). */
  raise(sportId: number, utime: number): void {
    this.raised.set(sportId, Math.max(this.of(sportId), utime));
  }
}
