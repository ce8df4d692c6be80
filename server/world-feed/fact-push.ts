// Pushes after facts changed the world (S7-23): per touched sport (and the group it belongs to,
// S3-2) its update since the last push, per touched match that somebody has open its g_ hashes when they changed, and sys_ at most once
// per interval of virtual time.
import { gamesSubject, parsePushSubject, sysSubject, updateSubject } from '../../src/protocol/push-subjects';
import type { MatchState, WorldState } from '../../sim/world/state';
import type { FeedLanguage } from '../provider/i18n/language';
import { renderSys } from '../provider/sys-feed';
import { renderUpdateOf } from '../provider/sport-lists';
import { renderDetail } from './detail-feeds';
import type { FactScan } from './fact-scan';
import type { FeedVersions } from './feed-versions';
import type { PushListeners } from './push-listeners';
import { listSports, listsOf } from './sport-groups';

/** The languages of the games_ subjects pushed (the catalogue's). */
const GAMES_LANGUAGES: readonly FeedLanguage[] = ['kk', 'en', 'ru'];

export interface FactPushContext {
  readonly now: () => number;
  readonly projectType: number;
  readonly versions: FeedVersions;
  readonly listeners: PushListeners;
  /** A subject's first push brings the changes of this window, in ms. */
  readonly unsignedWindowMs: number;
  readonly sysPushIntervalMs: number;
}

export class FactPush {
  /** Per sport: the version its last update push brought listeners to. */
  private readonly pushedVersion = new Map<number, number>();
  /** Per games_ subject: the g_ body pushed last and the match object it came from. */
  private readonly pushedHashes = new Map<string, string>();
  private readonly pushedHashesOf = new Map<string, MatchState>();
  private lastSysPush: number;

  constructor(private readonly context: FactPushContext) {
    this.lastSysPush = context.now();
  }

  /** Matches that left the world are pushed no more. */
  forget(matchIds: readonly string[]): void {
    for (const id of matchIds) {
      for (const language of GAMES_LANGUAGES) {
        this.pushedHashes.delete(gamesSubject(language, id));
        this.pushedHashesOf.delete(gamesSubject(language, id));
      }
    }
  }

  push(state: WorldState, scan: FactScan): void {
    const { versions, listeners, projectType, now } = this.context;
    const lists = new Set([...scan.sports].flatMap(listsOf));
    if (listeners.size === 0) {
      for (const sportId of lists) this.pushedVersion.set(sportId, versions.version(sportId));
      return;
    }
    const named = listeners.namedSubjects();
    for (const sportId of lists) this.pushUpdate(state, sportId, named);
    for (const id of scan.matches) this.pushHashes(state, id);
    if (now() - this.lastSysPush >= this.context.sysPushIntervalMs) {
      this.lastSysPush = now();
      for (const type of projectTypesOf(named, 'sys', null, projectType)) {
        listeners.emit({ subject: sysSubject(type), body: renderSys(type, { now: now() }) }); // S7-23
      }
    }
  }

  private pushUpdate(state: WorldState, sportId: number, named: ReadonlySet<string>): void {
    const { versions, listeners, now, projectType } = this.context;
    const current = versions.version(sportId);
    // The edition's project type, and any other a subscriber names (the body is the same for each).
    const subjects = projectTypesOf(named, 'update', sportId, projectType)
      .map((type) => updateSubject(sportId, type))
      .filter((subject) => listeners.wanted(subject));
    if (subjects.length === 0) {
      this.pushedVersion.set(sportId, current);
      return;
    }
    const since = this.pushedVersion.get(sportId) ?? versions.versionAt(now() - this.context.unsignedWindowMs);
    if (current <= since) return;
    this.pushedVersion.set(sportId, current);
    const query = {
      sinceVersion: since,
      refreshUtime: versions.refreshOf(sportId),
      signature: versions.signature(sportId, current),
    };
    const body = renderUpdateOf(state, listSports(sportId), query, (child) => versions.changedSince(child, since));
    for (const subject of subjects) listeners.emit({ subject, body }); // S7-23
  }

  private pushHashes(state: WorldState, id: string): void {
    const { listeners } = this.context;
    // Detail hashes cost a render of every tab: only for matches somebody has open, in the languages asked
    // for (games_<lang>_<id>, S7-23), each with the hashes of that language's detail feeds.
    const match = state.matches.get(id);
    if (!match) return;
    for (const language of GAMES_LANGUAGES) {
      const subject = gamesSubject(language, id);
      if (!listeners.wanted(subject)) continue;
      // Match objects are never changed once folded: the same object has the same hashes.
      if (this.pushedHashesOf.get(subject) === match) continue;
      this.pushedHashesOf.set(subject, match);
      const body = renderDetail(state, match, 'hashes', null, language);
      if (this.pushedHashes.get(subject) === body) continue;
      this.pushedHashes.set(subject, body);
      listeners.emit({ subject, body }); // S7-23
    }
  }
}

/**
 * The project types to push a sport's update (or sys_) on: the edition's, and every other one a subscriber names
 * (S7-23: u_<sport>_<project type>, sys_<project type>; the protocol allows any project type, protocol.md §1).
 */
function projectTypesOf(
  named: ReadonlySet<string>,
  kind: 'update' | 'sys',
  sportId: number | null,
  edition: number,
): number[] {
  const types = new Set([edition]);
  for (const subject of named) {
    const parsed = parsePushSubject(subject);
    if (parsed?.kind === 'sys' && kind === 'sys') types.add(parsed.projectType);
    if (parsed?.kind === 'update' && kind === 'update' && parsed.sport === sportId) types.add(parsed.projectType);
  }
  return [...types];
}
