// The My Games page (page kind myfs_page, S2-12): the followed matches of every sport (S4-9: today's lists in
// their mygames scope), the followed teams with their matches of the day (My Teams), and the pinned leagues
// (My Leagues). Each sport's section is a list session of its own.
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo } from 'react';
import { Link } from 'react-router';
import { pinnedLeagues } from '../../../machines/pin-toggle';
import { followedTeamMatches, type MyTeams } from '../../../src/domain/my-teams-rules';
import { sportName } from '../../../src/domain/shown-text';
import { sportById } from '../../../src/domain/sports';
import type { MyGamesSelection } from '../../../src/follow/selection';
import { kk } from '../../../src/i18n/kk';
import { sportPagePath } from '../../../src/routes/site-routes';
import type { ScoreboardSnapshot } from '../../../src/scoreboard/types';
import { useSiteChild } from '../common/actors';
import { useListSession } from '../store/feed-gateway';
import { ScoreboardContext } from '../store/hooks';
import { FollowedRows } from './FollowedRows';
import { GroupViewToggle, useMyGamesGroups } from './GroupViewToggle';
import { TeamStar } from './Stars';
import { useMyGames, useMyGamesSelection } from './use-follow';
import { useReportFollowedRows } from './use-report-rows';

const byNumber = (a: number, b: number) => a - b;

export function MyGamesPage() {
  const myGames = useMyGames();
  const selection = useMyGamesSelection(null);
  const gameSports = useSelector(myGames, (s) =>
    [...new Set(Object.values(s.context.follow.games).map((entry) => entry.sport_id))].sort(byNumber).join(','),
  );
  const sports = gameSports ? gameSports.split(',').map(Number) : [];
  return (
    <main id="main" className="main main--my-games" tabIndex={-1}>
      <div className="main__head">
        <h1 className="main__title">{kk.follow.pageTitle}</h1>
      </div>
      <section className="my-games__section" aria-labelledby="my-games-games" data-testid="my-games-games">
        <div className="my-games__head">
          <h2 id="my-games-games">{kk.follow.myGames}</h2>
          <GroupViewToggle />
        </div>
        {sports.length === 0 ? <p className="list-empty">{kk.follow.noGames}</p> : null}
        {sports.map((sportId) => (
          <SportGames key={sportId} sportId={sportId} selection={selection} />
        ))}
      </section>
      <MyTeamsSection />
      <MyLeaguesSection />
    </main>
  );
}

/** One sport's followed matches: today's list of that sport in its My Games tab (S4-9). */
function SportGames({ sportId, selection }: { sportId: number; selection: MyGamesSelection }) {
  const session = useListSession({ sportId, day: 0 });
  const grouped = useMyGamesGroups();
  const mine = useMemo(
    () => ({ needs: selection.needs.filter((need) => need.sport === sportId), ids: selection.ids }),
    [selection, sportId],
  );
  useEffect(() => {
    session?.selectTab('myGames');
  }, [session]);
  useEffect(() => {
    session?.followed?.(mine);
  }, [session, mine]);
  useReportFollowedRows(session?.view ?? null, sportId);
  if (!session) return null;
  return (
    <ScoreboardContext value={session.view}>
      <h3 className="my-games__sport">{sportName(sportId)}</h3>
      <FollowedRows sportId={sportId} grouped={grouped} empty={kk.follow.noGamesToday} />
    </ScoreboardContext>
  );
}

function MyTeamsSection() {
  const myGames = useMyGames();
  const teams = useSelector(myGames, (s) => s.context.follow.teams);
  const list = Object.values(teams).sort((a, b) => a.sport_id - b.sport_id || a.name.localeCompare(b.name, 'kk'));
  const sports = [...new Set(list.map((team) => team.sport_id))];
  return (
    <section className="my-games__section" aria-labelledby="my-games-teams" data-testid="my-games-teams">
      <h2 id="my-games-teams">{kk.follow.myTeams}</h2>
      {list.length === 0 ? (
        <p className="list-empty">{kk.follow.noTeams}</p>
      ) : (
        <ul className="my-games__teams">
          {list.map((team) => (
            <li key={`${team.sport_id}_${team.participant_id}`} className="my-games__team">
              <TeamStar sportId={team.sport_id} participantId={team.participant_id} name={team.name} />
              <span>{team.name}</span>
              <span className="my-games__team-sport">{sportName(team.sport_id)}</span>
            </li>
          ))}
        </ul>
      )}
      {sports
        .filter((sportId) => !sportById(sportId)?.noDuel)
        .map((sportId) => (
          <TeamMatches key={sportId} sportId={sportId} teams={teams} />
        ))}
    </section>
  );
}

/** The day's matches of the followed teams of one sport (today's list, default scope). */
function TeamMatches({ sportId, teams }: { sportId: number; teams: MyTeams }) {
  const session = useListSession({ sportId, day: 0 });
  const only = useCallback(
    (snapshot: ScoreboardSnapshot) => new Set(followedTeamMatches(snapshot.events.values(), teams)),
    [teams],
  );
  if (!session) return null;
  return (
    <ScoreboardContext value={session.view}>
      <h3 className="my-games__sport">{sportName(sportId)}</h3>
      <FollowedRows sportId={sportId} grouped only={only} empty={kk.follow.noTeamMatches} />
    </ScoreboardContext>
  );
}

/** My Leagues: the leagues the visitor pinned, by sport (the pin machine's seeded lists, S3-61). */
function MyLeaguesSection() {
  const pins = useSiteChild('pinToggle');
  const bySport = useSelector(
    pins,
    (s) =>
      Object.keys(s.context.leagues)
        .map(Number)
        .sort(byNumber)
        .map((sportId) => ({ sportId, keys: [...pinnedLeagues(s.context, sportId)] }))
        .filter((entry) => entry.keys.length > 0),
    (a, b) => JSON.stringify(a) === JSON.stringify(b),
  );
  return (
    <section className="my-games__section" aria-labelledby="my-games-leagues" data-testid="my-games-leagues">
      <h2 id="my-games-leagues">{kk.follow.myLeagues}</h2>
      {bySport.length === 0 ? <p className="list-empty">{kk.follow.noLeagues}</p> : null}
      {bySport.map(({ sportId, keys }) => {
        const sport = sportById(sportId);
        return (
          <div key={sportId} className="my-games__leagues">
            <h3 className="my-games__sport">
              {sport ? <Link to={sportPagePath(sport.slug)}>{sportName(sportId)}</Link> : sportName(sportId)}
            </h3>
            <ul>
              {keys.map((key) => (
                <li key={key}>{key.slice(key.indexOf('_') + 1)}</li>
              ))}
            </ul>
          </div>
        );
      })}
    </section>
  );
}
