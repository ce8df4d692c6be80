// A league's heading in the list: its My Leagues pin and star (S2-42, S2-43), country, league name, and the
// collapse toggle (S4-13). Race leagues also show when the race starts and the result column titles.
import { memo } from 'react';
import { sportById } from '../../../src/domain/sports';
import { kk } from '../../../src/i18n/kk';
import { Flag } from '../common/Flag';
import { DATE_TICK_MS, useNow } from '../common/use-now';
import { startTimeText } from '../format/time';
import { useScoreboardLeague } from '../store/hooks';
import { countryNameOf, leaguePartOfName } from './country';
import { LeaguePin, PinnedStar } from './LeaguePin';
import { leagueLabelKey } from './pinned';
import { RACE_COLUMN_LABEL, raceColumns } from './race-columns';

export interface LeagueHeaderProps {
  readonly leagueId: string;
  readonly sportId: number;
  readonly collapsed: boolean;
  readonly onToggle: (leagueId: string, collapsed: boolean) => void;
}

export const LeagueHeader = memo(function LeagueHeader({ leagueId, sportId, collapsed, onToggle }: LeagueHeaderProps) {
  const league = useScoreboardLeague(leagueId);
  const raceStart = Number((league?.raceStartTimes ?? '').split(',')[0]);
  const startShown = Number.isFinite(raceStart) && raceStart > 0;
  const now = useNow(DATE_TICK_MS, startShown); // S4-25: a start time's day may change
  if (!league) return null;
  const sport = sportById(sportId);
  const country = countryNameOf(league);
  const name = leaguePartOfName(league.name);
  const columns = sport?.noDuel ? raceColumns(sportId) : null;
  const labelKey = leagueLabelKey(league, sportId);
  const count = sport?.noDuel
    ? kk.list.participantsCount(league.eventIds.length)
    : kk.list.eventsCount(league.eventIds.length);
  return (
    <div className={league.type === 't' ? 'league league--top' : 'league'} data-league-id={leagueId}>
      {labelKey ? <LeaguePin labelKey={labelKey} name={name} /> : null}
      <h2 className="league__title">
        <Flag countryId={league.countryId} />
        {country ? <span className="league__country">{country}:</span> : null}
        <span className="league__name">{name}</span>
        {labelKey ? <PinnedStar labelKey={labelKey} /> : null}
        {startShown ? <span className="league__start">{startTimeText(raceStart, now)}</span> : null}
      </h2>
      {columns && !collapsed ? (
        <span className="league__cols" aria-hidden="true" style={{ '--cols': columns.length } as React.CSSProperties}>
          {columns.map((c) => (
            <span key={c}>{RACE_COLUMN_LABEL[c]}</span>
          ))}
        </span>
      ) : null}
      <button
        type="button"
        className={collapsed ? 'league__toggle league__toggle--closed' : 'league__toggle'}
        aria-expanded={!collapsed}
        aria-label={`${collapsed ? kk.list.expandLeague : kk.list.collapseLeague}: ${name}, ${count}`}
        title={collapsed ? kk.list.expandLeague : kk.list.collapseLeague}
        onClick={() => onToggle(leagueId, !collapsed)}
      >
        <span aria-hidden="true">{collapsed ? '▸' : '▾'}</span>
        <span className="league__count">{count}</span>
      </button>
    </div>
  );
});
