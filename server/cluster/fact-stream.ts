// The world's fact log on NATS JetStream: one stream, one subject, each message a batch of facts in
// order. The writer publishes every batch expecting the stream's last sequence to be the one it last
// saw, so two writers can never interleave: the second one's publish is refused, and the day never forks.
// Each message carries the facts' own sequence range, so a new writer knows where the day stopped.
import type { NatsConnection } from '@nats-io/nats-core';
import {
  DeliverPolicy,
  type JetStreamClient,
  type JetStreamManager,
  jetstream,
  jetstreamManager,
  StorageType,
} from '@nats-io/jetstream';
import type { Fact } from '../../sim/facts';

export const FACT_STREAM = 'WORLD_FACTS';
export const FACT_SUBJECT = 'world.facts';
/** Facts per message: an all-sports day's facts average about 500 bytes, so a message stays well under 1 MB. */
const FACTS_PER_MESSAGE = 500;
/** How long JetStream remembers a message id to drop a repeated publish. */
const DUPLICATE_WINDOW_NS = 120 * 1_000_000_000;

export interface FactBatch {
  /** Sequence of the first and last fact in the message. */
  readonly first: number;
  readonly last: number;
  readonly facts: readonly Fact[];
}

export interface FactStream {
  readonly js: JetStreamClient;
  readonly jsm: JetStreamManager;
}

export async function openFactStream(nc: NatsConnection): Promise<FactStream> {
  const jsm = await jetstreamManager(nc);
  try {
    await jsm.streams.info(FACT_STREAM);
  } catch {
    await jsm.streams.add({
      name: FACT_STREAM,
      subjects: [FACT_SUBJECT],
      storage: StorageType.File,
      duplicate_window: DUPLICATE_WINDOW_NS,
    });
  }
  return { js: jetstream(nc), jsm };
}

/** The stream's last message sequence and the last fact sequence it holds (0 and 0 when empty). */
export async function streamHead(
  stream: FactStream,
): Promise<{ readonly streamSeq: number; readonly factSeq: number }> {
  const info = await stream.jsm.streams.info(FACT_STREAM);
  const streamSeq = info.state.last_seq;
  if (info.state.messages === 0) return { streamSeq, factSeq: 0 };
  const message = await stream.jsm.streams.getMessage(FACT_STREAM, { seq: streamSeq });
  if (!message) return { streamSeq, factSeq: 0 };
  return { streamSeq, factSeq: (message.json() as FactBatch).last };
}

/**
 * Appends facts after `streamSeq` (the last message sequence this writer saw); returns the new last sequence.
 * Rejects when the stream moved under it (another writer), so the caller stops writing.
 */
export async function appendFacts(
  stream: FactStream,
  facts: readonly Fact[],
  streamSeq: number,
  onAppended?: (batch: FactBatch, streamSeq: number) => void,
): Promise<number> {
  let seq = streamSeq;
  for (let i = 0; i < facts.length; i += FACTS_PER_MESSAGE) {
    const chunk = facts.slice(i, i + FACTS_PER_MESSAGE);
    const batch: FactBatch = { first: chunk[0]!.seq, last: chunk[chunk.length - 1]!.seq, facts: chunk };
    const ack = await stream.js.publish(FACT_SUBJECT, JSON.stringify(batch), {
      msgID: `facts-${batch.first}-${batch.last}`,
      expect: { lastSequence: seq },
    });
    if (ack.duplicate) throw new Error(`facts ${batch.first}…${batch.last} were already in the stream`);
    seq = ack.seq;
    onAppended?.(batch, seq);
  }
  return seq;
}

export interface FactReader {
  /** Settles when every message that was in the stream at the start has been handed over. */
  readonly caughtUp: Promise<void>;
  stop(): Promise<void>;
}

/**
 * Hands every batch after stream message `after` (0: from the start) on, in order, to `onBatch`, with its stream
 * sequence (an ordered consumer: no acks, recreated by the client at the right sequence after a reconnect).
 */
export async function readFacts(
  stream: FactStream,
  onBatch: (batch: FactBatch, streamSeq: number) => void,
  after = 0,
): Promise<FactReader> {
  const info = await stream.jsm.streams.info(FACT_STREAM);
  const target = info.state.last_seq;
  let reached!: () => void;
  const caughtUp = new Promise<void>((resolve) => {
    reached = resolve;
  });
  if (target <= after || info.state.messages === 0) reached();
  const consumer = await stream.js.consumers.get(
    FACT_STREAM,
    after > 0
      ? { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: after + 1 }
      : { deliver_policy: DeliverPolicy.All },
  );
  const messages = await consumer.consume({ max_messages: 64 });
  void (async () => {
    for await (const message of messages) {
      onBatch(message.json() as FactBatch, message.seq);
      if (message.seq >= target) reached();
    }
  })();
  return {
    caughtUp,
    async stop() {
      await messages.close();
    },
  };
}
