// Every fact the cluster's stream holds now, in order, read as an edge reads them.
import { connect } from '@nats-io/transport-node';
import { type FactBatch, openFactStream, readFacts } from '../../../server/cluster/fact-stream';
import type { Fact } from '../../../sim/facts';

export async function streamFacts(natsUrl: string): Promise<Fact[]> {
  const nc = await connect({ servers: natsUrl });
  const facts: Fact[] = [];
  const reader = await readFacts(await openFactStream(nc), (batch: FactBatch) => facts.push(...batch.facts));
  await reader.caughtUp;
  await reader.stop();
  await nc.close();
  return facts;
}
