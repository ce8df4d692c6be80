// The site's root actor tree (machines/site.ts: clock, session, origin, sound, … and the match page's
// matchDetail) in a replay, on its own SimulatedClock, with the browser's network code (machines/site-network.ts)
// over a fake fetch and a fake WebSocket (fake-fetch.ts, fake-websocket.ts) whose gateway is the replayed server. `--match <id>` opens that match's page: the detail actor loads
// the core and summary from the replayed server and polls its hashes every 5 s (S9-4), a push on its subject
// polls at once (S7-23), and, while the match is live, the page's clock is watched per 5 s like the match
// header's, so each tick gives the header's clock text (S4-18…S4-22). `--push-drop` drops the socket at chosen
// times. Every transition of these actors goes into the site trace.
//
// The harness steps virtual time to each timer this tree holds (`nextDue`), so a 1 s back-off or a 5 s poll
// fires at its own moment, not at the end of a step.
import { createActor, SimulatedClock, type SnapshotFrom } from 'xstate';
import { roundToPeriod } from '../../machines/clock';
import { detailFeed, type MatchDetailRef, TAB_FEED } from '../../machines/match-detail';
import type { PushConnectionRef } from '../../machines/push-connection';
import { provideSite, type SiteActorRef, siteChild, sitePush } from '../../machines/site';
import { createSiteNetwork } from '../../machines/site-network';
import { STAGE_TYPE } from '../../src/domain/stages';
import { type PushChannel, pushChannelOf } from '../../machines/push-client';
import { DEFAULT_FEED_PAGE } from '../../src/net/feed-names';
import { reconnectDelay } from '../../src/net/push-frame';
import type { MatchCore } from '../../src/protocol/detail-core';
import type { FeedSource } from '../../src/protocol/feed-source';
import type { ScoreboardEvent } from '../../src/scoreboard/types';
import { statusText } from '../../src/domain/shown-text';
import type { PushDrop } from './push-drops';
import { fakeFetch, REPLAY_ORIGIN } from './fake-fetch';
import { FakePushGateway } from './fake-websocket';
import type { SiteActorName, SiteTraceEntry } from './site-trace';

/** S9-4: the match header reads the time per 5 s while the match is live (its live minute). */
export const LIVE_MINUTE_PERIOD_MS = 5_000;
/** Rounds of timers at one instant before the step gives up (a 0 ms delay loop). */
const MAX_ROUNDS_PER_STEP = 100;
const PUSH_URL = 'ws://replay.invalid/push';

export interface ReplaySiteOptions {
  /** The server now (a restart replaces it). */
  readonly server: () => FeedSource;
  /** Virtual start, epoch ms. */
  readonly start: number;
  /** The match whose page is open. */
  readonly matchId?: string | null;
  /** When the push socket drops, from `start`. */
  readonly pushDrops?: readonly PushDrop[];
}

const drain = () => new Promise<void>((resolve) => setImmediate(resolve));

/** When the earliest timer the clock holds is due, or null (SimulatedClock keeps them in a private map). */
function earliestTimer(clock: SimulatedClock): number | null {
  const timeouts = (clock as unknown as { timeouts: Map<number, { start: number; timeout: number }> }).timeouts;
  let due: number | null = null;
  for (const { start, timeout } of timeouts.values()) if (due === null || start + timeout < due) due = start + timeout;
  return due;
}

/** The match header's event from the core alone (MatchPage merges the list row under it when it has one). */
function eventOfCore(id: string, core: MatchCore): ScoreboardEvent {
  return {
    id,
    sportId: core.sportId ?? null,
    leagueId: null,
    version: 0,
    liveMarked: false,
    highlight: null,
    stageType: core.stageType,
    stage: core.stage,
    periodStartTime: core.periodStartTime,
    startTime: core.startTime,
    homeScore: core.homeScore,
    awayScore: core.awayScore,
    gameTime: core.gameTime !== undefined && core.gameTime >= 0 ? core.gameTime : undefined,
  };
}

function coreSummary(core: MatchCore | null): string {
  if (!core) return 'no core';
  const score = core.homeScore === undefined ? '' : ` ${core.homeScore}-${core.awayScore ?? 0}`;
  return `stage type ${core.stageType ?? '∅'}, stage ${core.stage ?? '∅'}${score}`;
}

type DetailSnapshot = SnapshotFrom<MatchDetailRef>;
const DETAIL_REGIONS = ['core', 'tab', 'sync'] as const;

function regionState(snapshot: DetailSnapshot, region: (typeof DETAIL_REGIONS)[number]): string {
  return String((snapshot.value as Record<string, unknown>)[region]);
}

export class ReplaySite {
  readonly clock = new SimulatedClock();
  readonly trace: SiteTraceEntry[] = [];
  readonly site: SiteActorRef;
  /** The site's 'push' child (set once the site has started). */
  push!: PushConnectionRef;
  private readonly gateway: FakePushGateway;
  /** Drops still to come, epoch ms. */
  private readonly drops: { readonly at: number; readonly forMs: number }[];
  private watchingClock = false;
  private lastClockText = '';

  constructor(private readonly options: ReplaySiteOptions) {
    this.clock.set(options.start);
    const now = () => this.clock.now();
    this.drops = (options.pushDrops ?? []).map((d) => ({ at: options.start + d.atMs, forMs: d.forMs }));
    this.gateway = new FakePushGateway({ server: options.server, clock: this.clock });
    const network = createSiteNetwork({
      fetch: fakeFetch({
        answer: async (request) => options.server().fetch(request),
        serverNow: () => options.server().now(),
      }),
      WebSocket: this.gateway.WebSocket,
      origin: () => REPLAY_ORIGIN,
      now,
      timezoneHour: () => DEFAULT_FEED_PAGE.timezoneHour,
    });
    let channel: PushChannel | null = null;
    this.site = createActor(
      provideSite({
        fetchDetail: (feed) => network.fetchDetail(feed),
        pushSocket: network.pushSocket,
        subscribePush: (subject, onMessage) => {
          channel ??= pushChannelOf(this.push);
          return channel.subscribe([subject], () => onMessage());
        },
      }),
      {
        clock: this.clock,
        input: {
          now,
          session: { read: () => null },
          origin: { config: { local: [], global: [], default_url: REPLAY_ORIGIN } },
          push: { url: PUSH_URL },
        },
      },
    );
  }

  start(): this {
    this.site.start();
    const push = sitePush(this.site);
    if (!push) throw new Error('the replayed site started without push');
    this.push = push;
    this.observePush();
    const matchId = this.options.matchId;
    if (matchId) {
      this.observeClock();
      this.site.send({ type: 'match.opened', eventId: matchId });
      this.observeMatchDetail(matchId);
    }
    return this;
  }

  stop(): void {
    this.site.stop();
  }

  /** The next moment something here is due (a timer or a push drop), epoch ms; null when nothing is. */
  nextDue(): number | null {
    const timer = earliestTimer(this.clock);
    const drop = this.drops[0]?.at ?? null;
    if (timer === null) return drop;
    return drop === null ? timer : Math.min(timer, drop);
  }

  /** Moves the site's clock to `time`: runs the drops and timers due by then, and what they set off at once. */
  async advanceTo(time: number): Promise<void> {
    for (let round = 0; round < MAX_ROUNDS_PER_STEP; round++) {
      this.clock.set(time);
      while (this.drops.length > 0 && this.drops[0]!.at <= time) {
        const { forMs } = this.drops.shift()!;
        const refused = forMs > 0 ? `, connections refused for ${forMs / 1000} s` : '';
        this.record('push', 'drop', `--push-drop: socket closed${refused}`);
        this.gateway.drop(forMs);
      }
      await drain();
      const due = earliestTimer(this.clock);
      if (due === null || due > time) return;
    }
  }

  /** The server restarted: its push socket closes and the connection reconnects after its back-off. */
  serverRestarted(): void {
    this.record('push', 'drop', 'server restarted: socket closed');
    this.gateway.drop();
  }

  private record(actor: SiteActorName, transition: string, detail = ''): void {
    this.trace.push({ time: this.clock.now(), actor, transition, detail });
  }

  private observePush(): void {
    let last: string | null = String(this.push.getSnapshot().value);
    this.record('push', `start → ${last}`);
    this.push.subscribe((snapshot) => {
      const state = String(snapshot.value);
      if (state === last) return;
      const { context } = snapshot;
      let detail = '';
      if (state === 'waitingToReconnect') {
        const wait = reconnectDelay(context.attempts, context.initialBackoffMs, context.maxBackoffMs);
        detail = `reconnect in ${wait / 1000} s`;
      } else if (state === 'open') detail = `subscribed: ${context.subjects.join(', ') || 'nothing'}`;
      this.record('push', `${last ?? 'start'} → ${state}`, detail);
      last = state;
    });
    this.push.on('push.message', ({ message }) => this.record('push', 'message', message.subject));
  }

  private observeMatchDetail(matchId: string): void {
    const detail = this.site.system.get('matchDetail') as MatchDetailRef | undefined;
    if (!detail) return;
    const fetched = (snapshot: DetailSnapshot, region: (typeof DETAIL_REGIONS)[number], state: string) => {
      const { context } = snapshot;
      if (region === 'core') return state === 'loading' ? detailFeed('dc', matchId) : coreSummary(context.core);
      if (region === 'tab') return state === 'loading' ? detailFeed(TAB_FEED[context.tab].prefix, matchId) : '';
      return state === 'polling' ? detailFeed('g', matchId) : '';
    };
    let last = detail.getSnapshot();
    const opened = DETAIL_REGIONS.map((region) => `${region} ${regionState(last, region)}`).join(', ');
    this.record('matchDetail', 'opened', `${matchId}: ${opened}`);
    detail.subscribe((snapshot) => {
      for (const region of DETAIL_REGIONS) {
        const from = regionState(last, region);
        const to = regionState(snapshot, region);
        if (from !== to) this.record('matchDetail', `${region}: ${from} → ${to}`, fetched(snapshot, region, to));
      }
      last = snapshot;
      this.followLive(snapshot.context.core);
    });
  }

  /** Like the match header: the page's clock is watched per 5 s while the match is live. */
  private followLive(core: MatchCore | null): void {
    const live = core?.stageType === STAGE_TYPE.LIVE;
    if (live === this.watchingClock) return;
    this.watchingClock = live;
    const periodMs = LIVE_MINUTE_PERIOD_MS;
    siteChild(this.site, 'clock').send({ type: live ? 'clock.watch' : 'clock.unwatch', periodMs });
  }

  /** The header's clock text of the open match at `now` (rounded to the header's period). */
  private matchClockText(now: number): string {
    const detail = this.site.system.get('matchDetail') as MatchDetailRef | undefined;
    const context = detail?.getSnapshot().context;
    const core = context?.core;
    if (!context || !core || core.sportId === undefined) return '';
    const event = eventOfCore(context.eventId, core);
    return statusText(event, core.sportId, roundToPeriod(now, LIVE_MINUTE_PERIOD_MS)).text;
  }

  private observeClock(): void {
    const clock = siteChild(this.site, 'clock');
    let last = clock.getSnapshot();
    clock.subscribe((snapshot) => {
      const from = String((last.value as Record<string, unknown>).time);
      const to = String((snapshot.value as Record<string, unknown>).time);
      if (from !== to) this.record('clock', `time: ${from} → ${to}`);
      if (snapshot.context.now !== last.context.now) {
        const text = this.matchClockText(snapshot.context.now);
        if (text !== this.lastClockText) this.record('clock', 'tick', text);
        this.lastClockText = text;
      }
      last = snapshot;
    });
  }
}
