// Live sounds on the page (S1-6, S2-46, S4-37…S4-39, S7-31, S9-11): one sound machine per page,
// switched live by the settings toggle, fed by every open list session's feed engine, playing
// through Web Audio (loaded on demand, only once sound is on).
//
// Where triggers come from: the feed engine lets watchers look at each update and repair feed it
// applies (FeedEngine.watchApplies). The events a feed names are read from the scoreboard just
// before it lands and again right after; only those rows are looked at, and only while sound is on.
// Full feeds (first load, day change, reload) never sound.
import type { Actor } from 'xstate';
import { createActor, fromPromise } from 'xstate';
import type { FeedEngine } from '../../machines/feed-engine';
import { soundMachine } from '../../machines/sound';
import { type SoundTrigger, soundTriggers } from '../domain/sound-rules';
import type { ScoreboardEvent } from '../scoreboard/types';
import type { SettingsRef } from '../ui/common/actors';
import type { SoundPlayer } from '../ui/sound/web-audio-player';

export type SoundActor = Actor<typeof soundMachine>;

/** What a watched engine needs to offer. */
export type SoundSource = Pick<FeedEngine, 'watchApplies'> & {
  readonly scoreboard: Pick<FeedEngine['scoreboard'], 'getEvent' | 'snapshot'>;
};

/** Where triggers go: the page's sound machine, or a test. */
export interface SoundSink {
  /** Whether triggers are wanted now (sound on); when not, the feeds are not looked at. */
  wanted(): boolean;
  triggers(triggers: readonly SoundTrigger[]): void;
}

/**
 * Turns one engine's applied updates into sound triggers for `sink`. Returns the unwatch function.
 * The sink hears at most once per applied feed, after the engine's step (never from inside it).
 */
export function watchEngineSounds(engine: SoundSource, sink: SoundSink): () => void {
  return engine.watchApplies<Map<string, ScoreboardEvent>>({
    before(feed) {
      if (!sink.wanted()) return null;
      const before = new Map<string, ScoreboardEvent>();
      for (const rows of [feed.events, feed.repair]) {
        for (const row of rows) {
          const held = engine.scoreboard.getEvent(row.id);
          if (held) before.set(row.id, held);
        }
      }
      return before.size > 0 ? before : null;
    },
    after(before) {
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
      // The engine applies from inside the feed cycle's step: hand over once that step is done.
      if (triggers.length > 0) queueMicrotask(() => sink.triggers(triggers));
    },
  });
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
