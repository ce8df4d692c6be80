import { createActor, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import { settingsMachine } from '../../machines/settings';

function start(input = {}) {
  const saved: string[] = [];
  const actor = createActor(
    settingsMachine.provide({
      actions: {
        persistOddsFormat: (_, p) => {
          saved.push(`odds:${p.format}`);
        },
        persistTheme: (_, p) => {
          saved.push(`theme:${p.theme}`);
        },
        persistSound: (_, p) => {
          saved.push(`sound:${p.on}`);
        },
      },
    }),
    { input, clock: new SimulatedClock() },
  );
  actor.start();
  return { actor, saved, context: () => actor.getSnapshot().context };
}

describe('settings machine', () => {
  it('S3-68 S5-9 the odds format defaults to eu and a stored unknown format falls back to it', () => {
    expect(start().context().oddsFormat).toBe('eu');
    expect(start({ oddsFormat: 'xx' }).context().oddsFormat).toBe('eu');
    expect(start({ oddsFormat: 'uk' }).context().oddsFormat).toBe('uk');
  });

  it('S1-7 S9-12 choosing a known odds format keeps it and persists it; unknown choices are ignored', () => {
    const { actor, saved, context } = start();
    actor.send({ type: 'settings.oddsFormat', format: 'us' });
    actor.send({ type: 'settings.oddsFormat', format: 'nonsense' });
    actor.send({ type: 'settings.oddsFormat', format: 'us' });
    expect(context().oddsFormat).toBe('us');
    expect(saved).toEqual(['odds:us']);
  });

  it('S2-46 S4-39 theme and sound choices are remembered', () => {
    const { actor, saved, context } = start({ soundOn: false });
    actor.send({ type: 'settings.theme', theme: 'dark' });
    actor.send({ type: 'settings.sound', on: true });
    expect(context()).toMatchObject({ theme: 'dark', soundOn: true });
    expect(saved).toEqual(['theme:dark', 'sound:true']);
  });
});
