// The sport page's league-jump actor, shared by the left menu (sends requests) and the day list
// (scrolls and focuses). Outside a sport page there is none, and both simply do without.
import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { LeagueJumpPhase, leagueJumpMachine } from '../../../machines/league-jump';

export type LeagueJumpRef = ActorRefFrom<typeof leagueJumpMachine>;

export const LeagueJumpContext = createContext<LeagueJumpRef | null>(null);

export function useLeagueJump(): LeagueJumpRef | null {
  return useContext(LeagueJumpContext);
}

export interface LeagueJumpView {
  readonly phase: LeagueJumpPhase;
  readonly leagueId: string | null;
}

const IDLE: LeagueJumpView = { phase: 'idle', leagueId: null };
const noSubscription = () => () => {};

/** The request's phase and league; the actor's snapshot object is stable between transitions. */
export function useLeagueJumpView(jump: LeagueJumpRef | null): LeagueJumpView {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!jump) return noSubscription();
      const subscription = jump.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    [jump],
  );
  const snapshot = useSyncExternalStore(subscribe, () => jump?.getSnapshot() ?? null);
  if (!snapshot) return IDLE;
  return { phase: snapshot.value as LeagueJumpPhase, leagueId: snapshot.context.leagueId };
}
