// The fuzz commands of the visitor: stars, groups, team follows, pins, logins, a second tab, notification
// permission and an account server that refuses. Each runs as a visitor event (cli/replay/visitor-events.ts)
// through the harness, so a shrunk failure is written as the same events. The visitor's state is not modelled
// here: the checks after each step judge the machines themselves (cli/replay/visitor-checks.ts).
import fc from 'fast-check';
import type { Harness } from '../replay/harness';
import type { NotificationPermission, TabIndex, VisitorOp } from '../replay/visitor-events';
import { assertClean } from './clean';
import type { FuzzMatch } from './mini-world';
import type { FuzzCommand, FuzzModel } from './model';

/** What the visitor does, with the match or league it names. */
type Act =
  | { readonly kind: 'star' | 'unstar'; readonly tab: TabIndex; readonly match: number }
  | {
      readonly kind: 'group';
      readonly tab: TabIndex;
      readonly match: number;
      readonly group: string;
      readonly member: boolean;
    }
  | {
      readonly kind: 'team';
      readonly tab: TabIndex;
      readonly match: number;
      readonly home: boolean;
      readonly follow: boolean;
    }
  | { readonly kind: 'pin' | 'unpin'; readonly tab: TabIndex; readonly sport: number; readonly top: boolean }
  | { readonly kind: 'login' | 'logout' }
  | { readonly kind: 'secondTab'; readonly open: boolean }
  | { readonly kind: 'notificationPermission'; readonly permission: NotificationPermission }
  | { readonly kind: 'account'; readonly fail: boolean };

/** A league's label key in the mini world (S3-60): its top league, or one it does not have (pinnable all the same). */
export function fuzzLabelKey(sport: number, top: boolean): string {
  return `${sport}_${top ? 'fzt' : 'fzo'}${sport}`;
}

function opOf(act: Act, model: Readonly<FuzzModel>): VisitorOp {
  const match = (i: number): FuzzMatch => model.matches[i % model.matches.length]!.match;
  switch (act.kind) {
    case 'star':
    case 'unstar':
      return { op: act.kind, tab: act.tab, sport: match(act.match).sport.id, eventId: match(act.match).id };
    case 'group': {
      const m = match(act.match);
      return { op: 'group', tab: act.tab, sport: m.sport.id, eventId: m.id, group: act.group, member: act.member };
    }
    case 'team': {
      const m = match(act.match);
      const participantId = act.home ? m.home : m.away;
      return act.follow
        ? { op: 'followTeam', tab: act.tab, sport: m.sport.id, participantId }
        : { op: 'unfollowTeam', tab: act.tab, sport: m.sport.id, participantId };
    }
    case 'pin':
    case 'unpin':
      return { op: act.kind, tab: act.tab, labelKey: fuzzLabelKey(act.sport, act.top) };
    case 'login':
    case 'logout':
      return { op: act.kind };
    case 'secondTab':
      return { op: 'secondTab', open: act.open };
    case 'notificationPermission':
      return { op: 'notificationPermission', permission: act.permission };
    case 'account':
      return { op: 'account', fail: act.fail };
  }
}

class VisitorCommand implements FuzzCommand {
  constructor(readonly act: Act) {}
  check(): boolean {
    return true;
  }
  async run(model: FuzzModel, real: Harness): Promise<void> {
    await real.run(opOf(this.act, model));
    assertClean(real);
  }
  toString(): string {
    const { kind, ...rest } = this.act;
    return `${kind}(${Object.values(rest).join(', ')})`;
  }
}

const GROUPS = ['0', 'a', 'b'] as const;

/**
 * Arbitraries of the visitor's commands: two slots among the fuzzer's commands (what a visitor follows, and
 * the rest of what they do), so feed and fault sequences stay as likely as before; `account` apart, so
 * `--without account` keeps the server willing.
 */
export function visitorCommands(
  sports: readonly number[],
  matchCount: number,
): { readonly visitor: fc.Arbitrary<FuzzCommand>[]; readonly account: fc.Arbitrary<FuzzCommand>[] } {
  const tab = fc.constantFrom<TabIndex>(1, 1, 2);
  const match = fc.nat({ max: matchCount - 1 });
  const sport = fc.constantFrom(...sports);
  const command = (arbitrary: fc.Arbitrary<Act>) => arbitrary.map((act): FuzzCommand => new VisitorCommand(act));
  const follows = fc.oneof(
    { arbitrary: fc.record({ kind: fc.constant('star' as const), tab, match }), weight: 3 },
    fc.record({ kind: fc.constant('unstar' as const), tab, match }),
    fc.record({
      kind: fc.constant('group' as const),
      tab,
      match,
      group: fc.constantFrom(...GROUPS),
      member: fc.boolean(),
    }),
    {
      arbitrary: fc.record({
        kind: fc.constant('team' as const),
        tab,
        match,
        home: fc.boolean(),
        follow: fc.boolean(),
      }),
      weight: 2,
    },
  );
  const others = fc.oneof(
    {
      arbitrary: fc.record({ kind: fc.constantFrom('pin' as const, 'unpin' as const), tab, sport, top: fc.boolean() }),
      weight: 2,
    },
    fc.record({ kind: fc.constantFrom('login' as const, 'logout' as const) }),
    fc.record({ kind: fc.constant('secondTab' as const), open: fc.boolean() }),
    fc.record({
      kind: fc.constant('notificationPermission' as const),
      permission: fc.constantFrom<NotificationPermission>('granted', 'denied', 'default'),
    }),
  );
  return {
    visitor: [command(follows), command(others)],
    account: [command(fc.record({ kind: fc.constant('account' as const), fail: fc.boolean() }))],
  };
}
