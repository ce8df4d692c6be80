// Personal push (S7-23 lsid_<profile>_<namespace>, A7-23): goals, red cards and final whistles of the games an
// account follows, published on its own subject as notification bodies (src/domain/notification-rules.ts).
// The gateway lets only the proven account subscribe (server/push/gateway.ts, PersonalSubjects); this module
// publishes while a subject has a subscriber.
//
// Per followed sport it listens to the sport's update push (u_<sport>_<pt>) and keeps each event's last
// known values, first from the day lists of yesterday, today and tomorrow (names, league, score), then
// from every update row. A row changes an event it knows: the change's notifications go to every open
// subject following that game (its game key, or its league for a whole tournament). An event first seen
// in an update row is only learnt: with nothing before it, a goal cannot be told from a correction.
import {
  encodeNotification,
  type GameChange,
  isFollowedGame,
  type NotificationFields,
  notificationsOf,
} from '../../src/domain/notification-rules';
import { parseGameKey } from '../../src/domain/my-games-rules';
import { sportOfLeagueKey } from '../../src/follow/entry-shape';
import { MY_GAMES_DATA_KEY } from '../../src/follow/server-form';
import { EDITION } from '../../src/domain/edition';
import { sportById } from '../../src/domain/sports';
import { buildFeedName } from '../../src/protocol/feed-names';
import type { FeedSource, Unsubscribe } from '../../src/protocol/feed-source';
import { parseListFeed } from '../../src/protocol/list-feed';
import type { EventRecord, ListFeed } from '../../src/protocol/list-feed-types';
import { parsePushSubject, updateSubject } from '../../src/protocol/push-subjects';
import type { Broker } from './broker';
import type { PushCredentials } from './client-message';
import type { PersonalSubjects } from './gateway';

export interface PersonalPushOptions {
  /** Day lists for what an event was before its first update. */
  readonly source: Pick<FeedSource, 'fetch'>;
  /** Where update bodies come from and notifications go. */
  readonly broker: Broker;
  readonly now: () => number;
  /** Whether the credentials are a live session of the subject's account. */
  readonly authorize: (subject: string, credentials: PushCredentials) => Promise<boolean>;
  /** The account's followed keys: game keys g_<sport>_<id> and whole-tournament league ids. */
  readonly followedOf: (profileId: string) => Promise<readonly string[]>;
  readonly log?: (message: string) => void;
}

export interface PersonalPush extends PersonalSubjects {
  /** The account's followed games changed: they are read again. */
  refresh(profileId: string): void;
  /** Open subjects (for status and tests). */
  openSubjects(): readonly string[];
  close(): void;
}

/** What is known of an event: the values notifications read, its league and the league's name. */
interface Known extends NotificationFields {
  readonly leagueId: string | null;
  readonly label: string;
}

interface SubjectState {
  readonly profileId: string;
  followed: ReadonlySet<string>;
}

interface SportState {
  readonly known: Map<string, Known>;
  readonly stop: Unsubscribe;
}

const FIELDS = [
  'stageType',
  'stage',
  'homeScore',
  'awayScore',
  'homeRedCards',
  'awayRedCards',
  'home',
  'away',
  'homeImage',
  'awayImage',
  'homeSlug',
  'awaySlug',
] as const satisfies readonly (keyof NotificationFields)[];

/** Seed days: a live game's list is yesterday's, today's or tomorrow's (ours). */
const SEED_DAYS = [-1, 0, 1];

/** The values of a row; an update row carries only what changed, so absent ones stay unset. */
function fieldsOf(event: EventRecord): NotificationFields {
  const out: Record<string, unknown> = {};
  for (const key of FIELDS) if (event[key] !== undefined && event[key] !== null) out[key] = event[key];
  return out as NotificationFields;
}

/** The sport a followed key is about, or null. */
function sportOfKey(key: string): number | null {
  return parseGameKey(key)?.sportId ?? sportOfLeagueKey(key);
}

export function createPersonalPush(options: PersonalPushOptions): PersonalPush {
  const log = options.log ?? (() => {});
  const subjects = new Map<string, SubjectState>();
  const sports = new Map<number, SportState>();
  let closed = false;

  function learn(
    sport: SportState,
    id: string,
    fields: NotificationFields,
    league: { id: string | null; label: string },
  ) {
    const before = sport.known.get(id);
    const after: Known = before
      ? { ...before, ...fields, leagueId: before.leagueId ?? league.id, label: before.label || league.label }
      : { ...fields, leagueId: league.id, label: league.label };
    sport.known.set(id, after);
    return { before, after };
  }

  /** A day list fills in what is not known yet; values from updates are newer and stay. */
  function seedFrom(sport: SportState, feed: ListFeed): void {
    const names = new Map(feed.leagues.map((league) => [league.id, league.name ?? '']));
    for (const event of feed.events) {
      const seeded: Known = {
        ...fieldsOf(event),
        leagueId: event.leagueId,
        label: (event.leagueId && names.get(event.leagueId)) || '',
      };
      const known = sport.known.get(event.id);
      sport.known.set(event.id, known ? { ...seeded, ...known, label: known.label || seeded.label } : seeded);
    }
  }

  async function seed(sportId: number, sport: SportState): Promise<void> {
    for (const day of SEED_DAYS) {
      // S7-2: a group sport's day list is its fp_ feed; the edition's time zone, language and project type (S7-1).
      const kind = sportById(sportId)?.isGroup ? 'fullGroup' : 'full';
      const { timezoneHour: tz, language: lang, projectType } = EDITION;
      const feed = buildFeedName({ kind, sport: sportId, day, tz, lang, projectType });
      try {
        const response = await options.source.fetch({ feed, headers: {} });
        if (closed || sports.get(sportId) !== sport) return;
        if (response.status === 200) seedFrom(sport, parseListFeed(response.body));
      } catch (error) {
        log(`personal push: ${feed} could not be read: ${String(error)}`);
      }
    }
  }

  function onUpdate(sportId: number, sport: SportState, body: string): void {
    const feed = parseListFeed(body);
    const now = options.now();
    for (const event of [...feed.events, ...feed.repair]) {
      const { before, after } = learn(sport, event.id, fieldsOf(event), { id: event.leagueId, label: '' });
      if (!before) continue;
      const change: GameChange = {
        eventId: event.id,
        sportId: event.sportId ?? sportId,
        leagueId: after.leagueId,
        label: after.label,
        before,
        after,
      };
      const notifications = notificationsOf(change, now);
      if (notifications.length === 0) continue;
      for (const [subject, state] of subjects) {
        const followed = (key: string) => state.followed.has(key);
        if (!isFollowedGame(followed, change.sportId, change.eventId, change.leagueId)) continue;
        for (const notification of notifications) options.broker.publish(subject, encodeNotification(notification));
      }
    }
  }

  /** Listens to exactly the sports some open subject follows. */
  function watchSports(): void {
    const wanted = new Set<number>();
    for (const state of subjects.values())
      for (const key of state.followed) {
        const sport = sportOfKey(key);
        if (sport !== null) wanted.add(sport);
      }
    for (const [sportId, sport] of sports)
      if (!wanted.has(sportId)) {
        sport.stop();
        sports.delete(sportId);
      }
    for (const sportId of wanted) {
      if (sports.has(sportId)) continue;
      const known = new Map<string, Known>();
      let sport: SportState | null = null;
      const stop = options.broker.subscribe(updateSubject(sportId, EDITION.projectType), (body) => {
        if (sport) onUpdate(sportId, sport, body);
      });
      sport = { known, stop };
      sports.set(sportId, sport);
      void seed(sportId, sport);
    }
  }

  async function load(subject: string, state: SubjectState): Promise<void> {
    try {
      const keys = await options.followedOf(state.profileId);
      if (subjects.get(subject) !== state) return; // closed meanwhile
      state.followed = new Set(keys);
      watchSports();
    } catch (error) {
      log(`personal push: followed games of ${subject} could not be read: ${String(error)}`);
    }
  }

  return {
    authorize(subject, credentials) {
      const parsed = parsePushSubject(subject);
      if (parsed?.kind !== 'lsid' || parsed.profileId !== credentials.id) return Promise.resolve(false);
      return options.authorize(subject, credentials);
    },
    open(subject) {
      const parsed = parsePushSubject(subject);
      if (closed || parsed?.kind !== 'lsid') return () => {};
      const state: SubjectState = { profileId: parsed.profileId, followed: new Set() };
      subjects.set(subject, state);
      void load(subject, state);
      return () => {
        if (subjects.get(subject) !== state) return;
        subjects.delete(subject);
        watchSports();
      };
    },
    refresh(profileId) {
      for (const [subject, state] of subjects) if (state.profileId === profileId) void load(subject, state);
    },
    openSubjects: () => [...subjects.keys()],
    close() {
      closed = true;
      subjects.clear();
      for (const sport of sports.values()) sport.stop();
      sports.clear();
    },
  };
}

/** The followed keys in an account's synced data (S3-58: mygames.data game keys, mygames.noduel league ids). */
export function followedKeysOf(data: Readonly<Record<string, unknown>>): string[] {
  const mygames = data[MY_GAMES_DATA_KEY];
  if (typeof mygames !== 'object' || mygames === null) return [];
  const { data: games, noduel } = mygames as Record<string, unknown>;
  const keys = (value: unknown) => (typeof value === 'object' && value !== null ? Object.keys(value) : []);
  return [...keys(games), ...keys(noduel)];
}
