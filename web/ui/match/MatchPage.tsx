// The match page /kz/match/<id>/ (S2-33…S2-35): a full page with a sticky header (league, round, venue and
// referee where the feeds carry them; teams, the sport's own score, clock, status, part scores) and the
// detail tabs. It updates live and announces score changes politely. The header has the match's My Games
// star and a My Teams star beside each team's name. A race participant's page is the no-duel detail: the
// race's heading and its standings (S2-34).
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { EDITION } from '../../../src/domain/edition';
import { STAGE_TYPE } from '../../../src/domain/stages';
import { kk } from '../../../src/i18n/kk';
import type { ScoreboardEvent, ScoreboardLeague } from '../../../src/scoreboard/types';
import { golfRankTexts } from '../../../src/domain/display';
import { detailTitle, duelScoreText, partCells, resultNote } from '../../../src/domain/score-parts';
import { sportById } from '../../../src/domain/sports';
import { countrySlugOf } from '../list/country';
import { columnText, raceColumns, rankText } from '../list/race-columns';
import { RaceHead } from '../list/RaceRow';
import { useNow } from '../common/use-now';
import { resultShows, sportName, statusText } from '../../../src/domain/shown-text';
import { fullDateTime, PAGE_TIME_ZONE } from '../format/time';
import { dayOffset } from '../../../src/domain/datetime';
import { gameInputOf } from '../follow/game-input';
import { GameStar, TeamStar } from '../follow/Stars';
import { type FeedGateway, useFeedGateway } from '../store/feed-gateway';
import { type MatchCore, parseSummary } from './detail-mappers';
import { StatusLabel } from '../list/DuelRow';
import { TabPanel } from './panels';
import { isMatchHint } from './match-hint';
import { type MatchTab, useMatchFeeds } from './use-match-feeds';

// S2-34: detail participants (their stars, line-ups) are ignored for cricket, golf and moto racing; the
// teams' names still head the page.
const NO_PARTICIPANT_SPORTS = new Set([13, 23, 33]);

const TABS: readonly { tab: MatchTab; label: string; code: string | null }[] = [
  { tab: 'summary', label: kk.match.summary, code: null },
  { tab: 'stats', label: kk.match.stats, code: 'ST' },
  { tab: 'lineups', label: kk.match.lineups, code: 'LI' },
  { tab: 'h2h', label: kk.match.h2h, code: 'HH' },
  { tab: 'odds', label: kk.match.odds, code: 'OD' },
];

function tabFromParam(value: string | null): MatchTab {
  return TABS.find((t) => t.tab === value)?.tab ?? 'summary';
}

interface ListEntry {
  readonly event: ScoreboardEvent | null;
  readonly league: ScoreboardLeague | null;
  /** A race's participants in the list's order (no-duel sports only). */
  readonly field: readonly ScoreboardEvent[];
  readonly key: string;
}

const NO_ENTRY: ListEntry = { event: null, league: null, field: [], key: '' };

/** The event, its league and (for a race) the race's field as the sport's day list holds them, kept live. */
function useListEntry(
  gateway: FeedGateway,
  sportId: number | null,
  eventId: string,
  race: boolean,
  day: number,
): ListEntry {
  const [entry, setEntry] = useState<ListEntry>(NO_ENTRY);
  useEffect(() => {
    if (sportId === null) return;
    const session = gateway.openList({ sportId, day });
    const read = () => {
      const snapshot = session.view.snapshot();
      const event = snapshot.events.get(eventId) ?? null;
      const league = event?.leagueId ? (snapshot.leagues.get(event.leagueId) ?? null) : null;
      const field = race && league ? league.eventIds.flatMap((id) => snapshot.events.get(id) ?? []) : [];
      // Redraw only when something shown moved: the event, its league, or a participant of its race.
      const key = [event?.version, league?.version, ...field.map((e) => e.version)].join(',');
      setEntry((current) =>
        current.key === key && current.event?.id === event?.id ? current : { event, league, field, key },
      );
    };
    const unsubscribe = session.view.subscribe(read);
    read();
    return () => {
      unsubscribe();
      session.close();
    };
  }, [gateway, sportId, eventId, race, day]);
  return entry;
}

export function MatchPage({ eventId }: { eventId: string }) {
  const gateway = useFeedGateway();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const hint = isMatchHint(location.state) ? location.state : null;
  const tab = tabFromParam(params.get('tab'));
  const feeds = useMatchFeeds(gateway, eventId, tab);
  // The core feed names the sport (SA); a row's hint or an open list only answer sooner.
  const sportId = feeds.core?.sportId ?? hint?.sportId ?? gateway.findEvent?.(eventId)?.sportId ?? null;
  const race = sportId !== null && (sportById(sportId)?.noDuel ?? false);
  // The day list of the match's own day (yesterday's match is in yesterday's list).
  const start = feeds.core?.startTime;
  const day = start ? Math.max(-7, Math.min(7, dayOffset(start, gateway.now(), PAGE_TIME_ZONE))) : 0;
  const entry = useListEntry(gateway, sportId, eventId, race, day);
  const listEvent = entry.event ?? gateway.findEvent?.(eventId)?.event ?? null;
  const showParticipants = sportId === null || !NO_PARTICIPANT_SPORTS.has(sportId);
  const info = tab === 'summary' && feeds.tabBody ? parseSummary(feeds.tabBody).info : [];
  const available = feeds.core?.tabs;
  const tabs = TABS.filter(
    (t) => t.code === null || !available || available.includes(t.code) || (t.tab === 'h2h' && available.length === 0),
  ).filter((t) => showParticipants || t.tab !== 'lineups');
  const home = hint?.home ?? listEvent?.home ?? feeds.core?.home ?? kk.match.home;
  const away = hint?.away ?? listEvent?.away ?? feeds.core?.away ?? kk.match.away;

  if (feeds.coreFailed && !feeds.core) {
    return (
      <main id="main" className="main main--match" tabIndex={-1}>
        <h1>{kk.match.notFound}</h1>
        <Link to={`${EDITION.routePrefix}/football/`}>{kk.match.back}</Link>
      </main>
    );
  }

  if (race && sportId !== null) {
    return (
      <main id="main" className="main main--match" tabIndex={-1}>
        <RaceDetail eventId={eventId} sportId={sportId} league={entry.league} field={entry.field} />
      </main>
    );
  }

  return (
    <main id="main" className="main main--match" tabIndex={-1}>
      <MatchHeader
        eventId={eventId}
        sportId={sportId}
        core={feeds.core}
        listEvent={listEvent}
        home={home}
        away={away}
        league={entry.league}
        leagueName={hint?.league}
        info={info}
        showParticipants={showParticipants}
      />
      <nav className="tabs tabs--match" aria-label={kk.match.tabsLabel}>
        {tabs.map((t) => (
          <button
            key={t.tab}
            type="button"
            className={t.tab === tab ? 'tab tab--active' : 'tab'}
            aria-current={t.tab === tab ? 'page' : undefined}
            data-match-tab={t.tab}
            onClick={() =>
              setParams(
                (p) => {
                  const next = new URLSearchParams(p);
                  if (t.tab === 'summary') next.delete('tab');
                  else next.set('tab', t.tab);
                  return next;
                },
                { replace: true, state: location.state },
              )
            }
          >
            {t.label}
          </button>
        ))}
      </nav>
      <section
        className="match-panel"
        id={tab === 'odds' ? 'odds-prematch' : `match-${tab}`}
        aria-busy={feeds.tabBody === null}
        data-testid="match-panel"
      >
        {feeds.tabBody === null ? (
          <p className="list-status">{kk.loading}</p>
        ) : (
          <TabPanel tab={tab} body={feeds.tabBody} showParticipants={showParticipants} />
        )}
      </section>
    </main>
  );
}

interface MatchHeaderProps {
  readonly eventId: string;
  readonly sportId: number | null;
  readonly core: MatchCore | null;
  readonly listEvent: ScoreboardEvent | null;
  readonly home: string;
  readonly away: string;
  readonly league: ScoreboardLeague | null;
  /** The league's name the opening row knew, while the day list loads. */
  readonly leagueName?: string;
  /** Match info of the summary (MIT/MIV): venue and referee where the feed carries them. */
  readonly info: readonly { readonly code: string; readonly value: string }[];
  readonly showParticipants: boolean;
}

function MatchHeader(props: MatchHeaderProps) {
  const { eventId, sportId, core, listEvent, home, away, league, showParticipants } = props;
  const merged = mergeEvent(core, listEvent);
  // The star reads the game at the click; the league comes from the sport's day list.
  const latest = useRef(merged);
  latest.current = merged;
  const game = useCallback(
    () => (sportId === null ? null : gameInputOf({ ...latest.current, id: eventId }, sportId)),
    [sportId, eventId],
  );
  const homeId = listEvent?.homeParticipantId ?? core?.homeParticipantId;
  const awayId = listEvent?.awayParticipantId ?? core?.awayParticipantId;
  const teams = showParticipants && sportId !== null;
  const live = merged.stageType === STAGE_TYPE.LIVE;
  const now = useNow(5_000, live);
  const status =
    sportId !== null && merged.stageType !== STAGE_TYPE.SCHEDULED ? statusText(merged, sportId, now) : null;
  const showScore = resultShows(merged);
  const score = duelScoreText(merged, sportId ?? 0, showScore);
  const homeScore = score.home;
  const awayScore = score.away;
  const parts = sportId !== null ? partCells(merged, sportId) : [];
  const note = sportId !== null ? resultNote(merged, sportId) : '';
  const announcement = useScoreAnnouncement(home, away, showScore ? homeScore : null, showScore ? awayScore : null);
  const leagueName = league ? leagueTitle(league) : (props.leagueName ?? '');
  const venue = props.info.find((i) => i.code === 'VEN')?.value;
  const referee = props.info.find((i) => i.code === 'REF')?.value;
  return (
    <header className="match-header" data-testid="match-header">
      <p className="match-header__meta">
        {sportId !== null ? (
          <Link to={`${EDITION.routePrefix}/${sportById(sportId)?.slug ?? ''}/`}>{sportName(sportId)}</Link>
        ) : null}
        {leagueName ? (
          <span data-testid="match-league">
            {' · '}
            {league && sportId !== null ? <Link to={leagueHref(league, sportId)}>{leagueName}</Link> : leagueName}
          </span>
        ) : null}
        {merged.round ? <span data-testid="match-round"> · {merged.round}</span> : null}
        {merged.startTime ? <span> · {fullDateTime(merged.startTime)}</span> : null}
        {sportId !== null ? <GameStar sportId={sportId} eventId={eventId} game={game} className="star--match" /> : null}
      </p>
      {venue || referee ? (
        <p className="match-header__meta match-header__meta--info" data-testid="match-info-line">
          {venue ? (
            <span>
              {kk.match.venue}: {venue}
            </span>
          ) : null}
          {venue && referee ? ' · ' : null}
          {referee ? (
            <span>
              {kk.match.referee}: {referee}
            </span>
          ) : null}
        </p>
      ) : null}
      <div className="match-header__main">
        <h1 className="match-header__team match-header__team--home">
          {home}
          {teams && homeId ? <TeamStar sportId={sportId} participantId={homeId} name={home} /> : null}
        </h1>
        <div className="match-header__center">
          <div
            className={live ? 'match-header__score match-header__score--live' : 'match-header__score'}
            data-testid="match-score"
          >
            {showScore ? (
              <>
                <span>{homeScore}</span>
                <span aria-hidden="true">-</span>
                <span>{awayScore}</span>
              </>
            ) : (
              <span aria-hidden="true">–</span>
            )}
          </div>
          {score.homeDetail || score.awayDetail ? (
            <div className="match-header__detail" data-testid="match-detail" title={detailTitle(sportId ?? 0)}>
              {score.homeDetail || '–'} : {score.awayDetail || '–'}
            </div>
          ) : null}
          <div className={live ? 'match-header__status match-header__status--live' : 'match-header__status'}>
            {status ? <StatusLabel text={status.text} short={status.text} blink={status.blink} /> : null}
          </div>
        </div>
        <p className="match-header__team match-header__team--away">
          {away}
          {teams && awayId ? <TeamStar sportId={sportId} participantId={awayId} name={away} /> : null}
        </p>
      </div>
      {/* Below the teams, full width: a long row of quarters or innings never squeezes the names. */}
      {parts.length > 0 ? (
        <ol className="match-header__parts" data-testid="match-parts">
          {parts.map((part) => (
            <li key={part.n}>
              {part.home}
              {part.homeTiebreak ? <sup>{part.homeTiebreak}</sup> : null}-{part.away}
              {part.awayTiebreak ? <sup>{part.awayTiebreak}</sup> : null}
            </li>
          ))}
        </ol>
      ) : null}
      {note || merged.infoNotice ? (
        <p className="match-header__notice" data-testid="match-notice">
          {note || merged.infoNotice}
        </p>
      ) : null}
      <div className="sr-only" aria-live="polite" aria-atomic="true" data-testid="score-announcer">
        {announcement}
      </div>
    </header>
  );
}

/** The core feed's values over the list event's: the core is the match page's own, fresher feed. */
/** The league's own name, with its country or tennis category: «АНГЛИЯ: Премьер-лига». */
function leagueTitle(league: ScoreboardLeague): string {
  return league.name ?? '';
}

/** The league's country page, scrolled to the league (S2-15, S2-31). */
function leagueHref(league: ScoreboardLeague, sportId: number): string {
  const sport = sportById(sportId)?.slug ?? '';
  return `${EDITION.routePrefix}/${sport}/${countrySlugOf(league)}/?league=${encodeURIComponent(league.id)}`;
}

/** A race participant's page (the no-duel detail): the race's heading, its status and its standings. */
function RaceDetail(props: {
  eventId: string;
  sportId: number;
  league: ScoreboardLeague | null;
  field: readonly ScoreboardEvent[];
}) {
  const { eventId, sportId, league, field } = props;
  const self = field.find((e) => e.id === eventId);
  const stages = (league?.raceStages ?? '').split(',');
  const stageTypes = (league?.raceStageTypes ?? '').split(',');
  const starts = (league?.raceStartTimes ?? '').split(',');
  const stageType = Number(stageTypes[0]) || undefined;
  const live = stageType === STAGE_TYPE.LIVE;
  const now = useNow(5_000, live);
  const raceEvent: ScoreboardEvent = {
    id: eventId,
    sportId,
    leagueId: league?.id ?? null,
    version: 0,
    liveMarked: false,
    highlight: null,
    stageType,
    stage: Number(stages[0]) || undefined,
    startTime: Number(starts[0]) || undefined,
  };
  const status = stageType && stageType !== STAGE_TYPE.SCHEDULED ? statusText(raceEvent, sportId, now) : null;
  const columns = raceColumns(sportId);
  const ranks = golfRankTexts(field.map((e) => e.rank));
  return (
    <>
      <header className="match-header" data-testid="match-header">
        <p className="match-header__meta">
          <Link to={`${EDITION.routePrefix}/${sportById(sportId)?.slug ?? ''}/`}>{sportName(sportId)}</Link>
          {raceEvent.startTime ? <span> · {fullDateTime(raceEvent.startTime)}</span> : null}
        </p>
        <h1 className="match-header__race" data-testid="match-league">
          {league ? <Link to={leagueHref(league, sportId)}>{leagueTitle(league)}</Link> : kk.loading}
        </h1>
        <div className={live ? 'match-header__status match-header__status--live' : 'match-header__status'}>
          {status ? <StatusLabel text={status.text} short={status.text} blink={status.blink} /> : null}
        </div>
        {self ? (
          <p className="match-header__notice" data-testid="race-self">
            {self.home ?? ''}
            {self.rank ? ` · ${rankText(sportId, self.rank, false)}` : ''}
          </p>
        ) : null}
      </header>
      <section className="match-panel race-standings" data-testid="race-standings">
        <RaceHead sportId={sportId} />
        {field.map((e, i) => (
          <div
            key={e.id}
            className={e.id === eventId ? 'row row--race row--self' : 'row row--race'}
            style={{ '--cols': columns.length } as React.CSSProperties}
          >
            <span className="race__rank">{sportId === 23 ? ranks[i] : rankText(sportId, e.rank, false)}</span>
            <span className="race__name">{e.home ?? ''}</span>
            {columns.map((column) => (
              <span key={column} className={`race__col race__col--${column}`} data-col={column}>
                {columnText(column, e, live)}
              </span>
            ))}
          </div>
        ))}
      </section>
    </>
  );
}

function mergeEvent(core: MatchCore | null, listEvent: ScoreboardEvent | null): ScoreboardEvent {
  const base: ScoreboardEvent = listEvent ?? {
    id: '',
    sportId: null,
    leagueId: null,
    version: 0,
    liveMarked: false,
    highlight: null,
  };
  if (!core) return base;
  return {
    ...base,
    stageType: core.stageType ?? base.stageType,
    stage: core.stage ?? base.stage,
    periodStartTime: core.periodStartTime ?? base.periodStartTime,
    startTime: core.startTime ?? base.startTime,
    homeScore: core.homeScore ?? base.homeScore,
    awayScore: core.awayScore ?? base.awayScore,
    gameTime: core.gameTime !== undefined && core.gameTime >= 0 ? core.gameTime : base.gameTime,
    infoNotice: core.infoNotice ?? base.infoNotice,
  };
}

/** S1-6 / DESIGN.md: screen readers hear score changes of the open match, in Kazakh. */
function useScoreAnnouncement(home: string, away: string, homeScore: string | null, awayScore: string | null): string {
  const last = useRef<string | null>(null);
  const [text, setText] = useState('');
  useEffect(() => {
    if (homeScore === null || awayScore === null) return;
    const key = `${homeScore}:${awayScore}`;
    if (last.current !== null && last.current !== key) setText(kk.match.scoreChanged(home, homeScore, awayScore, away));
    last.current = key;
  }, [home, away, homeScore, awayScore]);
  return text;
}
