// Live sounds on the page (S1-6, S2-46, S4-37…S4-39, S7-31, S9-11): the site's sound machine (its
// child 'sound', switched live by the settings child), fed by every open list session's feed engine,
// playing through Web Audio (loaded on demand, only once sound is on). The player belongs to the
// effects the composition root gives the site (browserSoundEffects), one per page.
//
// Where triggers come from: the feed engine tells listeners which shown events an update or repair
// feed changed, with their fields before and after (FeedEngine.watchApplies; the store hands over
// the records it already holds, nothing is copied). The comparison runs later, when the page is
// idle (at most 200 ms on), so a burst of updates paints first; a sound a frame late is not heard
// as late. Only while sound is on. Full feeds (first load, day change, reload) never sound.
import type { FeedEngine } from '../../machines/feed-engine';
import type { SiteChildren, SiteEffects } from '../../machines/site';
import { type SoundTrigger, soundTriggers } from '../../src/domain/sound-rules';
import type { SoundPlayer } from '../ui/sound/web-audio-player';

export type SoundRef = SiteChildren['sound'];

/** What a watched engine needs to offer. */
export type SoundSource = Pick<FeedEngine, 'watchApplies'> & {
  readonly scoreboard: Pick<FeedEngine['scoreboard'], 'snapshot'>;
};

/** Where triggers go: the page's sound machine, or a test. */
export interface SoundSink {
  /** Whether triggers are wanted now (sound on); when not, the changes are not looked at. */
  wanted(): boolean;
  triggers(triggers: readonly SoundTrigger[]): void;
}

/** Runs work once the page is idle (after the frame being drawn); a microtask where there is no such thing. */
export type Later = (work: () => void) => void;

const IDLE_TIMEOUT_MS = 200; // ours: a sound never waits longer than this for an idle page

export const whenIdle: Later = (work) => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => work(), { timeout: IDLE_TIMEOUT_MS });
  else queueMicrotask(work);
};

/**
 * Turns one engine's applied updates into sound triggers for `sink`. Returns the unwatch function.
 * The sink hears at most once per applied feed, after the engine's step (never from inside it).
 */
export function watchEngineSounds(engine: SoundSource, sink: SoundSink, later: Later = whenIdle): () => void {
  return engine.watchApplies((changes) => {
    if (!sink.wanted()) return;
    later(() => {
      const fallbackSport = engine.scoreboard.snapshot().sportId;
      const triggers: SoundTrigger[] = [];
      for (const { before, after } of changes) {
        const sportId = after.sportId ?? fallbackSport;
        if (sportId === null || sportId === undefined) continue;
        const kinds = soundTriggers(sportId, before, after);
        if (kinds.length > 0) triggers.push({ matchId: after.id, sportId, kinds });
      }
      if (triggers.length > 0) sink.triggers(triggers);
    });
  });
}

export interface PageSoundsOptions {
  /** Default: Web Audio over the built sound files, imported on first use. */
  readonly createPlayer?: () => Promise<SoundPlayer>;
  readonly log?: (message: string) => void;
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

export type SoundEffects = Pick<SiteEffects, 'loadSounds' | 'playSound' | 'silenceSounds' | 'logProblem'>;

/** The sound machine's effects over one player, made when sound is first wanted (S2-46). */
export function browserSoundEffects(options: PageSoundsOptions = {}): SoundEffects {
  const log = options.log ?? ((message: string) => console.warn(message));
  let player: SoundPlayer | null = null;
  return {
    async loadSounds() {
      const created = await (options.createPlayer ?? (() => webAudioPlayer(log)))();
      await created.load();
      player = created;
    },
    playSound: (sound, ended) => player?.play(sound.kind, ended),
    silenceSounds: () => player?.stop(),
    logProblem: log,
  };
}

/** Where a list session's triggers go: the site's sound machine, heard only while its sounds are ready. */
export function siteSoundSink(sound: SoundRef): SoundSink {
  return {
    wanted: () => sound.getSnapshot().matches({ enabled: 'ready' }),
    triggers: (triggers) => sound.send({ type: 'sound.triggers', triggers }),
  };
}
