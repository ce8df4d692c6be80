// Past one machine (issue #22), three figures against baselines of the same run:
// - catchUpVsLocalFold: a fresh edge folding a whole all-sports day from JetStream vs from a local file (target 2).
// - p99VsSingleProcess: a fact's push at 10,000 subscribers over two edges through NATS vs one server handed the
//   fact directly (target 1.2).
// - twoEdgesVsOneRps: the day list through nginx over two edges vs over one, with CPU per request of each part.
import { catchUpFigures } from './cluster-catchup';
import { fanoutFigures } from './cluster-fanout';
import { servingFigures } from './cluster-serving';

export default async function clusterBench(): Promise<Record<string, unknown>> {
  const catchUp = await catchUpFigures();
  const fanout = await fanoutFigures();
  const serving = await servingFigures();
  return {
    catchUpVsLocalFold: catchUp.catchUpVsLocalFold,
    p99VsSingleProcess: fanout.p99VsSingleProcess,
    twoEdgesVsOneRps: serving.twoEdgesVsOneRps,
    targets: { catchUpVsLocalFold: 2, p99VsSingleProcess: 1.2 },
    catchUp,
    fanout,
    serving,
  };
}
