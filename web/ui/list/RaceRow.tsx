// One participant of a race or meeting (no-duel sports, S3-3): rank, name and the sport's result
// columns (S3-33). Like duel rows it reads only its own event. A row opens its race page (the no-duel
// detail) as a plain link, except in horse racing, which has no detail page (S2-24).
import { memo } from 'react';
import { sportById } from '../../../src/domain/sports';
import { isLiveStage } from '../../../src/domain/stages';
import { kk } from '../../../src/i18n/kk';
import { useScoreboardEvent, useScoreboardLeague } from '../store/hooks';
import { columnText, RACE_COLUMN_LABEL, raceColumns, rankText } from './race-columns';
import { matchHref } from './row-navigation';
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
  const cells = (
    <>
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
    </>
  );
  const style = { '--cols': columns.length } as CSSVars;
  if (sportById(sportId)?.noDetailPage) {
    return (
      <div className={className} data-event-id={eventId} style={style}>
        {cells}
      </div>
    );
  }
  return (
    <a className={className} href={matchHref(eventId)} data-event-id={eventId} style={style}>
      {cells}
    </a>
  );
});

/** The titles of a race league's result columns, on the rows' own grid (S3-33). */
export const RaceHead = memo(function RaceHead({ sportId }: { sportId: number }) {
  const columns = raceColumns(sportId);
  return (
    <div className="race-head" aria-hidden="true" style={{ '--cols': columns.length } as CSSVars}>
      <span className="race-head__rank">{kk.list.rank}</span>
      <span className="race-head__name" />
      {columns.map((column) => (
        <span key={column} className="race-head__col" data-col={column}>
          {RACE_COLUMN_LABEL[column]}
        </span>
      ))}
    </div>
  );
});

type CSSVars = React.CSSProperties & Record<`--${string}`, string | number>;
