// A2 refresh utimes per sport: the server start, raised when a sport's lists change shape (matches
// added or archived) so clients holding those lists reload them.

export class RefreshTimes {
  private readonly raised = new Map<number, number>();

  /** `startUtime`: epoch seconds every sport starts at. */
  constructor(private readonly startUtime: number) {}

  of(sportId: number): number {
    return this.raised.get(sportId) ?? this.startUtime;
  }

  /** Raises the sport's refresh utime to `utime` (never lowers it). */
  raise(sportId: number, utime: number): void {
    this.raised.set(sportId, Math.max(this.of(sportId), utime));
  }
}
