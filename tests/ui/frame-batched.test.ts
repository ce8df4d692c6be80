import { describe, expect, it } from 'vitest';
import { frameBatched, settableScoreboard } from '../../web/ui/store/scoreboard-view';
import { event, league, snapshot } from './support/render';

describe('frame-batched scoreboard view', () => {
  it('DESIGN updates are batched per animation frame: a burst notifies once with the latest snapshot', () => {
    const L = league('1_a');
    const source = settableScoreboard(snapshot([L], [event('a', L.id)], 1));
    const frames: (() => void)[] = [];
    const view = frameBatched(source, (cb) => frames.push(cb));
    let calls = 0;
    const unsubscribe = view.subscribe(() => {
      calls += 1;
    });
    for (let v = 2; v <= 101; v++) source.set(snapshot([L], [event('a', L.id)], v));
    expect(calls).toBe(0);
    expect(view.snapshot().version).toBe(1);
    expect(frames.length).toBe(1);
    frames.shift()?.();
    expect(calls).toBe(1);
    expect(view.snapshot().version).toBe(101);
    unsubscribe();
    source.set(snapshot([L], [event('a', L.id)], 102));
    expect(frames.length).toBe(0);
  });
});
