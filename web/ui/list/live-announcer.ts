// What the list page says to a screen reader when a live match scores (WCAG 4.1.3): the goals of live matches the
// visitor follows or sees in the list, read from the store's goal highlights (S9-4), spoken politely and at most once
// per ANNOUNCE_INTERVAL_MS. Goals in between wait and are spoken together when the interval ends.
import { assign, setup } from 'xstate';
import { isLiveStage } from '../../../src/domain/stages';
import type { ScoreboardSnapshot } from '../../../src/scoreboard/types';

/** At most one announcement per 10 s: a burst of goals is one message, not a queue that talks for minutes. */
export const ANNOUNCE_INTERVAL_MS = 10_000;
/** Goals named in one announcement; the rest are counted. */
export const ANNOUNCED_GOALS_MAX = 3;

export const kkAnnouncer = {
  goal: (home: string, homeScore: number, awayScore: number, away: string) =>
    `Гол: ${home} ${homeScore}:${awayScore} ${away}`,
  more: (n: number) => `тағы ${n} гол`,
} as const;

export interface Goal {
  readonly eventId: string;
  readonly home: string;
  readonly away: string;
  readonly homeScore: number;
  readonly awayScore: number;
}

/** The goal highlights already heard, by event id (the highlight's end tells one goal from the next). */
export type SeenGoals = ReadonlyMap<string, number>;

export interface GoalScan {
  readonly goals: readonly Goal[];
  readonly seen: SeenGoals;
}

/**
 * The goals of live matches that `wanted` accepts and that were not seen before. `seen` null is the first look at
 * a list: what it already shows is history, not news, so nothing is announced.
 */
export function newGoals(
  snapshot: ScoreboardSnapshot,
  seen: SeenGoals | null,
  wanted: (eventId: string) => boolean,
): GoalScan {
  const next = new Map<string, number>();
  const goals: Goal[] = [];
  for (const event of snapshot.events.values()) {
    const highlight = event.highlight;
    if (highlight === null || highlight.kind !== 'goal') continue;
    next.set(event.id, highlight.until);
    if (seen === null || seen.get(event.id) === highlight.until) continue;
    if (!isLiveStage(event.stageType) || !wanted(event.id)) continue;
    goals.push({
      eventId: event.id,
      home: event.home ?? event.homeShort ?? '',
      away: event.away ?? event.awayShort ?? '',
      homeScore: event.homeScore ?? 0,
      awayScore: event.awayScore ?? 0,
    });
  }
  return { goals, seen: next };
}

/** The text of one announcement: each match once, with its latest score, the first few named. */
export function announcementText(goals: readonly Goal[]): string {
  const latest = new Map<string, Goal>();
  for (const goal of goals) {
    latest.delete(goal.eventId); // a match that scored again moves to its latest place
    latest.set(goal.eventId, goal);
  }
  const all = [...latest.values()];
  const named = all
    .slice(0, ANNOUNCED_GOALS_MAX)
    .map((g) => kkAnnouncer.goal(g.home, g.homeScore, g.awayScore, g.away));
  const rest = all.length - named.length;
  return rest > 0 ? `${named.join('. ')}. ${kkAnnouncer.more(rest)}` : named.join('. ');
}

interface AnnouncerContext {
  /** What the live region says now. */
  readonly text: string;
  /** Goals heard while quiet, spoken when the interval ends. */
  readonly pending: readonly Goal[];
}

type AnnouncerEvent = { type: 'goals'; goals: readonly Goal[] };

/** idle: the next goals are spoken at once; quiet: for ANNOUNCE_INTERVAL_MS after speaking, goals wait. */
export const liveAnnouncerMachine = setup({
  types: { context: {} as AnnouncerContext, events: {} as AnnouncerEvent },
  delays: { interval: ANNOUNCE_INTERVAL_MS },
  guards: {
    hasGoals: ({ event }) => event.goals.length > 0,
    hasPending: ({ context }) => context.pending.length > 0,
  },
}).createMachine({
  id: 'liveAnnouncer',
  context: { text: '', pending: [] },
  initial: 'idle',
  states: {
    idle: {
      on: {
        goals: {
          guard: 'hasGoals',
          target: 'quiet',
          actions: assign({ text: ({ event }) => announcementText(event.goals) }),
        },
      },
    },
    quiet: {
      on: {
        goals: { actions: assign({ pending: ({ context, event }) => [...context.pending, ...event.goals] }) },
      },
      after: {
        interval: [
          {
            guard: 'hasPending',
            target: 'quiet',
            reenter: true,
            actions: assign({ text: ({ context }) => announcementText(context.pending), pending: [] }),
          },
          { target: 'idle' },
        ],
      },
    },
  },
});
