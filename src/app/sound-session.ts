// Live sounds on the page (S1-6, S2-46, S4-37…S4-39, S7-31, S9-11): one sound machine per page,
// switched live by the settings toggle, fed by every open list session's feed engine, playing
// through Web Audio (loaded on demand, only once sound is on).
//
// Where triggers come from: the feed cycle applies update and repair feeds through its provided
// `applyUpdate` / `applyRepair` actions. The engine's actor system reports each action, with its
// feed, just before running it; the events that feed names are read from the scoreboard then
// (before) and again when the scoreboard reports the apply (after). Only those rows are looked at,
// only in the scope the page shows, and only while sound is on: the store and engine stay untouched.
// Full feeds (first load, day change, reload) never sound.
import type { Actor, AnyActorRef } from 'xstate';
import { createActor, fromPromise } from 'xstate';
import { soundMachine } from '../../machines/sound';
import { type SoundTrigger, soundTriggers } from '../domain/sound-rules';
import type { ListFeed } from '../protocol/list-feed-types';
import type { Scoreboard } from '../scoreboard/store';
import type { ScoreboardEvent } from '../scoreboard/types';
import type { SettingsRef } from '../ui/common/actors';
import type { SoundPlayer } from '../ui/sound/web-audio-player';

export type SoundActor = Actor<typeof soundMachine>;

/** What a watched engine needs to offer: its feed cycle actor and its scoreboard. */
export interface SoundSource {
  readonly actor: AnyActorRef;
  readonly scoreboard: Pick<Scoreboard, 'getEvent' | 'snapshot' | 'subscribe'>;
}

/** Where triggers go: the page's sound machine, or a test. */
export interface SoundSink {
  /** Whether triggers are wanted now (sound on); when not, the engine is not looked at. */
  wanted(): boolean;
  triggers(triggers: readonly SoundTrigger[]): void;
}

const APPLY_ACTIONS = new Set(['applyUpdate', 'applyRepair']); // machines/feed-cycle.ts provided actions

function feedOf(params: unknown): ListFeed | null {
  if (typeof params !== 'object' || params === null || !('feed' in params)) return null;
  const feed = (params as { feed: unknown }).feed;
  if (typeof feed !== 'object' || feed === null) return null;
  const { events, repair } = feed as Partial<ListFeed>;
  return Array.isArray(events) && Array.isArray(repair) ? (feed as ListFeed) : null;
}

/**
 * Turns one engine's applied updates into sound triggers for `sink`. Returns the unwatch function.
 * The sink hears at most once per applied feed, after the engine's step (never from inside it).
 */
export function watchEngineSounds(engine: SoundSource, sink: SoundSink): () => void {
  let pending: Map<string, ScoreboardEvent> | null = null;

  const inspection = engine.actor.system.inspect((event) => {
    if (event.type !== '@xstate.action' || event.actorRef !== engine.actor) return;
    pending = null;
    if (!APPLY_ACTIONS.has(event.action.type) || !sink.wanted()) return;
    const feed = feedOf(event.action.params);
    if (!feed) return;
    const before = new Map<string, ScoreboardEvent>();
    for (const rows of [feed.events, feed.repair]) {
      for (const row of rows) {
        const held = typeof row?.id === 'string' ? engine.scoreboard.getEvent(row.id) : undefined;
        if (held) before.set(row.id, held);
      }
    }
    if (before.size > 0) pending = before;
  });

  const unsubscribe = engine.scoreboard.subscribe(() => {
    const before = pending;
    pending = null;
    if (!before) return;
    const fallbackSport = engine.scoreboard.snapshot().sportId;
    const triggers: SoundTrigger[] = [];
    for (const [id, was] of before) {
      const now = engine.scoreboard.getEvent(id);
      if (!now || now === was) continue; // unchanged rows keep their identity
      const sportId = now.sportId ?? fallbackSport;
      if (sportId === null) continue;
      const kinds = soundTriggers(sportId, was, now);
      if (kinds.length > 0) triggers.push({ matchId: id, sportId, kinds });
    }
    // The scoreboard speaks from inside the feed cycle's action: hand over once that step is done.
    if (triggers.length > 0) queueMicrotask(() => sink.triggers(triggers));
  });

  return () => {
    inspection.unsubscribe();
    unsubscribe();
    pending = null;
  };
}

export interface PageSoundsOptions {
  /** iOS: late loading and the 1000 ms queue (S9-11); default from the user agent. */
  readonly ios?: boolean;
  /** Default: Web Audio over the built sound files, imported on first use. */
  readonly createPlayer?: () => Promise<SoundPlayer>;
  readonly log?: (message: string) => void;
}

export interface PageSounds extends SoundSink {
  readonly actor: SoundActor;
  stop(): void;
}

/** S9-11: iPhone, iPad and iPod, including iPads that present themselves as a Mac. */
export function isIosDevice(nav: { userAgent: string; maxTouchPoints?: number } | undefined): boolean {
  if (!nav) return false;
  return /iPhone|iPad|iPod/.test(nav.userAgent) || (/Macintosh/.test(nav.userAgent) && (nav.maxTouchPoints ?? 0) > 1);
}

async function webAudioPlayer(log: (message: string) => void): Promise<SoundPlayer> {
  const [{ createWebAudioPlayer }, { SOUND_FILES }] = await Promise.all([
    import('../ui/sound/web-audio-player'),
    import('../ui/sound/sound-files'),
  ]);
  return createWebAudioPlayer({ files: SOUND_FILES, log });
}

/** Starts the page's sound machine, following the settings toggle (S2-46) live. */
export function createPageSounds(settings: SettingsRef, options: PageSoundsOptions = {}): PageSounds {
  const log = options.log ?? ((message: string) => console.warn(message));
  let player: SoundPlayer | null = null;
  const actor: SoundActor = createActor(
    soundMachine.provide({
      actors: {
        loadSounds: fromPromise(async () => {
          const created = await (options.createPlayer ?? (() => webAudioPlayer(log)))();
          await created.load();
          player = created;
        }),
      },
      actions: {
        play: (_, sound) => {
          const target = player;
          if (!target) return;
          target.play(sound.kind, () => actor.send({ type: 'sound.ended', seq: sound.seq }));
        },
        silence: () => player?.stop(),
        logProblem: (_, params) => log(params.message),
      },
    }),
    {
      input: {
        soundOn: settings.getSnapshot().context.soundOn,
        ios: options.ios ?? isIosDevice(typeof navigator === 'undefined' ? undefined : navigator),
      },
    },
  );
  const following = settings.subscribe((snapshot) => {
    if (snapshot.context.soundOn !== actor.getSnapshot().context.soundOn) {
      actor.send({ type: 'sound.setting', on: snapshot.context.soundOn });
    }
  });
  actor.start();
  return {
    actor,
    wanted: () => actor.getSnapshot().matches({ enabled: 'ready' }),
    triggers: (triggers) => actor.send({ type: 'sound.triggers', triggers }),
    stop() {
      following.unsubscribe();
      actor.stop();
      player?.stop();
    },
  };
}

// ---- the page's one sound session, started by the composition root ---------------------------

let pageSounds: PageSounds | null = null;

/** Starts the page's sounds once; later calls return the same session. */
export function startPageSounds(settings: SettingsRef, options?: PageSoundsOptions): PageSounds {
  pageSounds ??= createPageSounds(settings, options);
  return pageSounds;
}

/** Lets the page's sounds hear an engine (a list session); a no-op before startPageSounds. */
export function watchPageSounds(engine: SoundSource): () => void {
  const sounds = pageSounds;
  return sounds ? watchEngineSounds(engine, sounds) : () => {};
}
