// A sport's day list (S2-1…S2-6) and its country pages (S2-15): tabs, date selector, the left menu
// and the virtualized list of leagues and matches, live without reloads. The My Games tab (cat=5, S2-27,
// S4-9) shows today's list of the followed matches of this sport, under their leagues or by start time
// (S3-62); the list's followed rows go back to My Games (feed.events).
import { useActorRef } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { Sport } from '../../../src/domain/sports';
import { kk } from '../../../src/i18n/kk';
import type { ScoreboardSnapshot } from '../../../src/scoreboard/types';
import { DATE_TICK_MS, useNow } from '../common/use-now';
import { GroupViewToggle, useMyGamesGroups } from '../follow/GroupViewToggle';
import { useMyGamesSelection, useSportCount } from '../follow/use-follow';
import { useReportFollowedRows } from '../follow/use-report-rows';
import { sportName } from '../../../src/domain/shown-text';
import { longDate } from '../format/time';
import { LeftMenu } from '../shell/LeftMenu';
import { documentAnsweredNotFound } from '../pages/document-status';
import { NotFoundContent } from '../pages/NotFoundPage';
import { useFeedStatus, useListSession } from '../store/feed-gateway';
import { ScoreboardContext, useScoreboardSelector } from '../store/hooks';
import { EMPTY_SNAPSHOT, type ScoreboardView } from '../store/scoreboard-view';
import { CategoryTabs } from './CategoryTabs';
import { clampDay, DateSelector } from './DateSelector';
import { EventList } from './EventList';
import { countryNameOf, countrySlugOf } from './country';
import { LeagueJumpContext } from './league-jump';
import { LiveAnnouncer } from './LiveAnnouncer';
import { leagueJumpMachine } from '../../../machines/league-jump';
import { leagueFromSearch } from './league-param';
import type { ListFilter } from './list-items';
import { usePinDefaults, usePinnedLeagues } from './pinned';
import { fragmentIsOurs, parseReloadMarker, reloadMarker } from './reload-marker';
import { isLiveNow, loadsOdds, oddsSubFromParam, tabFromCategory } from './tabs';
import { useCollapsedLeagues } from './use-collapsed';

export interface SportPageProps {
  readonly sport: Sport;
  readonly countrySlug: string | null;
  readonly overscan?: number;
}

/** Live events of the day shown: the sport's, or on a country page that country's. */
function countLive(s: ScoreboardSnapshot, country: string | null): number {
  let n = 0;
  for (const event of s.events.values()) {
    const league = event.leagueId ? s.leagues.get(event.leagueId) : undefined;
    if (country !== null && (!league || countrySlugOf(league) !== country)) continue;
    if (isLiveNow(event, league)) n++;
  }
  return n;
}

/** The live count changes only with the list's shape (stage or live mark), not with scores. */
function liveCounter(country: string | null): (s: ScoreboardSnapshot) => number {
  let countedAt: number | undefined;
  let countedFrom: ScoreboardSnapshot['events'] | null = null;
  let count = 0;
  return (s) => {
    if (s.listVersion === undefined || s.listVersion !== countedAt || s.events !== countedFrom) {
      count = countLive(s, country);
      countedAt = s.listVersion;
      countedFrom = s.events;
    }
    return count;
  };
}

const sameNumber = (a: number, b: number) => a === b;

/**
 * S2-15: a country slug no league of the sport names (`/kz/tennis/rankings/`) is the not-found page, never the
 * slug as a country: the server tells it with the document's 404 (server/page-status.ts); the page's own links
 * only lead to countries its lists have.
 */
export function SportPage(props: SportPageProps) {
  const { pathname } = useLocation();
  const unknownCountry = props.countrySlug !== null && documentAnsweredNotFound(pathname);
  return unknownCountry ? <NotFoundContent /> : <SportListPage {...props} />;
}

function SportListPage({ sport, countrySlug, overscan }: SportPageProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const nowMs = useNow(DATE_TICK_MS); // the day's heading and the calendar follow midnight
  const marker = useMemo(() => parseReloadMarker(location.hash), [location.hash]);
  const catParam = params.get('cat');
  const tab = catParam !== null ? tabFromCategory(catParam) : (marker?.tab ?? 'all');
  const oddsSub = oddsSubFromParam(params.get('sub'));
  const [chosenDay, setDay] = useState(() => clampDay(marker?.day ?? 0));
  const myGamesTab = tab === 'myGames';
  const day = myGamesTab ? 0 : chosenDay; // S4-9: My Games is today's
  const session = useListSession({ sportId: sport.id, day });
  const selection = useMyGamesSelection(sport.id);
  const groups = useMyGamesGroups();
  const status = useFeedStatus(session);
  const withOdds = loadsOdds(tab, oddsSub);

  // S2-28: the odds sub-categories load odds; the engine learns every tab change.
  useEffect(() => {
    session?.selectTab(withOdds ? 'odds' : tab);
  }, [session, tab, withOdds]);

  // S4-9: what the My Games tab loads follows the stars; the rows the list holds confirm them (S4-27).
  useEffect(() => {
    session?.followed?.(selection);
  }, [session, selection]);
  useReportFollowedRows(session?.view ?? null, sport.id);

  // S2-30: keep the reload marker in the fragment, so a reload returns to this day and tab.
  useEffect(() => {
    const wanted = day === 0 && tab === 'all' ? '' : reloadMarker(day, tab);
    const current = location.hash || '';
    if (current !== wanted && fragmentIsOurs(current)) {
      navigate({ pathname: location.pathname, search: location.search, hash: wanted }, { replace: true });
    }
  }, [day, tab, location.pathname, location.search, location.hash, navigate]);

  const [collapsed, toggleLeague] = useCollapsedLeagues();
  const pinned = usePinnedLeagues(sport.id); // My Leagues lead the list
  const filter: ListFilter = useMemo(
    () => ({ tab, oddsSub, country: countrySlug, byTime: myGamesTab && !groups, collapsed, pinned }),
    [tab, oddsSub, countrySlug, myGamesTab, groups, collapsed, pinned],
  );
  const changeDay = useCallback((d: number) => setDay(clampDay(d)), []);

  // S2-31: the left menu's league links ask the list to bring a league into view.
  const leagueJump = useActorRef(leagueJumpMachine);
  const leagueParam = countrySlug ? leagueFromSearch(params) : null;
  const jumpCountry = useRef(countrySlug);
  useEffect(() => {
    // Another country's list never has the league asked for on the one before.
    if (jumpCountry.current === countrySlug) return;
    jumpCountry.current = countrySlug;
    leagueJump.send({ type: 'league.cancel' });
  }, [leagueJump, countrySlug]);
  useEffect(() => {
    // An address league= (a reload, a shared link) applies once; a menu click has already asked.
    if (leagueParam && leagueJump.getSnapshot().context.leagueId !== leagueParam) {
      leagueJump.send({ type: 'league.show', leagueId: leagueParam });
    }
  }, [leagueJump, leagueParam]);

  const title = sportName(sport.id);

  return (
    <ScoreboardContext value={session?.view ?? EMPTY_VIEW}>
      <PinDefaults sportId={sport.id} />
      <LiveAnnouncer />
      <LeagueJumpContext value={leagueJump}>
        <div className="page">
          <LeftMenu sport={sport} countrySlug={countrySlug} />
          <main id="main" className="main" tabIndex={-1}>
            <div className="main__head">
              <h1 className="main__title">
                {title}
                {countrySlug ? <CountryTitle slug={countrySlug} /> : null}
              </h1>
              <p className="main__date">{longDate(day, nowMs)}</p>
            </div>
            <div className="toolbar">
              <CategoryTabs
                tab={tab}
                oddsSub={oddsSub}
                liveBadge={<LiveCount country={countrySlug} />}
                myGamesBadge={<MyGamesCount sportId={sport.id} />}
              />
              {myGamesTab ? <GroupViewToggle /> : <DateSelector day={day} nowMs={nowMs} onChange={changeDay} />}
            </div>
            {withOdds ? <OddsHeader sport={sport} /> : null}
            <div className="list" aria-busy={status === 'loading'}>
              {status === 'loading' ? (
                <p className="list-status">{kk.loading}</p>
              ) : status === 'failed' ? (
                <p className="list-status list-status--error">{kk.loadFailed}</p>
              ) : null}
              {status !== 'loading' ? (
                <EventList
                  sportId={sport.id}
                  filter={filter}
                  withOdds={withOdds}
                  onToggleLeague={toggleLeague}
                  overscan={overscan}
                  empty={myGamesTab ? kk.follow.noGamesToday : tab === 'all' ? kk.list.noEvents : kk.list.noEventsInTab}
                />
              ) : null}
            </div>
          </main>
        </div>
      </LeagueJumpContext>
    </ScoreboardContext>
  );
}

/** S3-61: the list's top leagues become the sport's default pins; read inside the list's scoreboard. */
function PinDefaults({ sportId }: { sportId: number }) {
  usePinDefaults(sportId);
  return null;
}

function MyGamesCount({ sportId }: { sportId: number }) {
  const count = useSportCount(sportId);
  return count > 0 ? <span className="tab__count tab__count--mine">{count}</span> : null;
}

function LiveCount({ country }: { country: string | null }) {
  const select = useMemo(() => liveCounter(country), [country]);
  const count = useScoreboardSelector(select, sameNumber);
  return count > 0 ? <span className="tab__count">{count}</span> : null;
}

function CountryTitle({ slug }: { slug: string }) {
  const name = useScoreboardSelector(
    useCallback(
      (s: ScoreboardSnapshot) => {
        for (const league of s.leagues.values()) {
          if (countrySlugOf(league) === slug) return countryNameOf(league) || slug;
        }
        return slug;
      },
      [slug],
    ),
    (a: string, b: string) => a === b,
  );
  return <span className="main__country">: {name}</span>;
}

function OddsHeader({ sport }: { sport: Sport }) {
  const outcomes = sport.oddsType === '1x2' ? ['1', 'X', '2'] : ['1', '2'];
  return (
    <div className="odds-head" aria-hidden="true">
      {outcomes.map((o) => (
        <span key={o}>{o}</span>
      ))}
    </div>
  );
}

const EMPTY_VIEW: ScoreboardView = { snapshot: () => EMPTY_SNAPSHOT, subscribe: () => () => {} };
