// Plays the live sounds with Web Audio: each file is fetched and decoded once, then every play is
// a fresh buffer source. Browsers keep audio locked until a user gesture, so the first click, tap
// or key press resumes the context; until then a sound is skipped (and reported as ended) rather
// than queued for later. Nothing here throws at the page: problems are logged once.
//
// Marks on <html> let a browser test see what really happened rather than what was asked for:
// data-sounds-loaded (files decoded), data-last-sound (kind) and data-sounds-started (a count),
// set when a buffer really starts.
import type { SoundKind } from '../../../src/domain/sound-rules';

export interface SoundPlayer {
  /** Fetches and decodes every file; rejects when the page cannot play sound at all. */
  load(): Promise<void>;
  /** Starts a sound; `onEnded` is always called once, later, even when nothing could play. */
  play(kind: SoundKind, onEnded: () => void): void;
  /** Stops the sound that plays, if any. */
  stop(): void;
}

export interface WebAudioPlayerOptions {
  readonly files: Readonly<Record<SoundKind, string>>;
  readonly log?: (message: string) => void;
  /** Default: the page's AudioContext constructor, or null where there is none. */
  readonly createContext?: () => AudioContext | null;
  readonly fetch?: (url: string) => Promise<Response>;
  /** Where the first gesture is listened for; default window. */
  readonly gestures?: EventTarget;
  /** Gets the data-last-sound / data-sounds-started marks; default document.documentElement. */
  readonly marks?: HTMLElement | null;
}

const GESTURES = ['pointerdown', 'keydown', 'touchend'] as const;

function pageAudioContext(): AudioContext | null {
  const scope = globalThis as { AudioContext?: typeof AudioContext; webkitAudioContext?: typeof AudioContext };
  const Context = scope.AudioContext ?? scope.webkitAudioContext;
  return Context ? new Context() : null;
}

export function createWebAudioPlayer(options: WebAudioPlayerOptions): SoundPlayer {
  const logged = new Set<string>();
  const logOnce = (message: string) => {
    if (logged.has(message)) return;
    logged.add(message);
    (options.log ?? console.warn)(message);
  };
  const fetchFile = options.fetch ?? ((url: string) => fetch(url));
  const gestures: EventTarget | null = options.gestures ?? (typeof window === 'undefined' ? null : window);
  const marks = options.marks === undefined ? (globalThis.document?.documentElement ?? null) : options.marks;
  const buffers = new Map<SoundKind, AudioBuffer>();
  let context: AudioContext | null = null;
  let current: AudioBufferSourceNode | null = null;
  let started = 0;

  const unlock = () => {
    if (!context || context.state === 'running') return stopListening();
    context.resume().then(stopListening, () => {});
  };
  function stopListening(): void {
    for (const type of GESTURES) gestures?.removeEventListener(type, unlock, true);
  }

  async function decode(kind: SoundKind, url: string): Promise<void> {
    const response = await fetchFile(url);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    const bytes = await response.arrayBuffer();
    buffers.set(kind, await context!.decodeAudioData(bytes));
  }

  const later = (fn: () => void) => queueMicrotask(fn);

  return {
    async load() {
      if (context) return;
      context = (options.createContext ?? pageAudioContext)();
      if (!context) throw new Error('this browser has no Web Audio');
      if (context.state !== 'running') {
        for (const type of GESTURES) gestures?.addEventListener(type, unlock, true);
      }
      const results = await Promise.allSettled(
        (Object.entries(options.files) as Array<[SoundKind, string]>).map(([kind, url]) => decode(kind, url)),
      );
      for (const result of results) if (result.status === 'rejected') logOnce(`sound file: ${String(result.reason)}`);
      if (buffers.size === 0) throw new Error('no sound file could be loaded');
      if (marks) marks.dataset.soundsLoaded = String(buffers.size);
    },
    play(kind, onEnded) {
      const buffer = buffers.get(kind);
      if (!context || !buffer) {
        later(onEnded);
        return;
      }
      if (context.state !== 'running') {
        logOnce('sounds wait for a first click or key press (browser autoplay policy)');
        context.resume().catch(() => {});
        later(onEnded);
        return;
      }
      try {
        const source = context.createBufferSource();
        source.buffer = buffer;
        source.connect(context.destination);
        source.onended = () => {
          source.disconnect();
          if (current === source) current = null;
          onEnded();
        };
        source.start();
        current = source;
        started += 1;
        if (marks) {
          marks.dataset.lastSound = kind;
          marks.dataset.soundsStarted = String(started);
        }
      } catch (error) {
        logOnce(`sound could not play: ${String(error)}`);
        later(onEnded);
      }
    },
    stop() {
      const playing = current;
      current = null;
      try {
        playing?.stop();
      } catch {
        // already stopped
      }
    },
  };
}
