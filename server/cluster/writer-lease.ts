// Exactly one world writer at a time: a key in a JetStream key-value bucket whose entries age out after
// LEASE_MS. The holder renews it well within that; a writer that dies (kill -9) stops renewing and the next
// one takes the key once it has aged out. Renewal is a compare-and-set on the key's revision, so a writer
// that was paused past its lease learns it lost the key instead of taking it back.
import type { NatsConnection } from '@nats-io/nats-core';
import { type KV, Kvm } from '@nats-io/kv';

export const LEASE_BUCKET = 'world_lease';
const WRITER_KEY = 'writer';
/**
 * How long a lease holds without renewal: a standby takes over this long after the writer died. Long enough that a
 * writer busy on a loaded machine (catching up, storing a snapshot) still renews in time.
 */
export const LEASE_MS = 15_000;
const RENEW_MS = LEASE_MS / 3;

export interface WriterLease {
  /** Settles once this process holds the lease. */
  readonly acquired: Promise<void>;
  /** Settles if the lease is lost after it was held (renewal refused or failed). */
  readonly lost: Promise<Error>;
  release(): Promise<void>;
}

export async function leaseBucket(nc: NatsConnection): Promise<KV> {
  return new Kvm(nc).create(LEASE_BUCKET, { ttl: LEASE_MS, history: 1 });
}

export function holdWriterLease(bucket: KV, holder: string): WriterLease {
  let stopped = false;
  let revision = 0;
  let timer: NodeJS.Timeout | null = null;
  let onLost!: (error: Error) => void;
  const lost = new Promise<Error>((resolve) => {
    onLost = resolve;
  });
  const acquired = new Promise<void>((resolve) => {
    const tryTake = async () => {
      if (stopped) return;
      try {
        revision = await bucket.create(WRITER_KEY, holder);
        resolve();
        timer = setTimeout(renew, RENEW_MS);
      } catch {
        // Held by another writer: try again once it may have aged out.
        timer = setTimeout(tryTake, RENEW_MS);
      }
    };
    const renew = async () => {
      if (stopped) return;
      try {
        revision = await bucket.update(WRITER_KEY, holder, revision);
        timer = setTimeout(renew, RENEW_MS);
      } catch (error) {
        stopped = true;
        onLost(error instanceof Error ? error : new Error(String(error)));
      }
    };
    void tryTake();
  });
  return {
    acquired,
    lost,
    async release() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (revision > 0) await bucket.delete(WRITER_KEY, { previousSeq: revision }).catch(() => {});
    },
  };
}
