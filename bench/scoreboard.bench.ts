// Scoreboard store: (a) applying an update of 100 changed events to a 10,000-event store, against
// rebuilding the store from scratch from the same feeds (full feed + that update) in the same run;
// (b) ingesting a 5,000-event full feed (parse + apply), against parsing it alone.
// Feeds are built with serializeRows and parsed with the real codec, so rows carry real keys.
import { type FeedRow, serializeRows } from '../src/protocol/codec';
import { leagueRow } from './list-rows';
import { parseListFeed } from '../src/protocol/list-feed';
import type { ListFeed } from '../src/protocol/list-feed-types';
import { createScoreboard } from '../src/scoreboard/store';

const WARM_UP = 3;
const ITERATIONS = 21;
const DAY_START = Date.UTC(2026, 7, 31, 19, 0) / 1000; // local midnight, UTC+5
const NOW = Date.UTC(2026, 8, 1, 6, 0);

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 0x100000000;
  };
}

const next = random(47);
const int = (n: number) => Math.floor(next() * n);
const eventId = (i: number) => `e${i.toString(36).padStart(7, '0')}`;
const signature = (version: number) => version.toString(16).padStart(12, '0') + 'a'.repeat(20);

function eventRow(i: number): FeedRow {
  const start = DAY_START + 3600 + int(20 * 3600);
  const live = int(3) === 0;
  const row: [string, string][] = [
    ['AA', eventId(i)],
    ['AD', String(start)],
    ['ADE', String(start)],
    ['AB', live ? '2' : '1'],
    ['CR', live ? '2' : '1'],
    ['AC', live ? '12' : '1'],
    ['AE', `Home ${i}`],
    ['AF', `Away ${i}`],
    ['CX', `Home ${i}`],
    ['WM', 'HOM'],
    ['WN', 'AWA'],
    ['WU', `home-${i}`],
    ['WV', `away-${i}`],
    ['PX', `p${i}h`],
    ['PY', `p${i}a`],
    ['OA', `${i}-h.png`],
    ['OB', `${i}-a.png`],
    ['AN', 'y'],
    ['AW', '1'],
    ['AX', '1'],
    ['ER', `Round ${1 + int(30)}`],
    ['XA', '1.85'],
    ['XB', '3.40'],
    ['XC', '4.10'],
  ];
  if (live) row.push(['AG', String(int(3))], ['AH', String(int(3))], ['AI', 'y'], ['AO', String(start + 60)]);
  return row;
}

function fullBody(events: number, perLeague: number): string {
  const rows: FeedRow[] = [[['SA', '1']]];
  for (let i = 0; i < events; i++) {
    if (i % perLeague === 0) rows.push(leagueRow(i / perLeague));
    rows.push(eventRow(i));
  }
  return `${serializeRows(rows)}~${serializeRows([[['A2', '100']], [['A1', signature(1)]]])}`;
}

/** Update number `n`: 100 events get a new score and game time. */
function updateBody(n: number, events: number): string {
  const rows: FeedRow[] = [[['SA', '1']]];
  for (let k = 0; k < 100; k++) {
    const i = (n * 101 + k * 97) % events;
    rows.push([
      ['AA', eventId(i)],
      ['AG', String(n + 1)],
      ['AH', String(k % 3)],
      ['BX', String(n % 90)],
    ]);
  }
  return `${serializeRows(rows)}~${serializeRows([[['A2', '100']], [['A1', signature(n + 2)]]])}`;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function time(run: () => void): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

const board = () => createScoreboard({ now: () => NOW });

export default async function scoreboardBench(): Promise<Record<string, unknown>> {
  // (a) update of 100 changed events into a 10,000-event store vs rebuilding from the same feeds.
  const big = parseListFeed(fullBody(10_000, 25));
  const updates: ListFeed[] = Array.from({ length: WARM_UP + ITERATIONS }, (_, n) =>
    parseListFeed(updateBody(n, 10_000)),
  );
  const store = board();
  store.applyFull(big);
  const incremental: number[] = [];
  const rebuild: number[] = [];
  for (let n = 0; n < updates.length; n++) {
    const inc = time(() => {
      const result = store.applyUpdate(updates[n]);
      if (result.changed !== 100) throw new Error(`expected 100 changed events, got ${result.changed}`);
    });
    const full = time(() => {
      const fresh = board();
      fresh.applyFull(big);
      fresh.applyUpdate(updates[n]);
    });
    if (n >= WARM_UP) {
      incremental.push(inc);
      rebuild.push(full);
    }
  }
  if (store.snapshot().events.size !== 10_000) throw new Error('the store lost events');

  // (b) a 5,000-event full feed: parse + apply vs parse alone.
  const body = fullBody(5_000, 20);
  const parseOnly: number[] = [];
  const ingest: number[] = [];
  for (let n = 0; n < WARM_UP + ITERATIONS; n++) {
    const p = time(() => {
      parseListFeed(body);
    });
    const i = time(() => {
      board().applyFull(parseListFeed(body));
    });
    if (n >= WARM_UP) {
      parseOnly.push(p);
      ingest.push(i);
    }
  }

  // Each pair is measured back to back, so the median of per-pair ratios resists a noisy machine.
  const updateMs = median(incremental);
  const rebuildMs = median(rebuild);
  const parseMs = median(parseOnly);
  const ingestMs = median(ingest);
  const speedup = median(rebuild.map((r, i) => r / incremental[i]));
  const ratio = median(ingest.map((t, i) => t / parseOnly[i]));
  return {
    updateIntoStoreVsRebuild: {
      description: 'update of 100 changed events into a 10,000-event store; ratio = rebuild time / update time',
      speedup: Number(speedup.toFixed(1)),
      target: '>= 20',
      updateMs: Number(updateMs.toFixed(3)),
      rebuildMs: Number(rebuildMs.toFixed(3)),
    },
    fullFeedIngestVsParse: {
      description: '5,000-event full feed; ratio = (parse + apply) time / parse time',
      ratio: Number(ratio.toFixed(2)),
      target: '<= 1.5',
      parseMs: Number(parseMs.toFixed(3)),
      ingestMs: Number(ingestMs.toFixed(3)),
    },
  };
}
