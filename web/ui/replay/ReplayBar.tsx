// The replay timeline bar's mount point: nothing on the live site. A server started by `scores replay --serve`
// marks every answer with a cookie; only then is the bar's code loaded (its own chunk) and shown.
import { lazy, Suspense } from 'react';

const ReplayTimeline = lazy(() => import('./ReplayTimeline').then((m) => ({ default: m.ReplayTimeline })));

const REPLAY_COOKIE = /(?:^|;\s*)scores_replay=1(?:;|$)/;

/** True when the page was served by a replay. */
export function servedByReplay(cookie: string = typeof document === 'undefined' ? '' : document.cookie): boolean {
  return REPLAY_COOKIE.test(cookie);
}

export function ReplayBar() {
  if (!servedByReplay()) return null;
  return (
    <Suspense fallback={null}>
      <ReplayTimeline />
    </Suspense>
  );
}
