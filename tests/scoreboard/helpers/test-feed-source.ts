// A small in-memory FeedSource for the client's tests: it holds leagues and events, mutates them,
// and answers f_, u_, r_ and sys_ with real bodies (serializeRows) the way the world source does:
// per-field versions, an A1 signature carrying the version (server/provider/signature.ts), 304 when
// the client is current, A2 raised when the list changes shape, push on u_<sport>_1.
import { type FeedRow, serializeRows } from '../../../src/protocol/codec';
import type { FeedRequest, FeedResponse, FeedSource, PushMessage } from '../../../src/protocol/feed-source';
import { EVENT_KEY_BY_FIELD, type EventFieldName, type EventFields } from '../../../src/protocol/keys';
import { dayWindow } from '../../../src/scoreboard/day-window';
import { decodeSignature, encodeSignature } from '../../../server/provider/signature';

export interface TestLeague {
  readonly id: string;
  readonly name: string;
  readonly type: string;
  readonly sortKey: string;
}

interface TestEvent {
  readonly id: string;
  readonly leagueId: string;
  fields: EventFields;
  versions: Map<EventFieldName, number>;
  version: number;
  /** Version at which its start time last moved (sent as a QA row). */
  moved: number;
}

const SALT = 'test';
const TEXT = { 'content-type': 'text/plain; charset=utf-8' };

export interface TestFeedSourceOptions {
  readonly sport?: number;
  /** Server time, epoch ms. */
  readonly now: () => number;
  readonly timezoneHour?: number;
}

export class TestFeedSource implements FeedSource {
  readonly sport: number;
  readonly leagues = new Map<string, TestLeague>();
  private readonly events = new Map<string, TestEvent>();
  version = 1;
  /** A2 in epoch seconds: raised when events are added or removed. */
  refreshUtime: number;
  private pushedVersion = 1;
  private readonly listeners = new Set<(message: PushMessage) => void>();
  readonly now: () => number;
  readonly timezoneHour: number;
  /** Every request answered, for assertions on headers. */
  readonly requests: FeedRequest[] = [];

  constructor(options: TestFeedSourceOptions) {
    this.sport = options.sport ?? 1;
    this.now = options.now;
    this.timezoneHour = options.timezoneHour ?? 5;
    this.refreshUtime = Math.floor(this.now() / 1000);
  }

  // ---- world changes -------------------------------------------------------------------------

  addLeague(league: TestLeague): void {
    this.leagues.set(league.id, league);
  }

  addEvent(id: string, leagueId: string, fields: EventFields): void {
    this.version++;
    const versions = new Map<EventFieldName, number>();
    for (const key of Object.keys(fields) as EventFieldName[]) versions.set(key, this.version);
    this.events.set(id, { id, leagueId, fields: { ...fields }, versions, version: this.version, moved: 0 });
    this.refreshUtime = Math.max(this.refreshUtime + 1, Math.floor(this.now() / 1000));
  }

  removeEvent(id: string): void {
    if (!this.events.delete(id)) return;
    this.version++;
    this.refreshUtime = Math.max(this.refreshUtime + 1, Math.floor(this.now() / 1000));
  }

  /** Sets a field; `undefined` removes a string field (sent as an empty value in updates). */
  setField(id: string, field: EventFieldName, value: string | number | undefined): void {
    const event = this.events.get(id);
    if (!event) return;
    this.version++;
    const fields = { ...event.fields } as Record<string, unknown>;
    if (value === undefined) delete fields[field];
    else fields[field] = value;
    event.fields = fields as EventFields;
    event.versions.set(field, this.version);
    event.version = this.version;
    if (field === 'startTime') event.moved = this.version;
  }

  eventIds(): string[] {
    return [...this.events.keys()];
  }

  event(id: string): { leagueId: string; fields: EventFields } | undefined {
    return this.events.get(id);
  }

  /** The events a day list for `day` shows (S4-8: in the day, or live). */
  visibleEvents(day = 0): TestEvent[] {
    const window = dayWindow(this.now(), day, this.timezoneHour);
    return [...this.events.values()].filter((event) => {
      const start = event.fields.startTime ?? 0;
      return event.fields.stageType === 2 || (start >= window.start && start < window.end);
    });
  }

  // ---- rendering -----------------------------------------------------------------------------

  signature(version = this.version): string {
    return encodeSignature(version, SALT);
  }

  private leagueRow(league: TestLeague): FeedRow {
    const stage = league.id.split('_')[1];
    return [
      ['ZA', league.name],
      ['ZC', stage],
      ['ZD', league.type],
      ['ZX', league.sortKey],
    ];
  }

  private eventRow(event: TestEvent, since: number | null): FeedRow | null {
    const row: [string, string][] = [['AA', event.id]];
    for (const [field, version] of event.versions) {
      if (since !== null && version <= since) continue;
      const value = (event.fields as Record<string, unknown>)[field];
      row.push([EVENT_KEY_BY_FIELD.get(field)!, value === undefined ? '' : String(value)]);
    }
    return row.length > 1 ? row : null;
  }

  private byLeague(events: TestEvent[]): FeedRow[] {
    const rows: FeedRow[] = [];
    const leagueIds = [...new Set(events.map((event) => event.leagueId))].sort();
    for (const leagueId of leagueIds) {
      const league = this.leagues.get(leagueId);
      if (!league) continue;
      rows.push(this.leagueRow(league));
      for (const event of events.filter((e) => e.leagueId === leagueId).sort((a, b) => (a.id < b.id ? -1 : 1))) {
        rows.push(this.eventRow(event, null)!);
      }
    }
    return rows;
  }

  private body(rows: FeedRow[], refresh: boolean): string {
    const tail: FeedRow[] = [];
    if (refresh) tail.push([['A2', String(this.refreshUtime)]]);
    tail.push([['A1', this.signature()]]);
    return `${serializeRows(rows)}~${serializeRows(tail)}`;
  }

  fullBody(day: number): string {
    return this.body([[['SA', String(this.sport)]], ...this.byLeague(this.visibleEvents(day))], true);
  }

  repairBody(): string {
    const live = [...this.events.values()].filter((event) => event.fields.stageType === 2);
    return this.body([[['SA', String(this.sport)]], [['ST', 'repair']], ...this.byLeague(live)], false);
  }

  updateBody(since: number): string {
    const rows: FeedRow[] = [[['SA', String(this.sport)]]];
    for (const event of this.events.values()) {
      if (event.version <= since) continue;
      const row = this.eventRow(event, since);
      if (row) rows.push(row);
    }
    for (const event of this.events.values()) {
      if (event.moved > since)
        rows.push([
          ['QA', '1'],
          ['QB', event.id],
          ['QC', `${event.fields.startTime}|`],
        ]);
    }
    return this.body(rows, true);
  }

  private ok(body: string): FeedResponse {
    return { status: 200, headers: { ...TEXT, date: new Date(this.now()).toUTCString() }, body };
  }

  fetch(request: FeedRequest): FeedResponse {
    this.requests.push(request);
    const parts = request.feed.split('_');
    const sport = Number(parts[1]);
    if (parts[0] === 'sys') return this.ok(`SA÷1¬~utime÷${Math.floor(this.now() / 1000)}¬~`);
    if (sport !== this.sport) return { status: 404, headers: TEXT, body: '0' };
    switch (parts[0]) {
      case 'f':
        return this.ok(this.fullBody(Number(parts[2])));
      case 'r':
        return this.ok(this.repairBody());
      case 'u': {
        const signature = request.headers['x-signature'];
        if (signature === this.signature()) return { status: 304, headers: TEXT, body: '' };
        const since = signature ? decodeSignature(signature, SALT) : this.version - 1;
        if (since === null || since > this.version) {
          // Unknown signature: raise A2 so the client reloads.
          this.refreshUtime = Math.max(this.refreshUtime + 1, Math.floor(this.now() / 1000));
          return this.ok(this.body([[['SA', String(this.sport)]]], true));
        }
        return this.ok(this.updateBody(since));
      }
      default:
        return { status: 404, headers: TEXT, body: '0' };
    }
  }

  // ---- push ----------------------------------------------------------------------------------

  onPush(listener: (message: PushMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The push message for changes since the last push (also marks them pushed). */
  takePush(): PushMessage | null {
    if (this.version <= this.pushedVersion) return null;
    const body = this.updateBody(this.pushedVersion);
    this.pushedVersion = this.version;
    return { subject: `u_${this.sport}_1`, body };
  }

  /** Pushes changes since the last push to every listener. */
  push(): void {
    const message = this.takePush();
    if (!message) return;
    for (const listener of [...this.listeners]) listener(message);
  }

  // ---- truth ---------------------------------------------------------------------------------

  /** What the page for `day` should show: event id → league and fields (empty strings dropped). */
  truth(day = 0): Map<string, { leagueId: string; fields: Record<string, unknown> }> {
    const out = new Map<string, { leagueId: string; fields: Record<string, unknown> }>();
    for (const event of this.visibleEvents(day)) {
      out.set(event.id, { leagueId: event.leagueId, fields: normalizeFields(event.fields) });
    }
    return out;
  }
}

const NOT_FIELDS = new Set(['id', 'sportId', 'leagueId', 'version', 'liveMarked', 'highlight']);

export function normalizeFields(fields: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (NOT_FIELDS.has(key) || value === '' || value === undefined) continue;
    out[key] = value;
  }
  return out;
}

/** The client's view in the same shape as TestFeedSource.truth(). */
export function clientView(
  events: ReadonlyMap<string, { leagueId: string | null } & object>,
): Map<string, { leagueId: string; fields: Record<string, unknown> }> {
  const out = new Map<string, { leagueId: string; fields: Record<string, unknown> }>();
  for (const [id, event] of events) out.set(id, { leagueId: event.leagueId ?? '', fields: normalizeFields(event) });
  return out;
}
