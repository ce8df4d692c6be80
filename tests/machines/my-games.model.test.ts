// Model test of the My Games lifecycle: two tabs over one local storage and one account, driven by any
// sequence of stars, unstars, groups, team follows, new days, logins, logouts and a reopened tab. Between
// actions the tabs get their sync (the 500 ms cross-tab check logged out, the account's fresh data logged in),
// as a visitor's pace allows. After each step: never over a limit, both tabs hold exactly the model, and the
// copy of the session (local storage or the account's data) holds it too.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countTowardsLimit, gameKey } from '../../src/domain/my-games-rules';
import { teamKey } from '../../src/domain/my-teams-rules';
import { followViolations } from '../../src/follow/invariants';
import { decodeLocal } from '../../src/follow/local-codec';
import { readLocalRaw } from '../../src/follow/local-storage';
import { fromServerData } from '../../src/follow/server-form';
import { EMPTY_FOLLOW, type FollowState, followOptions } from '../../src/follow/state';
import { advance, at, createWorld, DAY_S, flush, openTab, type Tab, TZ, type World } from './support/my-games-harness';

const MAX_GAMES = 4;
const MAX_TEAMS = 3;
const GROUPS = ['0', 'a', 'b'] as const;

type Op =
  | { kind: 'add'; tab: number; id: number; day: number }
  | { kind: 'remove'; tab: number; id: number }
  | { kind: 'group'; tab: number; id: number; group: string; member: boolean }
  | { kind: 'team'; tab: number; n: number; follow: boolean }
  | { kind: 'nextDay' }
  | { kind: 'login' }
  | { kind: 'logout' }
  | { kind: 'reopen' };

const tab = fc.integer({ min: 0, max: 1 });
const id = fc.integer({ min: 0, max: 6 });
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    arbitrary: fc.record({ kind: fc.constant('add' as const), tab, id, day: fc.integer({ min: -2, max: 8 }) }),
    weight: 5,
  },
  { arbitrary: fc.record({ kind: fc.constant('remove' as const), tab, id }), weight: 2 },
  {
    arbitrary: fc.record({
      kind: fc.constant('group' as const),
      tab,
      id,
      group: fc.constantFrom(...GROUPS),
      member: fc.boolean(),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('team' as const),
      tab,
      n: fc.integer({ min: 0, max: 4 }),
      follow: fc.boolean(),
    }),
    weight: 2,
  },
  { arbitrary: fc.constant({ kind: 'nextDay' as const }), weight: 1 },
  { arbitrary: fc.constant({ kind: 'login' as const }), weight: 2 },
  { arbitrary: fc.constant({ kind: 'logout' as const }), weight: 2 },
  { arbitrary: fc.constant({ kind: 'reopen' as const }), weight: 1 },
);

/** The model: per copy, game key → start day (days since the first) and groups; team keys. */
interface Copy {
  games: Map<string, { day: number; groups: string[] }>;
  teams: Set<string>;
}
interface Model {
  today: number;
  loggedIn: boolean;
  guest: Copy;
  account: Copy;
}
const emptyCopy = (): Copy => ({ games: new Map(), teams: new Set() });
const eventId = (n: number) => `GAME000${n}`;
const participant = (n: number) => `TEAM000${n}`;

function view(model: Model): Copy {
  return model.loggedIn ? model.account : model.guest;
}

function applyModel(model: Model, o: Op): void {
  const copy = view(model);
  switch (o.kind) {
    case 'add': {
      const key = gameKey(1, eventId(o.id));
      // S5-1: one past and seven future days; S5-2: a duplicate changes nothing, a full list refuses.
      if (copy.games.has(key) || o.day < -1 || o.day > 7 || copy.games.size >= MAX_GAMES) return;
      copy.games.set(key, { day: model.today + o.day, groups: ['0'] });
      return;
    }
    case 'remove':
      copy.games.delete(gameKey(1, eventId(o.id)));
      return;
    case 'group': {
      const key = gameKey(1, eventId(o.id));
      const entry = copy.games.get(key);
      if (!entry) return;
      if (o.member && !entry.groups.includes(o.group)) entry.groups.push(o.group);
      if (!o.member && entry.groups.includes(o.group)) {
        entry.groups = entry.groups.filter((g) => g !== o.group);
        if (entry.groups.length === 0) copy.games.delete(key);
      }
      return;
    }
    case 'team': {
      const key = teamKey(1, participant(o.n));
      if (!o.follow) copy.teams.delete(key);
      else if (!copy.teams.has(key) && copy.teams.size < MAX_TEAMS) copy.teams.add(key);
      return;
    }
    case 'nextDay':
      // S4-28: kept through the day after the match (one past day), then gone.
      model.today++;
      for (const c of [model.guest, model.account])
        for (const [key, entry] of c.games) if (model.today > entry.day + 1) c.games.delete(key);
      return;
    case 'login': {
      if (model.loggedIn) return;
      // S4-32: the guest's games join the account's in key order, within the limits; the local copy moves in.
      for (const key of [...model.guest.games.keys()].sort())
        if (!model.account.games.has(key) && model.account.games.size < MAX_GAMES)
          model.account.games.set(key, model.guest.games.get(key)!);
      for (const key of [...model.guest.teams].sort())
        if (!model.account.teams.has(key) && model.account.teams.size < MAX_TEAMS) model.account.teams.add(key);
      model.guest = emptyCopy();
      model.loggedIn = true;
      return;
    }
    case 'logout':
      model.loggedIn = false; // S4-32: dropped; the guest copy was emptied at login
      return;
    case 'reopen':
      return;
  }
}

/** What a state holds, in the model's terms. */
function summary(state: FollowState) {
  const games = Object.entries(state.games)
    .map(([key, e]) => `${key}@${e.AD}:${e.mgGroup}`)
    .sort();
  return { games, teams: Object.keys(state.teams).sort() };
}
function modelSummary(copy: Copy) {
  const games = [...copy.games].map(([key, e]) => `${key}@${at(e.day)}:${e.groups.join(',')}`).sort();
  return { games, teams: [...copy.teams].sort() };
}

let tabIds = 0;
function open(world: World, model: Model): Tab {
  tabIds++;
  const limits = { maxCount: MAX_GAMES, maxTeams: MAX_TEAMS, tabId: String(tabIds) };
  return model.loggedIn
    ? openTab(world, { ...limits, session: { data: world.server.data } })
    : openTab(world, { ...limits, local: readLocalRaw(world.storage) });
}

async function run(ops: readonly Op[]): Promise<void> {
  const world = createWorld();
  const model: Model = { today: 0, loggedIn: false, guest: emptyCopy(), account: emptyCopy() };
  const tabs = [open(world, model), open(world, model)];
  await flush();
  const options = followOptions(TZ, { maxCount: MAX_GAMES, maxTeams: MAX_TEAMS });

  for (const o of ops) {
    switch (o.kind) {
      case 'add':
        tabs[o.tab].send({
          type: 'game.add',
          sportId: 1,
          eventId: eventId(o.id),
          leagueId: '1_LEAGUEAA',
          AD: at(model.today + o.day),
          AP: at(model.today + o.day) + 7200,
          AB: 1,
        });
        break;
      case 'remove':
        tabs[o.tab].send({ type: 'game.remove', sportId: 1, eventId: eventId(o.id) });
        break;
      case 'group':
        tabs[o.tab].send({ type: 'group.set', key: gameKey(1, eventId(o.id)), group: o.group, member: o.member });
        break;
      case 'team':
        tabs[o.tab].send(
          o.follow
            ? { type: 'team.follow', sportId: 1, participantId: participant(o.n), name: `Team ${o.n}` }
            : { type: 'team.unfollow', sportId: 1, participantId: participant(o.n) },
        );
        break;
      case 'nextDay':
        world.clock.increment(DAY_S * 1000);
        await flush();
        for (const t of tabs) {
          t.send({ type: 'day.changed' });
          await flush();
        }
        break;
      case 'login':
        if (model.loggedIn) break;
        for (const t of tabs) {
          // A4-8: every tab learns of the login; each loads the account data as it is then.
          t.send({ type: 'session.loggedIn', data: world.server.data });
          await flush();
        }
        break;
      case 'logout':
        if (!model.loggedIn) break;
        for (const t of tabs) t.send({ type: 'session.loggedOut' });
        break;
      case 'reopen':
        tabs[1].actor.stop();
        tabs[1] = open(world, model);
        break;
    }
    applyModel(model, o);

    // The sync a visitor's pace leaves time for.
    await advance(world, 600);
    if (model.loggedIn) for (const t of tabs) t.send({ type: 'session.data', data: world.server.data });

    const expected = modelSummary(view(model));
    for (const t of tabs) {
      const context = t.context();
      expect(countTowardsLimit(context.follow.games)).toBeLessThanOrEqual(MAX_GAMES);
      expect(Object.keys(context.follow.teams).length).toBeLessThanOrEqual(MAX_TEAMS);
      expect(summary(context.follow)).toEqual(expected);
      expect(context.pending).toEqual([]);
      const copies = { nowMs: world.now(), local: readLocalRaw(world.storage), serverData: world.server.data };
      expect(followViolations(context, copies)).toEqual([]);
    }
    if (model.loggedIn) {
      expect(summary(fromServerData(world.server.data, EMPTY_FOLLOW, world.now(), options))).toEqual(expected);
    } else {
      const local = decodeLocal(readLocalRaw(world.storage), world.now());
      const stored =
        local.kind === 'loaded'
          ? local.state
          : local.kind === 'expired'
            ? { games: {}, teams: local.teams } // S9-2: teams outlive the games' expiry
            : EMPTY_FOLLOW;
      expect(local.kind).not.toBe('corrupt');
      expect(summary(stored)).toEqual(expected);
    }
  }
  for (const t of tabs) t.actor.stop();
}

describe('My Games model', () => {
  it('S4-27…S4-32 S5-1 S5-2 S9-2: any sequence of actions in two tabs keeps the limits, the model, and the local and account copies in agreement', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 40 }), (ops) => run(ops)),
      { numRuns: 150 },
    );
  });

  it('S5-2 S4-31 A3-11: the invariant check names an over-limit list and copies that disagree', async () => {
    const world = createWorld();
    const tab = openTab(world, { maxCount: 1, tabId: '1' });
    await flush();
    tab.send({ type: 'game.add', sportId: 1, eventId: 'GAME0001', leagueId: '1_L', AD: at(0), AP: at(0), AB: 1 });
    const copies = () => ({ nowMs: world.now(), local: readLocalRaw(world.storage), serverData: world.server.data });
    expect(followViolations(tab.context(), copies())).toEqual([]);
    world.storage.setItem('fsdc_my_local', '{}');
    const over = { ...tab.context(), options: { ...tab.context().options, maxCount: 0 } };
    expect(followViolations(over, copies())).toEqual([
      'My Games holds 1, over 0 (S5-2)',
      'local storage and the tab disagree (S4-31)',
    ]);
    tab.send({ type: 'session.loggedIn', data: {} });
    await flush();
    expect(followViolations(tab.context(), copies())).toEqual([]);
    world.server.data = {};
    expect(followViolations(tab.context(), copies())).toEqual(["the account's data and the tab disagree (A3-11)"]);
  });

  it('S4-32: a guest game, a login, a second tab, a new day and a logout, step by step', async () => {
    await run([
      { kind: 'add', tab: 0, id: 1, day: 0 },
      { kind: 'add', tab: 1, id: 2, day: 1 },
      { kind: 'group', tab: 1, id: 1, group: 'a', member: true },
      { kind: 'login' },
      { kind: 'add', tab: 1, id: 3, day: 7 },
      { kind: 'reopen' },
      { kind: 'nextDay' },
      { kind: 'nextDay' },
      { kind: 'logout' },
      { kind: 'add', tab: 0, id: 4, day: -1 },
      { kind: 'login' },
    ]);
  });
});
