// The full football statistic set of df_st_ (protocol.md §4.4: about forty per period, for the match and
// each half) from the counters the world keeps (possession, shots on and off target, corners, offsides,
// fouls) and the match's incidents, so the feed agrees with itself and with df_su_: goals are shots on
// target that scored, cards are the card incidents, saves are the other side's shots on target that did
// not score, free kicks are the other side's fouls, and total shots are on + off + blocked. Figures the
// world does not keep (passes, duels, xG …) are derived from those counters, so they grow with the match
// and stay the same between two renders of one state.
import type { Incident, MatchState, StatLine, StatPeriod } from '../../../sim/world/state';

type Side = 1 | 2;
type Pair = readonly [home: string, away: string];

const GOAL_TYPES = new Set([3, 10]); // goal, penalty scored (protocol.md §4.3)
const OWN_GOAL = 4;
const YELLOW = 1;
const RED = 2;

interface Base {
  readonly possession: number; // home %
  readonly shotsOn: number;
  readonly shotsOff: number;
  readonly corners: number;
  readonly offsides: number;
  readonly fouls: number;
}

function count(line: StatLine | undefined, side: Side): number {
  const text = side === 1 ? line?.home : line?.away;
  const value = Number.parseFloat(text ?? '');
  return Number.isFinite(value) ? value : 0;
}

function baseOf(lines: readonly StatLine[], side: Side): Base {
  const line = (id: number) => lines.find((l) => l.id === id);
  const possession = count(line(12), 1) || 50;
  return {
    possession: side === 1 ? possession : 100 - possession,
    shotsOn: count(line(13), side),
    shotsOff: count(line(14), side),
    corners: count(line(16), side),
    offsides: count(line(17), side),
    fouls: count(line(21), side),
  };
}

/** Incidents of one period (0: the whole match) that count: not retracted. */
function incidentsOf(match: MatchState, period: number): Incident[] {
  return match.incidents.filter((i) => !i.cancelled && (period === 0 || i.period === period));
}

/** Goals a side scored itself (an own goal counts for the other side but was no shot of theirs). */
function goalsBy(incidents: readonly Incident[], side: Side): number {
  return incidents.filter((i) => i.side === side && GOAL_TYPES.has(i.type)).length;
}

function cards(incidents: readonly Incident[], side: Side, type: number): number {
  return incidents.filter((i) => i.side === side && i.type === type).length;
}

/** Goals scored against a side: the other side's goals and its own own goals. */
function conceded(incidents: readonly Incident[], side: Side): number {
  const other: Side = side === 1 ? 2 : 1;
  return goalsBy(incidents, other) + incidents.filter((i) => i.side === side && i.type === OWN_GOAL).length;
}

const ratio = (part: number, total: number) =>
  `${total === 0 ? 0 : Math.round((100 * part) / total)}% (${part}/${total})`;
const fixed = (value: number) => value.toFixed(2);

interface SideFigures {
  readonly on: number;
  readonly off: number;
  readonly blocked: number;
  readonly goals: number;
  readonly xg: number;
  readonly xgot: number;
  readonly base: Base;
  readonly activity: number;
}

function figures(base: Base, goals: number, activity: number): SideFigures {
  const on = Math.max(base.shotsOn, goals);
  const blocked = Math.floor(base.shotsOff * 0.3);
  const off = base.shotsOff - blocked;
  const xg = goals * 0.25 + (on - goals) * 0.12 + off * 0.05 + blocked * 0.04;
  const xgot = goals * 0.45 + (on - goals) * 0.2;
  return { on, off, blocked, goals, xg, xgot, base, activity };
}

/** The lines of one period, in the order of the provider's groups. */
function periodLines(match: MatchState, period: number, lines: readonly StatLine[]): StatLine[] {
  const incidents = incidentsOf(match, period);
  const activityOf = (b: Base) => b.shotsOn + b.shotsOff + b.corners + b.offsides + b.fouls;
  const bases = [baseOf(lines, 1), baseOf(lines, 2)] as const;
  const activity = activityOf(bases[0]) + activityOf(bases[1]);
  const h = figures(bases[0], goalsBy(incidents, 1), activity);
  const a = figures(bases[1], goalsBy(incidents, 2), activity);
  const both = (f: (s: SideFigures, o: SideFigures, side: Side) => string | number): Pair => [
    String(f(h, a, 1)),
    String(f(a, h, 2)),
  ];
  const passes = (s: SideFigures) => Math.round(s.activity * 10 * (s.base.possession / 50));
  const accurate = (s: SideFigures) => Math.round(passes(s) * (0.7 + s.base.possession / 500));
  const shots = (s: SideFigures) => s.on + s.off + s.blocked;
  const inside = (s: SideFigures) => Math.round(shots(s) * 0.62);
  const rows: ReadonlyArray<readonly [number, Pair]> = [
    [12, both((s) => `${Math.round(s.base.possession)}%`)],
    [432, both((s) => fixed(s.xg))],
    [34, both(shots)],
    [459, both((s) => s.goals + Math.floor((s.on - s.goals) / 3))],
    [13, both((s) => s.on)],
    [14, both((s) => s.off)],
    [158, both((s) => s.blocked)],
    [461, both(inside)],
    [463, both((s) => shots(s) - inside(s))],
    [457, both((s) => Math.floor(s.off / 7))],
    [465, both((s) => Math.floor(s.goals / 4))],
    [16, both((s) => s.base.corners)],
    [17, both((s) => s.base.offsides)],
    [15, both((_s, o) => o.base.fouls)],
    [372, both((s) => Math.round(shots(s) * 4 + s.base.corners * 2 + s.base.possession / 10))],
    [373, both((s) => Math.round(shots(s) * 2 + s.base.corners))],
    [471, both((s) => Math.round(shots(s) * 2.3 + s.base.corners))],
    [342, both((s) => ratio(accurate(s), passes(s)))],
    [517, both((s) => ratio(Math.round(passes(s) * 0.07), Math.round(passes(s) * 0.12)))],
    [467, both((s) => ratio(Math.round(passes(s) * 0.17), Math.round(passes(s) * 0.25)))],
    [433, both((s) => ratio(Math.floor(s.base.corners * 0.5), Math.round(s.base.corners * 1.5 + shots(s) * 0.5)))],
    [503, both((s) => fixed(s.xg * 0.7))],
    [521, both((s) => Math.floor(shots(s) / 6))],
    [18, both((s) => Math.round(s.activity * 0.45 * (1.5 - s.base.possession / 100)))],
    [475, both((_s, o) => Math.round(shots(o) * 1.5 + o.base.corners + o.base.possession / 5))],
    [513, both((s) => Math.round(s.activity * 0.9 * (s.base.possession / 50)))],
    [479, both((_s, o) => Math.round(shots(o) * 1.1 + o.base.corners))],
    [434, both((_s, o) => Math.round(passes(o) * 0.02))],
    [507, both((_s, o) => Math.floor(shots(o) / 12))],
    [509, both(() => 0)],
    [21, both((s) => s.base.fouls)],
    [19, both((_s, o) => Math.max(0, o.on - o.goals))],
    [499, both((s) => fixed(s.xgot))],
    [501, both((_s, o) => fixed(o.xgot))],
    [511, both((_s, o, side) => fixed(o.xgot - conceded(incidents, side)))],
    [23, both((_s, _o, side) => cards(incidents, side, YELLOW))],
    [22, both((_s, _o, side) => cards(incidents, side, RED))],
  ];
  return rows.map(([id, [home, away]]) => ({ id, home, away }));
}

/** The match's statistics with the full football set per period; other sports as the world keeps them. */
export function fullStatistics(match: MatchState): readonly StatPeriod[] {
  if (match.sportId !== 1) return match.stats;
  return match.stats.map((period) => ({
    period: period.period,
    lines: periodLines(match, period.period, period.lines),
  }));
}
