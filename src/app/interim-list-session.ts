// A list session straight over the scoreboard store: the full day feed, then the update feed every
// 5 s (S9-4), highlights expired each second and finished matches kept live-marked for 180 s
// (S9-1). Used until the feed-cycle engine is wired in.
import { EDITION } from '../domain/edition';
import { TIME_KEEP_MATCH_LIVE_S } from '../domain/limits';
import { parseListFeed } from '../protocol/list-feed';
import { createScoreboard } from '../scoreboard/store';
import type { FeedStatus, ListRequest, ListSession } from '../ui/store/feed-gateway';
import { fetchFeed } from './feed-http';

const UPDATE_MS = 5_000; // S9-4 update 5 s

export function openInterimListSession(request: ListRequest, collapsedCookie: string | null): ListSession {
  const board = createScoreboard({ collapsedCookie });
  let status: FeedStatus = 'loading';
  const statusListeners = new Set<() => void>();
  const setStatus = (next: FeedStatus) => {
    if (next === status) return;
    status = next;
    for (const l of [...statusListeners]) l();
  };
  let closed = false;
  let signature: string | null = null;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const { sportId, day } = request;
  const tz = EDITION.timezoneHour;
  const pt = EDITION.projectType;

  const afterApply = (stageChanges: readonly { id: string; previous?: number; current?: number }[]) => {
    for (const change of stageChanges) {
      if (change.previous === 2 && change.current !== 2) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          board.clearLiveMark(change.id);
        }, TIME_KEEP_MATCH_LIVE_S * 1000);
        timers.add(timer);
      }
    }
  };

  const load = async () => {
    try {
      const full = await fetchFeed(`f_${sportId}_${day}_${tz}_${EDITION.language}_${pt}`);
      if (closed) return;
      if (full.status !== 200) {
        setStatus('failed');
        return;
      }
      const feed = parseListFeed(full.body);
      board.applyFull(feed, { day, timezoneHour: tz });
      signature = feed.signature;
      setStatus('ready');
    } catch {
      if (!closed) setStatus('failed');
    }
  };

  const update = async () => {
    if (closed || status !== 'ready') return;
    try {
      const answer = await fetchFeed(`u_${sportId}_${pt}`, signature ? { 'x-signature': signature } : {});
      if (closed || answer.status !== 200 || answer.body.length < 4) return;
      const feed = parseListFeed(answer.body);
      if (feed.signature) signature = feed.signature;
      afterApply(board.applyUpdate(feed).stageChanges);
    } catch {
      // the next poll tries again
    }
  };

  void load();
  const poll = setInterval(() => void update(), UPDATE_MS);
  const tick = setInterval(() => board.expireHighlights(), 1_000);

  return {
    view: { snapshot: () => board.snapshot(), subscribe: (l) => board.subscribe(l) },
    status: () => status,
    subscribeStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    setOdds: () => {},
    close() {
      closed = true;
      clearInterval(poll);
      clearInterval(tick);
      for (const t of timers) clearTimeout(t);
    },
  };
}
