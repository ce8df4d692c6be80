// Pure helpers of the feed cycle: the initial action's plan (S4-1, S4-9, S2-29), the sports a page
// polls, the signature order (S7-19) and A2 (refresh utime) comparisons.
import type { FeedAnswer } from '../../src/net/feed-call';
import type { ListFeed } from '../../src/protocol/list-feed-types';
import { signatureOrdinal } from '../../src/scoreboard/feed-ordinal';
import { type FeedCycleContext, type PlanStep, REPAIR_FIRST_DAYS } from './cycle-types';

/** The sports the page polls: its own, or every sport My Games holds. */
export function uniqueSports(context: Pick<FeedCycleContext, 'scope' | 'sport' | 'myGames'>): number[] {
  if (context.scope === 'mygames') return [...new Set(context.myGames.needs.map((need) => need.sport))];
  return [context.sport];
}

/** S4-1 / S4-9: the steps of the initial action for the page the context describes. */
export function initialPlan(context: Pick<FeedCycleContext, 'scope' | 'sport' | 'day' | 'myGames'>): PlanStep[] {
  if (context.scope === 'mygames') {
    const needs = [...new Map(context.myGames.needs.map((n) => [`${n.sport}:${n.day}`, n])).values()];
    const fulls = needs.map(
      (need, i): PlanStep => ({
        call: { kind: 'full', sport: need.sport, day: need.day },
        scope: 'mygames',
        merge: i > 0,
      }),
    );
    const sports = [...new Set(needs.map((need) => need.sport))];
    // S4-9: reload feeds for the needed sports and days, then run a repair feed.
    const repairs = sports.map(
      (sport): PlanStep => ({ call: { kind: 'repair', sport }, scope: 'mygames', merge: true }),
    );
    return [...fulls, ...repairs];
  }
  const full: PlanStep = {
    call: { kind: 'full', sport: context.sport, day: context.day },
    scope: 'default',
    merge: false,
  };
  if (!REPAIR_FIRST_DAYS.has(context.day)) return [full];
  // S4-1 / S2-29: day 0 and −1 load a repair feed first.
  return [{ call: { kind: 'repair', sport: context.sport }, scope: 'default', merge: false }, full];
}

/** True when the update's signature is not older than the one we hold (see feed-ordinal.ts). */
export function signatureAdvances(current: string | null | undefined, incoming: string | null): boolean {
  if (incoming === null) return false;
  const a = signatureOrdinal(current);
  const b = signatureOrdinal(incoming);
  return a === null || b === null || b >= a;
}

/** The list feed an answer carries: null for no data (S4-6) and for answers without one (sys). */
export function answerFeed(answer: FeedAnswer): ListFeed | null {
  return answer.noData ? null : answer.feed;
}

/** A2 newer than the refresh time the page loaded with: the page restarts with the initial feed. */
export function refreshIsNewer(feed: ListFeed | null, loadedWith: number | null): boolean {
  return feed !== null && feed.refreshUtime !== null && loadedWith !== null && feed.refreshUtime > loadedWith;
}

/** What a full call with no data loads: an empty list of its sport. */
export function emptyListFeed(sport: number): ListFeed {
  return {
    sport,
    leagues: [],
    events: [],
    repair: [],
    moved: [],
    signature: null,
    refreshUtime: null,
    empty: true,
  };
}
