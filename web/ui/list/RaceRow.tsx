// One participant of a race or meeting (no-duel sports, S3-3): rank, name and the sport's result
// columns (S3-33). Like duel rows it reads only its own event.
import { memo } from 'react';
import { isLiveStage } from '../../../src/domain/stages';
import { useScoreboardEvent, useScoreboardLeague } from '../store/hooks';
import { columnText, raceColumns, rankText } from './race-columns';
import { stageTypeOf } from './tabs';

export interface RaceRowProps {
  readonly eventId: string;
  readonly leagueId: string;
  readonly sportId: number;
  /** Another participant shares this rank (golf 'T', S4-25). */
  readonly tied?: boolean;
}

export const RaceRow = memo(function RaceRow({ eventId, leagueId, sportId, tied = false }: RaceRowProps) {
  const event = useScoreboardEvent(eventId);
  const league = useScoreboardLeague(leagueId);
  if (!event) return null;
  const highlight = event.highlight?.kind ?? null; // ended on time by the store (S9-4)
  const live = event.liveMarked || isLiveStage(stageTypeOf(event, league));
  const columns = raceColumns(sportId);
  let className = live ? 'row row--race row--live' : 'row row--race';
  if (highlight) className += ` row--hl-${highlight}`;
  return (
    <div className={className} data-event-id={eventId} style={{ '--cols': columns.length } as CSSVars}>
      <span className="race__rank" data-testid="race-rank">
        {rankText(sportId, event.rank, tied)}
      </span>
      <span className="race__name">
        {event.home ?? event.homeShort ?? ''}
        {event.homeCountryName ? <span className="race__country"> ({event.homeCountryName})</span> : null}
      </span>
      {columns.map((column) => (
        <span key={column} className={`race__col race__col--${column}`} data-col={column}>
          {columnText(column, event, live)}
        </span>
      ))}
    </div>
  );
});

type CSSVars = React.CSSProperties & Record<`--${string}`, string | number>;
