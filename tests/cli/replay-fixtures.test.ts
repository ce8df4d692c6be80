// Every committed capture replays through the site's machines under faults and converges with no
// broken invariant: the real recorded feeds (wrapped as captures) and a capture recorded from our
// server while it answered some requests with 503.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { wrapFeedAsCapture } from '../../cli/replay/capture';
import { parseFaultSpec } from '../../cli/replay/faults';
import { loadReplayInput } from '../../cli/replay/input';
import { runReplay } from '../../cli/replay/run';

const CAPTURES = 'fixtures/captures';
const REAL_FEEDS = 'fixtures/real-feeds';
const FAULTS = parseFaultSpec('drop=0.1,error=0.05,dup=0.05,delay=0.1,reorder=0.05,pushloss=0.1');

async function replay(file: string, seed: number) {
  const input = await loadReplayInput(file);
  if (typeof input === 'string') throw new Error(input);
  if (typeof FAULTS === 'string') throw new Error(FAULTS);
  return runReplay(input, { faults: FAULTS, seed });
}

describe('replaying captures', () => {
  const files = readdirSync(CAPTURES).filter((f) => f.endsWith('.jsonl'));

  it('S4-6 S4-8 fixtures hold the real feeds and a server capture', () => {
    expect(files.filter((f) => f.startsWith('real-')).length).toBeGreaterThanOrEqual(5);
    expect(files.some((f) => !f.startsWith('real-'))).toBe(true);
  });

  for (const file of files) {
    it(`S4-1 S8-1 S4-11 ${file} converges under faults with no invariant broken`, async () => {
      const { report, eventsShown, kind } = await replay(join(CAPTURES, file), 5);
      expect(kind).toBe('capture');
      expect(report.invariantViolations).toEqual([]);
      expect(report.mismatches).toEqual([]);
      expect(report.converged).toBe(true);
      // The comparison is not vacuous: the client shows the recorded events.
      expect(Object.values(eventsShown).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
      expect(report.feedsApplied).toBeGreaterThan(0);
    });
  }

  it('S4-8 the wrapped real feeds are exactly the recorded bodies', () => {
    for (const file of files.filter((f) => f.startsWith('real-'))) {
      const text = readFileSync(join(CAPTURES, file), 'utf8');
      const header = JSON.parse(text.split('\n')[0] ?? '{}') as { source: string };
      const line = JSON.parse(text.split('\n')[1] ?? '{}') as { feed: string; body: string };
      const body = readFileSync(join(REAL_FEEDS, header.source.replace('real-feeds/', '')), 'utf8');
      expect(line.body).toBe(body);
      expect(wrapFeedAsCapture({ feed: line.feed, body, source: header.source })).toBe(text);
    }
  });

  it('S8-1 the server capture holds recorded 5xx answers, pushes and several update polls', async () => {
    const input = await loadReplayInput(join(CAPTURES, 'hockey-live-server-5xx.jsonl'));
    if (typeof input === 'string' || input.kind !== 'capture') throw new Error('not a capture');
    const { feeds, pushes } = input.capture;
    expect(feeds.some((f) => f.status === 503)).toBe(true);
    expect(feeds.filter((f) => f.feed.startsWith('u_')).length).toBeGreaterThan(1);
    expect(pushes.length).toBeGreaterThan(10);
  });
});
