// Snapshots of the folded world, so an edge that starts late in a long day folds a snapshot plus the stream's
// tail instead of the whole day. The writer keeps a fold of exactly the messages it appends (the same messages an
// edge reads, so the same state and the same A2 refresh times) and stores it in a JetStream object store every
// so many facts. A snapshot names the stream message it ends with: the edge reads on from the next one.
import { promisify } from 'node:util';
import { gunzipSync, gzip } from 'node:zlib';
import { deserialize, serialize } from 'node:v8';
import type { NatsConnection } from '@nats-io/nats-core';
import { Objm, type ObjectStore } from '@nats-io/obj';
import type { WorldState } from '../../sim/world/state';

export const SNAPSHOT_BUCKET = 'world_snapshots';
const LATEST = 'latest';
/** The encoding's version: a snapshot of another shape is ignored (the edge folds from the start). */
const FORMAT = 1;

export interface WorldSnapshot {
  /** The world it is of (world-config.ts worldKey). */
  readonly world: string;
  /** The world after the fact `lastSeq`, the last fact of stream message `streamSeq`. */
  readonly state: WorldState;
  readonly lastSeq: number;
  readonly streamSeq: number;
  /** A2 refresh times the folded facts raised, by sport (epoch s). */
  readonly raised: ReadonlyMap<number, number>;
}

interface Encoded {
  readonly format: number;
  readonly world: string;
  readonly lastSeq: number;
  readonly streamSeq: number;
  readonly state: Omit<WorldState, 'matches'> & { readonly matches: Map<string, unknown> };
  readonly raised: Map<number, number>;
}

const gzipAsync = promisify(gzip);

/** V8's structured serialisation (Maps and holes in arrays kept as they are), gzipped on the thread pool. */
export async function encodeSnapshot(snapshot: WorldSnapshot): Promise<Uint8Array> {
  const encoded: Encoded = {
    format: FORMAT,
    world: snapshot.world,
    lastSeq: snapshot.lastSeq,
    streamSeq: snapshot.streamSeq,
    // The match map is a layered map (a class): stored as a plain Map, which a fold takes as its base alike.
    state: { ...snapshot.state, matches: new Map(snapshot.state.matches) },
    raised: new Map(snapshot.raised),
  };
  return gzipAsync(serialize(encoded), { level: 1 });
}

export function decodeSnapshot(bytes: Uint8Array): WorldSnapshot | null {
  let value: Encoded;
  try {
    value = deserialize(gunzipSync(bytes)) as Encoded;
  } catch {
    return null;
  }
  if (value?.format !== FORMAT || !(value.state?.matches instanceof Map)) return null;
  return {
    world: value.world,
    state: value.state as unknown as WorldState,
    lastSeq: value.lastSeq,
    streamSeq: value.streamSeq,
    raised: value.raised,
  };
}

export async function snapshotStore(nc: NatsConnection): Promise<ObjectStore> {
  return new Objm(nc).create(SNAPSHOT_BUCKET);
}

export async function storeSnapshot(store: ObjectStore, snapshot: WorldSnapshot): Promise<number> {
  const bytes = await encodeSnapshot(snapshot);
  await store.putBlob({ name: LATEST }, bytes);
  return bytes.length;
}

/** The newest snapshot, or null when there is none or it cannot be read. */
export async function loadSnapshot(store: ObjectStore): Promise<WorldSnapshot | null> {
  const bytes = await store.getBlob(LATEST).catch(() => null);
  return bytes ? decodeSnapshot(bytes) : null;
}
