// Stars: follow a game (a duel row, the match page), a whole tournament (a no-duel league, S4-29) or a team
// (My Teams). Each is a toggle button beside what it follows, never inside a row's link. Optimistic: the
// click's event changes the machine's snapshot synchronously, so the star redraws in the same frame.
import { memo, useCallback } from 'react';
import type { GameInput, TournamentInput } from '../../../machines/my-games';
import { cleanLabelId, gameKey } from '../../../src/domain/my-games-rules';
import { kk } from '../../../src/i18n/kk';
import { useScoreboardView } from '../store/hooks';
import { gameInputOf, tournamentInputOf } from './game-input';
import { useFollowed, useMyGames, useTeamFollowed } from './use-follow';
import './follow.css';

export interface StarButtonProps {
  readonly on: boolean;
  readonly label: string;
  readonly onToggle: () => void;
  readonly disabled?: boolean;
  readonly className?: string;
  readonly starKey: string;
}

export function StarButton({ on, label, onToggle, disabled, className, starKey }: StarButtonProps) {
  return (
    <button
      type="button"
      className={`star${on ? ' star--on' : ''}${className ? ` ${className}` : ''}`}
      aria-pressed={on}
      aria-label={label}
      title={label}
      data-star-key={starKey}
      disabled={disabled}
      onClick={onToggle}
    >
      <span aria-hidden="true">{on ? '★' : '☆'}</span>
    </button>
  );
}

export interface GameStarProps {
  readonly sportId: number;
  readonly eventId: string;
  /** The game as the page knows it now, read at the click; null: not enough to add it (yet). */
  readonly game: () => GameInput | null;
  readonly className?: string;
}

export const GameStar = memo(function GameStar({ sportId, eventId, game, className }: GameStarProps) {
  const myGames = useMyGames();
  const key = gameKey(sportId, eventId);
  const on = useFollowed(key);
  const toggle = useCallback(() => {
    if (on) {
      myGames.send({ type: 'game.remove', sportId, eventId });
      return;
    }
    const input = game();
    if (input) myGames.send({ type: 'game.add', ...input });
  }, [on, myGames, sportId, eventId, game]);
  return (
    <StarButton
      on={on}
      label={on ? kk.follow.removeGame : kk.follow.addGame}
      onToggle={toggle}
      className={className}
      starKey={key}
    />
  );
});

/** A list row's star: the game is read from the list's scoreboard at the click. */
export const RowGameStar = memo(function RowGameStar({ sportId, eventId }: { sportId: number; eventId: string }) {
  const view = useScoreboardView();
  const game = useCallback(() => gameInputOf(view.snapshot().events.get(eventId), sportId), [view, eventId, sportId]);
  return <GameStar sportId={sportId} eventId={eventId} game={game} className="star--row" />;
});

/** S4-29, S3-57: a no-duel league's star follows the whole tournament. */
export const TournamentStar = memo(function TournamentStar({
  sportId,
  leagueId,
}: {
  sportId: number;
  leagueId: string;
}) {
  const myGames = useMyGames();
  const view = useScoreboardView();
  const key = cleanLabelId(leagueId);
  const on = useFollowed(key);
  const toggle = useCallback(() => {
    if (on) {
      myGames.send({ type: 'tournament.remove', leagueId: key });
      return;
    }
    const snapshot = view.snapshot();
    const input: TournamentInput | null = tournamentInputOf(snapshot.leagues.get(leagueId), snapshot.events, sportId);
    if (input) myGames.send({ type: 'tournament.add', ...input });
  }, [on, myGames, view, key, leagueId, sportId]);
  return (
    <StarButton
      on={on}
      label={on ? kk.follow.removeTournament : kk.follow.addTournament}
      onToggle={toggle}
      className="star--league"
      starKey={key}
    />
  );
});

export interface TeamStarProps {
  readonly sportId: number;
  readonly participantId: string;
  readonly name: string;
}

/** My Teams (S9-2: at most 200). */
export function TeamStar({ sportId, participantId, name }: TeamStarProps) {
  const myGames = useMyGames();
  const on = useTeamFollowed(sportId, participantId);
  const toggle = () =>
    myGames.send(
      on ? { type: 'team.unfollow', sportId, participantId } : { type: 'team.follow', sportId, participantId, name },
    );
  return (
    <StarButton
      on={on}
      label={on ? kk.follow.unfollowTeam(name) : kk.follow.followTeam(name)}
      onToggle={toggle}
      className="star--team"
      starKey={`team:${sportId}_${participantId}`}
    />
  );
}
