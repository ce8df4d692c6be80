import { describe, expect, it } from 'vitest';
import { isTeamFollowed, teamCount } from '../../machines/my-games';
import { MY_GAMES_LOCAL_EXPIRY_S, MY_TEAMS_MAX_COUNT } from '../../src/domain/limits';
import { followedTeamMatches, MY_TEAMS_UNSUPPORTED } from '../../src/domain/my-teams-rules';
import { LOCAL_KEYS } from '../../src/follow/local-codec';
import { readLocalRaw } from '../../src/follow/local-storage';
import { advance, createWorld, flush, football, openTab } from './support/my-games-harness';

const team = (n: number, sportId = 1) => ({
  type: 'team.follow' as const,
  sportId,
  participantId: `TEAM${String(n).padStart(4, '0')}`,
  name: `Team ${n}`,
});

describe('My Teams', () => {
  it('S9-2: at most 200 teams are followed; the 201st is refused with an alert', async () => {
    const world = createWorld();
    const tab = openTab(world);
    await flush();
    for (let n = 0; n < MY_TEAMS_MAX_COUNT; n++) tab.send(team(n));
    expect(teamCount(tab.context())).toBe(200);
    tab.send(team(200));
    expect(teamCount(tab.context())).toBe(200);
    expect(isTeamFollowed(tab.context(), 1, 'TEAM0200')).toBe(false);
    expect(tab.context().alert).toMatchObject({ kind: 'myTeamsLimit' });
    expect(tab.context().refused).toEqual([{ key: '1_TEAM0200', reason: 'limit' }]);
    // Following one again is a success without change; unfollowing makes room.
    tab.send(team(5));
    expect(tab.context().refused).toEqual([]);
    tab.send({ type: 'team.unfollow', sportId: 1, participantId: 'TEAM0005' });
    tab.send(team(200));
    expect(isTeamFollowed(tab.context(), 1, 'TEAM0200')).toBe(true);
  });

  it('S9-2: the 172800 s local expiry drops My Games but keeps the followed teams', async () => {
    const world = createWorld();
    const tab = openTab(world, { tabId: '1' });
    await flush();
    tab.send(team(1));
    tab.send({ type: 'game.add', ...football('AAAAAAAA', 7) });
    tab.actor.stop();
    world.clock.set(MY_GAMES_LOCAL_EXPIRY_S * 1000 + 2); // the last write was at START_MS + 1
    const later = openTab(world, { tabId: '2', local: readLocalRaw(world.storage) });
    expect(later.games()).toEqual({});
    expect(Object.keys(later.teams())).toEqual(['1_TEAM0001']);
    expect(JSON.parse(world.storage.getItem(LOCAL_KEYS.games) ?? 'null')).toEqual({});
    expect(Object.keys(JSON.parse(world.storage.getItem(LOCAL_KEYS.teams) ?? '{}'))).toEqual(['1_TEAM0001']);
  });

  it('S5-4: following or unfollowing several teams at once, and a league toggle in My Teams, answer a clear error', async () => {
    const world = createWorld();
    const tab = openTab(world);
    await flush();
    tab.send(team(1));
    const before = tab.context().follow;
    tab.send({ type: 'teams.follow', teams: [team(2), team(3)] });
    expect(tab.context().alert).toMatchObject({ kind: 'unsupported', message: MY_TEAMS_UNSUPPORTED.followMany });
    tab.send({ type: 'teams.unfollow', teams: ['1_TEAM0001'] });
    expect(tab.context().alert).toMatchObject({ kind: 'unsupported', message: MY_TEAMS_UNSUPPORTED.unfollowMany });
    tab.send({ type: 'team.leagueToggle', leagueId: '1_LEAGUEAA' });
    expect(tab.context().alert).toMatchObject({ kind: 'unsupported', message: MY_TEAMS_UNSUPPORTED.leagueToggle });
    expect(tab.actor.getSnapshot().status).toBe('active');
    expect(tab.context().follow).toBe(before);
    expect(tab.emitted.filter((e) => e.type === 'myGames.alert')).toHaveLength(3);
  });

  it('S6-1 S4-31: a guest keeps teams in local storage and another tab sees them', async () => {
    const world = createWorld();
    const a = openTab(world, { tabId: '1' });
    const b = openTab(world, { tabId: '2' });
    await flush();
    a.send(team(1));
    expect(JSON.parse(world.storage.getItem(LOCAL_KEYS.teams) ?? '{}')).toEqual({
      '1_TEAM0001': { sport_id: 1, participant_id: 'TEAM0001', name: 'Team 1' },
    });
    await advance(world, 500);
    expect(isTeamFollowed(b.context(), 1, 'TEAM0001')).toBe(true);
  });

  it('S6-2 S7-32: logged in, teams sync as myTeams.<sport>_<participant> in the account data; the guest teams join at login', async () => {
    const world = createWorld({
      server: { myTeams: { '2_TEAM0009': { sport_id: 2, participant_id: 'TEAM0009', name: 'Team 9' } } },
    });
    const tab = openTab(world);
    await flush();
    tab.send(team(1));
    tab.send({ type: 'session.loggedIn', data: world.server.data });
    await flush();
    expect(Object.keys(tab.teams()).sort()).toEqual(['1_TEAM0001', '2_TEAM0009']);
    expect(world.server.diffs).toEqual([
      { merge: { 'myTeams.1_TEAM0001': { sport_id: 1, participant_id: 'TEAM0001', name: 'Team 1' } }, unmerge: [] },
    ]);
    tab.send({ type: 'team.unfollow', sportId: 2, participantId: 'TEAM0009' });
    await flush();
    expect(world.server.diffs.at(-1)).toEqual({ merge: {}, unmerge: ['myTeams.2_TEAM0009'] });
    expect(Object.keys(world.server.data.myTeams as object)).toEqual(['1_TEAM0001']);
    tab.send({ type: 'session.loggedOut' });
    expect(tab.teams()).toEqual({});
  });

  it('S9-2: at login, guest teams beyond the maximum stay out, with one alert', async () => {
    const world = createWorld({
      server: { myTeams: { '2_TEAM0009': { sport_id: 2, participant_id: 'TEAM0009', name: 'Team 9' } } },
    });
    const tab = openTab(world, { maxTeams: 2 });
    await flush();
    tab.send(team(2));
    tab.send(team(1));
    tab.send({ type: 'session.loggedIn', data: world.server.data });
    expect(Object.keys(tab.teams()).sort()).toEqual(['1_TEAM0001', '2_TEAM0009']);
    expect(tab.context().alert).toMatchObject({ kind: 'myTeamsLimit' });
    expect(tab.context().refused).toEqual([{ key: '1_TEAM0002', reason: 'limit' }]);
  });

  it("My Teams section: the day's rows a followed team plays in, matched by sport and participant id", async () => {
    const world = createWorld();
    const tab = openTab(world);
    await flush();
    tab.send(team(1));
    tab.send(team(2, 3));
    const rows = [
      { id: 'EV000001', sportId: 1, homeParticipantId: 'TEAM0001', awayParticipantId: 'OTHER001' },
      { id: 'EV000002', sportId: 1, homeParticipantId: 'OTHER002', awayParticipantId: 'OTHER003' },
      { id: 'EV000003', sportId: 1, homeParticipantId: 'OTHER004', awayParticipantId: 'TEAM0002' },
      { id: 'EV000004', sportId: 3, homeParticipantId: 'OTHER004', awayParticipantId: 'TEAM0002' },
      { id: 'EV000005', sportId: null, homeParticipantId: 'TEAM0001' },
    ];
    expect(followedTeamMatches(rows, tab.teams())).toEqual(['EV000001', 'EV000004']);
  });
});
