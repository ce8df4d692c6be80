// The match page /kz/match/<id>/ (S2-33…S2-35): a full page with a sticky header (teams, score,
// clock, status) and the detail tabs. It updates live and announces score changes politely. The header
// has the match's My Games star and a My Teams star beside each team's name.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { EDITION } from '../../../src/domain/edition';
import { STAGE_TYPE } from '../../../src/domain/stages';
import { kk } from '../../../src/i18n/kk';
import type { ScoreboardEvent } from '../../../src/scoreboard/types';
import { useNow } from '../common/use-now';
import { resultShows, sportName, statusText } from '../../../src/domain/shown-text';
import { fullDateTime } from '../format/time';
import { gameInputOf } from '../follow/game-input';
import { GameStar, TeamStar } from '../follow/Stars';
import { type FeedGateway, useFeedGateway } from '../store/feed-gateway';
import type { MatchCore } from './detail-mappers';
import { StatusLabel } from '../list/DuelRow';
import { TabPanel } from './panels';
import { isMatchHint } from './match-hint';
import { type MatchTab, useMatchFeeds } from './use-match-feeds';

// S2-34: detail participants are ignored for cricket, golf and moto racing.
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

/** The event as the sport's day list holds it, kept live by that list's updates. */
function useListEvent(gateway: FeedGateway, sportId: number | null, eventId: string): ScoreboardEvent | null {
  const [event, setEvent] = useState<ScoreboardEvent | null>(null);
  useEffect(() => {
    if (sportId === null) return;
    const session = gateway.openList({ sportId, day: 0 });
    const read = () => {
      const next = session.view.snapshot().events.get(eventId) ?? null;
      setEvent((current) => (current?.version === next?.version && current?.id === next?.id ? current : next));
    };
    const unsubscribe = session.view.subscribe(read);
    read();
    return () => {
      unsubscribe();
      session.close();
    };
  }, [gateway, sportId, eventId]);
  return event;
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
  const ownListEvent = useListEvent(gateway, sportId, eventId);
  const listEvent = ownListEvent ?? gateway.findEvent?.(eventId)?.event ?? null;
  const showParticipants = sportId === null || !NO_PARTICIPANT_SPORTS.has(sportId);
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

  return (
    <main id="main" className="main main--match" tabIndex={-1}>
      <MatchHeader
        eventId={eventId}
        sportId={sportId}
        core={feeds.core}
        listEvent={listEvent}
        home={home}
        away={away}
        league={hint?.league}
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
  readonly league?: string;
  readonly showParticipants: boolean;
}

function MatchHeader({ eventId, sportId, core, listEvent, home, away, league, showParticipants }: MatchHeaderProps) {
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
  const homeScore = showScore ? String(merged.homeScore ?? 0) : '-';
  const awayScore = showScore ? String(merged.awayScore ?? 0) : '-';
  const announcement = useScoreAnnouncement(home, away, showScore ? homeScore : null, showScore ? awayScore : null);
  return (
    <header className="match-header" data-testid="match-header">
      <p className="match-header__meta">
        {sportId !== null ? <span>{sportName(sportId)}</span> : null}
        {league ? <span> · {league}</span> : null}
        {merged.startTime ? <span> · {fullDateTime(merged.startTime)}</span> : null}
        {sportId !== null ? <GameStar sportId={sportId} eventId={eventId} game={game} className="star--match" /> : null}
      </p>
      <div className="match-header__main">
        <h1 className="match-header__team match-header__team--home">
          {showParticipants ? home : (league ?? sportName(sportId ?? 0))}
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
          <div className={live ? 'match-header__status match-header__status--live' : 'match-header__status'}>
            {status ? <StatusLabel text={status.text} short={status.text} blink={status.blink} /> : null}
          </div>
        </div>
        <p className="match-header__team match-header__team--away">
          {showParticipants ? away : ''}
          {teams && awayId ? <TeamStar sportId={sportId} participantId={awayId} name={away} /> : null}
        </p>
      </div>
      {merged.infoNotice ? <p className="match-header__notice">{merged.infoNotice}</p> : null}
      <div className="sr-only" aria-live="polite" aria-atomic="true" data-testid="score-announcer">
        {announcement}
      </div>
    </header>
  );
}

/** The core feed's values over the list event's: the core is the match page's own, fresher feed. */
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
