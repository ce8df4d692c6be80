// Version bookkeeping of the world feeds: per sport its version and the matches changed since a
// version (SportIndex), the update signatures that name those versions, the A2 refresh times, and
// the world's version history in time. A group sport's lists are its children's (S3-2): its version
// and refresh time are the highest of theirs, and its signatures are salted with its own id.
import type { MatchState, WorldState } from '../../sim/world/state';
import { SportIndex } from '../provider/sport-version';
import { type RefreshFrom, RefreshTimes } from './refresh-times';
import { SignatureBook } from './signature-book';
import { isGroupSport, listSports } from './sport-groups';
import { VersionHistory } from './version-history';

export class FeedVersions {
  private readonly index = new SportIndex();
  private readonly history: VersionHistory;
  private readonly signatures: SignatureBook;
  private readonly refresh: RefreshTimes;

  /**
   * `now`: the server time the bookkeeping starts at (epoch ms); `epoch` salts the signatures; `refresh`
   * (default: every sport at `now`) where the A2 refresh times start: edges of one world share it, and their
   * epoch, so a client moving between them keeps its lists.
   */
  constructor(
    private readonly world: () => WorldState,
    now: number,
    epoch: string,
    refresh?: RefreshFrom,
  ) {
    this.history = new VersionHistory(now, world().version);
    this.signatures = new SignatureBook(epoch);
    this.refresh = new RefreshTimes(Math.floor((refresh?.start ?? now) / 1000), refresh?.raised);
  }

  version(sportId: number): number {
    if (!isGroupSport(sportId)) return this.index.version(this.world(), sportId);
    let version = 0;
    for (const child of listSports(sportId)) version = Math.max(version, this.index.version(this.world(), child));
    return version;
  }

  /** The matches of a sport that is not a group changed after `since`. */
  changedSince(sportId: number, since: number): MatchState[] {
    return this.index.changedSince(this.world(), sportId, since);
  }

  signature(sportId: number, version = this.version(sportId)): string {
    return this.signatures.signature(sportId, version);
  }

  /** The version a client's signature names, or null for a signature not made by this world. */
  decode(signature: string, sportId: number): number | null {
    return this.signatures.decode(signature, sportId);
  }

  refreshOf(sportId: number): number {
    if (!isGroupSport(sportId)) return this.refresh.of(sportId);
    let utime = this.refresh.of(sportId);
    for (const child of listSports(sportId)) utime = Math.max(utime, this.refresh.of(child));
    return utime;
  }

  raiseRefresh(sportId: number, utime: number): void {
    this.refresh.raise(sportId, utime);
  }

  /** The world version at a (virtual) time. */
  versionAt(time: number): number {
    return this.history.at(time);
  }

  /** Brings the bookkeeping to `state` at `time`, where only the matches `touched` changed. */
  advance(state: WorldState, time: number, touched: Iterable<string>, removed: boolean): void {
    this.history.record(time, state.version);
    this.index.advance(state, touched, removed);
  }
}
