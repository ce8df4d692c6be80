import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import {
  MAX_QUEUED_SOUNDS,
  type QueuedSound,
  SOUND_END_TIMEOUT_MS,
  type SoundKind,
  type SoundTrigger,
  soundMachine,
} from '../../machines/sound';
import { createFeedEngine } from '../../machines/feed-engine';
import { createWorldFeedSource } from '../../server/world-feed-source';
import { watchEngineSounds } from '../../web/app/sound-session';
import { IOS_SOUND_MANAGER_DELAY_MS, IOS_SOUND_QUEUE_MS } from '../../src/domain/limits';
import { SPORTS, sportById } from '../../src/domain/sports';
import { createWebAudioPlayer } from '../../web/ui/sound/web-audio-player';
import { createTestWorld } from '../e2e/support/test-world';

interface HarnessOptions {
  readonly soundOn?: boolean;
  readonly ios?: boolean;
  readonly failLoad?: boolean;
}

function harness(options: HarnessOptions = {}) {
  const clock = new SimulatedClock();
  const played: Array<QueuedSound & { at: number }> = [];
  const log: string[] = [];
  let loads = 0;
  let silenced = 0;
  const actor = createActor(
    soundMachine.provide({
      actions: {
        play: (_, sound) => {
          played.push({ ...sound, at: clock.now() });
        },
        silence: () => {
          silenced++;
        },
        logProblem: (_, params) => log.push(params.message),
      },
      actors: {
        loadSounds: fromPromise(async () => {
          loads++;
          if (options.failLoad) throw new Error('no AudioContext');
        }),
      },
    }),
    { clock, input: { soundOn: options.soundOn ?? true, ios: options.ios } },
  ).start();
  const trigger = (...triggers: SoundTrigger[]) => actor.send({ type: 'sound.triggers', triggers });
  const goal = (matchId: string, sportId = 1) => trigger({ matchId, sportId, kinds: ['score-incremented'] });
  const ended = (index = played.length - 1) => actor.send({ type: 'sound.ended', seq: played[index].seq });
  const settle = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return {
    clock,
    actor,
    played,
    log,
    trigger,
    goal,
    ended,
    settle,
    loads: () => loads,
    silenced: () => silenced,
    kinds: () => played.map((p) => `${p.matchId}:${p.kind}`),
  };
}

describe('sound machine', () => {
  it('S2-46 with sound off nothing loads and nothing plays; switching it on loads and plays live', async () => {
    const h = harness({ soundOn: false });
    await h.settle();
    h.goal('a');
    expect(h.loads()).toBe(0);
    expect(h.played).toEqual([]);
    h.actor.send({ type: 'sound.setting', on: true });
    await h.settle();
    expect(h.loads()).toBe(1);
    h.goal('a');
    expect(h.kinds()).toEqual(['a:score-incremented']);
  });

  it('S2-46 switching sound off silences the playing sound and drops the queue; on again needs no reload', async () => {
    const h = harness();
    await h.settle();
    h.goal('a');
    h.goal('b');
    expect(h.kinds()).toEqual(['a:score-incremented']);
    h.actor.send({ type: 'sound.setting', on: false });
    expect(h.silenced()).toBe(1);
    h.ended(0);
    h.actor.send({ type: 'sound.setting', on: true });
    await h.settle();
    expect(h.loads()).toBe(1);
    expect(h.kinds()).toEqual(['a:score-incremented']); // b was dropped with the queue
    h.goal('c');
    expect(h.kinds()).toEqual(['a:score-incremented', 'c:score-incremented']);
  });

  it('S9-11 off iOS the files load at once and a sound plays at once, one at a time', async () => {
    const h = harness();
    await h.settle();
    expect(h.loads()).toBe(1);
    h.goal('a');
    expect(h.played.map((p) => p.at)).toEqual([0]);
    h.clock.increment(100);
    h.goal('b');
    expect(h.played).toHaveLength(1); // a still sounds
    h.actor.send({ type: 'sound.ended', seq: 99 }); // not the sound that plays
    expect(h.played).toHaveLength(1);
    h.clock.increment(200);
    h.ended();
    expect(h.kinds()).toEqual(['a:score-incremented', 'b:score-incremented']);
    expect(h.played[1].at).toBe(300);
  });

  it('S9-11 a sound whose end never comes gives way after the end timeout', async () => {
    const h = harness();
    await h.settle();
    h.goal('a');
    h.goal('b');
    h.clock.increment(SOUND_END_TIMEOUT_MS - 1);
    expect(h.played).toHaveLength(1);
    h.clock.increment(1);
    expect(h.played).toHaveLength(2);
  });

  it('S9-11 on iOS the sound manager loads 2500 ms late; triggers before that are dropped', async () => {
    const h = harness({ ios: true });
    await h.settle();
    h.goal('early');
    h.clock.increment(IOS_SOUND_MANAGER_DELAY_MS - 1);
    await h.settle();
    expect(h.loads()).toBe(0);
    h.clock.increment(1);
    await h.settle();
    expect(h.loads()).toBe(1);
    h.goal('a');
    expect(h.kinds()).toEqual(['a:score-incremented']);
  });

  it('S9-11 on iOS the queue drains one sound per 1000 ms even when each ends sooner', async () => {
    const h = harness({ ios: true });
    h.clock.increment(IOS_SOUND_MANAGER_DELAY_MS);
    await h.settle();
    const start = h.clock.now();
    h.goal('a');
    h.goal('b');
    h.goal('c');
    h.clock.increment(200);
    h.ended();
    h.clock.increment(IOS_SOUND_QUEUE_MS - 201);
    expect(h.played).toHaveLength(1);
    h.clock.increment(1);
    expect(h.played).toHaveLength(2);
    h.ended();
    h.clock.increment(IOS_SOUND_QUEUE_MS);
    h.ended();
    expect(h.played.map((p) => p.at - start)).toEqual([0, 1000, 2000]);
    expect(h.kinds()).toEqual(['a:score-incremented', 'b:score-incremented', 'c:score-incremented']);
  });

  it('S9-11 on iOS a sound longer than its slot still ends before the next starts', async () => {
    const h = harness({ ios: true });
    h.clock.increment(IOS_SOUND_MANAGER_DELAY_MS);
    await h.settle();
    h.goal('a');
    h.goal('b');
    h.clock.increment(1500);
    expect(h.played).toHaveLength(1);
    h.ended();
    expect(h.played).toHaveLength(2);
  });

  it('S4-37 several triggers in one update play one sound, the most important', async () => {
    const h = harness();
    await h.settle();
    h.trigger(
      { matchId: 't', sportId: 2, kinds: ['tennis-game'] },
      { matchId: 'g', sportId: 1, kinds: ['score-incremented'] },
      { matchId: 'c', sportId: 4, kinds: ['correction'] },
    );
    h.clock.increment(SOUND_END_TIMEOUT_MS * 3);
    expect(h.kinds()).toEqual(['c:correction']);
  });

  it('S4-37 a no-sound sport never plays', async () => {
    const h = harness();
    await h.settle();
    h.trigger({ matchId: 'r', sportId: 34, kinds: ['finished'] }, { matchId: 's', sportId: 39, kinds: ['finished'] });
    h.clock.increment(SOUND_END_TIMEOUT_MS);
    expect(h.played).toEqual([]);
  });

  it('S4-38 a score-increment sound is blocked after the match played its finished sound', async () => {
    const h = harness();
    await h.settle();
    h.goal('m');
    h.ended();
    h.trigger({ matchId: 'm', sportId: 1, kinds: ['finished'] });
    h.ended();
    h.goal('m');
    h.goal('other');
    h.ended();
    expect(h.kinds()).toEqual(['m:score-incremented', 'm:finished', 'other:score-incremented']);
    expect(h.actor.getSnapshot().context.played.m).toEqual(['score-incremented', 'finished']);
  });

  it('S4-38 a tennis-game sound is blocked only once finished and score-increment have both played', async () => {
    const h = harness();
    await h.settle();
    const game = (id: string) => h.trigger({ matchId: id, sportId: 2, kinds: ['tennis-game'] });
    // finished alone does not block tennis games
    h.trigger({ matchId: 'x', sportId: 2, kinds: ['finished'] });
    h.ended();
    game('x');
    h.ended();
    // score-increment then finished: now tennis games of that match are silent
    h.goal('y', 2);
    h.ended();
    h.trigger({ matchId: 'y', sportId: 2, kinds: ['finished'] });
    h.ended();
    game('y');
    h.clock.increment(SOUND_END_TIMEOUT_MS);
    expect(h.kinds()).toEqual(['x:finished', 'x:tennis-game', 'y:score-incremented', 'y:finished']);
  });

  it('S9-11 a full queue drops further sounds', async () => {
    const h = harness();
    await h.settle();
    for (let i = 0; i < MAX_QUEUED_SOUNDS + 3; i++) h.goal(`m${i}`);
    for (let i = 0; i < MAX_QUEUED_SOUNDS + 3; i++) h.clock.increment(SOUND_END_TIMEOUT_MS);
    expect(h.played).toHaveLength(1 + MAX_QUEUED_SOUNDS);
  });

  it('S7-31 sound files that cannot load are logged once and leave the page silent', async () => {
    const h = harness({ failLoad: true });
    await h.settle();
    h.goal('a');
    h.actor.send({ type: 'sound.setting', on: false });
    h.actor.send({ type: 'sound.setting', on: true });
    await h.settle();
    h.goal('b');
    expect(h.played).toEqual([]);
    expect(h.loads()).toBe(1);
    expect(h.log).toHaveLength(1);
    expect(h.actor.getSnapshot().matches({ enabled: 'unavailable' })).toBe(true);
  });
});

// ---- property: one sound at a time, never for a no-sound sport ---------------------------------

type Step =
  | { readonly kind: 'update'; readonly triggers: SoundTrigger[] }
  | { readonly kind: 'wait'; readonly ms: number }
  | { readonly kind: 'toggle'; readonly on: boolean };

const kindArb = fc.constantFrom<SoundKind>('finished', 'correction', 'score-incremented', 'tennis-game');
const triggerArb: fc.Arbitrary<SoundTrigger> = fc.record({
  matchId: fc.constantFrom('a', 'b', 'c', 'd'),
  sportId: fc.constantFrom(...SPORTS.map((s) => s.id)),
  kinds: fc.uniqueArray(kindArb, { minLength: 1, maxLength: 4 }),
});
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({ kind: fc.constant('update' as const), triggers: fc.array(triggerArb, { maxLength: 4 }) }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 1, max: 1500 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('toggle' as const), on: fc.boolean() }) },
);

describe('sound machine properties', () => {
  it('S4-37 S9-11 for any sequence of updates at most one sound plays at a time and no-sound sports stay silent', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        fc.array(stepArb, { maxLength: 40 }),
        fc.integer({ min: 50, max: 900 }),
        async (ios, steps, soundLengthMs) => {
          const clock = new SimulatedClock();
          // A player whose sounds last soundLengthMs of simulated time; it reports each end.
          let sounding: { seq: number; endsAt: number } | null = null;
          let overlaps = 0;
          let wrongSport = 0;
          const actor = createActor(
            soundMachine.provide({
              actions: {
                play: (_, sound) => {
                  if (sounding) overlaps++;
                  if (!sportById(sound.sportId)?.sounds) wrongSport++;
                  sounding = { seq: sound.seq, endsAt: clock.now() + soundLengthMs };
                },
                silence: () => {
                  sounding = null;
                },
              },
              actors: { loadSounds: fromPromise(async () => {}) },
            }),
            { clock, input: { soundOn: true, ios } },
          ).start();
          const advance = (ms: number) => {
            let left = ms;
            while (left > 0) {
              const current = sounding as { seq: number; endsAt: number } | null;
              const untilEnd = current ? current.endsAt - clock.now() : left;
              const step = Math.max(0, Math.min(left, untilEnd));
              clock.increment(step);
              left -= step;
              if (current && clock.now() >= current.endsAt && sounding === current) {
                sounding = null;
                actor.send({ type: 'sound.ended', seq: current.seq });
              }
            }
          };
          advance(IOS_SOUND_MANAGER_DELAY_MS);
          for (let i = 0; i < 5; i++) await Promise.resolve();
          for (const step of steps) {
            if (step.kind === 'update') actor.send({ type: 'sound.triggers', triggers: step.triggers });
            else if (step.kind === 'wait') advance(step.ms);
            else {
              actor.send({ type: 'sound.setting', on: step.on });
              for (let i = 0; i < 5; i++) await Promise.resolve();
            }
          }
          advance(SOUND_END_TIMEOUT_MS * (MAX_QUEUED_SOUNDS + 2));
          actor.stop();
          expect(overlaps).toBe(0);
          expect(wrongSport).toBe(0);
        },
      ),
      { numRuns: 150 },
    );
  });
});

// ---- triggers from a real feed engine over the in-process world ------------------------------

describe('sound triggers from the feed engine', () => {
  const settle = async () => {
    for (let i = 0; i < 4; i++) await new Promise((resolve) => setImmediate(resolve));
  };

  async function engineOver(sportId: number, wanted = true) {
    const world = createTestWorld();
    const source = createWorldFeedSource(world.simulation, { now: () => Date.now() });
    const engine = createFeedEngine({ source, sport: sportId, clock: new SimulatedClock(), now: () => Date.now() });
    const heard: SoundTrigger[][] = [];
    const unwatch = watchEngineSounds(engine, { wanted: () => wanted, triggers: (t) => heard.push([...t]) });
    engine.start();
    await settle();
    expect(engine.scoreboard.snapshot().events.size).toBeGreaterThan(0);
    const close = () => {
      unwatch();
      engine.stop();
      source.close();
    };
    return { world, engine, heard, close };
  }

  it('S1-6 S4-37 a goal, a retracted goal and the final whistle pushed to the page become triggers', async () => {
    const t = await engineOver(1);
    try {
      const match = t.world.liveMatch(1);
      t.world.append([{ type: 'ScoreChanged', matchId: match.id, score: { homeScore: 2, awayScore: 0 } }]);
      await settle();
      t.world.append([{ type: 'ScoreChanged', matchId: match.id, score: { homeScore: 1, awayScore: 0 } }]);
      await settle();
      t.world.append([
        {
          type: 'MatchFinished',
          matchId: match.id,
          stage: 3,
          endTime: Math.floor(Date.now() / 1000),
          winner: 1,
          fullTimeWinner: 1,
        },
      ]);
      await settle();
      expect(t.heard).toEqual([
        [{ matchId: match.id, sportId: 1, kinds: ['score-incremented'] }],
        [{ matchId: match.id, sportId: 1, kinds: ['correction'] }],
        [{ matchId: match.id, sportId: 1, kinds: ['finished'] }],
      ]);
    } finally {
      t.close();
    }
  });

  it('S4-37 a tennis game pushed to the page is a tennis-game trigger', async () => {
    const t = await engineOver(2);
    try {
      const match = t.world.liveMatch(2);
      t.world.append([
        { type: 'ScoreChanged', matchId: match.id, score: { homeScore: 1, awayScore: 0, homePart1: 2, awayPart1: 0 } },
      ]);
      await settle();
      expect(t.heard).toEqual([[{ matchId: match.id, sportId: 2, kinds: ['tennis-game'] }]]);
    } finally {
      t.close();
    }
  });

  it('S2-46 with sound off the engine is not looked at and nothing is heard', async () => {
    const t = await engineOver(1, false);
    try {
      const match = t.world.liveMatch(1);
      t.world.append([{ type: 'ScoreChanged', matchId: match.id, score: { homeScore: 5, awayScore: 0 } }]);
      await settle();
      expect(t.engine.scoreboard.getEvent(match.id)?.homeScore).toBe(5);
      expect(t.heard).toEqual([]);
    } finally {
      t.close();
    }
  });
});

// ---- the Web Audio player with a fake context: never throws, logs once ------------------------

describe('Web Audio player', () => {
  const FILES = {
    finished: '/a/f.wav',
    correction: '/a/c.wav',
    'score-incremented': '/a/s.wav',
    'tennis-game': '/a/t.wav',
  } as const;

  function fakeContext(state: AudioContextState) {
    const started: string[] = [];
    const sources: Array<{ onended: (() => void) | null; buffer: unknown }> = [];
    const context = {
      state,
      destination: {},
      resume: async () => {},
      decodeAudioData: async (bytes: ArrayBuffer) => ({ bytes: bytes.byteLength }),
      createBufferSource() {
        const source = {
          buffer: null as unknown,
          onended: null as (() => void) | null,
          connect() {},
          disconnect() {},
          start() {
            started.push(String((source.buffer as { bytes: number }).bytes));
          },
          stop() {
            source.onended?.();
          },
        };
        sources.push(source);
        return source;
      },
    };
    return { context: context as unknown as AudioContext, started, sources };
  }

  // The body's length names the file: its letter's char code ('/a/s.wav' → 115 bytes).
  const okFetch = async (url: string) => new Response(new Uint8Array(url.charCodeAt(3)));
  const flush = () => new Promise((resolve) => setImmediate(resolve));

  it('S7-31 without Web Audio loading fails (the machine goes silent) and nothing throws', async () => {
    const log: string[] = [];
    const player = createWebAudioPlayer({
      files: FILES,
      log: (m) => log.push(m),
      createContext: () => null,
      marks: null,
    });
    await expect(player.load()).rejects.toThrow(/Web Audio/);
    let ended = 0;
    expect(() => player.play('finished', () => ended++)).not.toThrow();
    await flush();
    expect(ended).toBe(1);
  });

  it('S7-31 each file is fetched once and decoded; a play starts its own buffer and reports its end', async () => {
    const fake = fakeContext('running');
    const fetched: string[] = [];
    const player = createWebAudioPlayer({
      files: FILES,
      createContext: () => fake.context,
      fetch: (url) => {
        fetched.push(url);
        return okFetch(url);
      },
      gestures: new EventTarget(),
      marks: null,
    });
    await player.load();
    await player.load();
    expect(fetched.sort()).toEqual(['/a/c.wav', '/a/f.wav', '/a/s.wav', '/a/t.wav']);
    let ended = 0;
    player.play('score-incremented', () => ended++);
    expect(fake.started).toEqual(['115']); // the score file
    player.stop();
    expect(ended).toBe(1);
  });

  it('S1-6 while the browser keeps audio locked a sound is skipped, logged once, and still ends', async () => {
    const fake = fakeContext('suspended');
    const log: string[] = [];
    const player = createWebAudioPlayer({
      files: FILES,
      createContext: () => fake.context,
      fetch: okFetch,
      gestures: new EventTarget(),
      log: (m) => log.push(m),
      marks: null,
    });
    await player.load();
    let ended = 0;
    player.play('finished', () => ended++);
    player.play('correction', () => ended++);
    await flush();
    expect(fake.started).toEqual([]);
    expect(ended).toBe(2);
    expect(log).toHaveLength(1);
  });

  it('S7-31 a missing file is logged and the others still play', async () => {
    const fake = fakeContext('running');
    const log: string[] = [];
    const player = createWebAudioPlayer({
      files: FILES,
      createContext: () => fake.context,
      fetch: async (url) => (url === '/a/t.wav' ? new Response('', { status: 404 }) : okFetch(url)),
      gestures: new EventTarget(),
      log: (m) => log.push(m),
      marks: null,
    });
    await player.load();
    let ended = 0;
    player.play('tennis-game', () => ended++);
    player.play('finished', () => ended++);
    await flush();
    expect(fake.started).toEqual(['102']); // the finished file
    expect(log.join()).toContain('404');
    expect(ended).toBe(1); // the finished sound still plays
  });
});
