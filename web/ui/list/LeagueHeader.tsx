// A league's heading in the list: its My Leagues pin and star (S2-42, S2-43), country, league name, and the
// collapse toggle (S4-13). Race leagues also show when the race starts; their column titles are a row of the
// rows' own grid (RaceHead), so each sits over its values.
import { memo } from 'react';
import { sportById } from '../../../src/domain/sports';
import { kk } from '../../../src/i18n/kk';
import { Flag } from '../common/Flag';
import { DATE_TICK_MS, useNow } from '../common/use-now';
import { startTimeText } from '../format/time';
import { useScoreboardLeague } from '../store/hooks';
import { countryNameOf, countryPartOfName, leaguePartOfName } from './country';
import { LeaguePin, PinnedStar } from './LeaguePin';
import { leagueLabelKey } from './pinned';

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
  // The name's own prefix: a country, or a tennis category (ATP - ЖЕКЕ, WTA - ЖҰПТАР) that tells apart
  // leagues of one tournament held in one country.
  const country = categoryOf(league.name, countryNameOf(league));
  const name = leaguePartOfName(league.name);
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

/** The name's prefix when it is not just the country (a tennis category), else the country's own name. */
function categoryOf(name: string | undefined, country: string): string {
  const prefix = countryPartOfName(name);
  if (!prefix || prefix.toLocaleLowerCase('kk') === country.toLocaleLowerCase('kk')) return country;
  return prefix;
}
