// Small mappers from detail feed rows (protocol.md §4) to what the match page shows. Rows are
// ordered pair lists (keys repeat inside one row), so each mapper walks pairs in order. They never
// throw: an unexpected row is skipped.
import { type FeedRow, parseRows } from '../../../src/protocol/codec';
import { cellNumber as num, firstValue as first } from '../../../src/protocol/detail-core';

// The event core and the version hashes are read by the match-detail machine: they live in src/protocol.
export { type MatchCore, type MatchHashes, parseCore, parseHashes } from '../../../src/protocol/detail-core';

export interface Incident {
  readonly id: string;
  readonly side: 1 | 2;
  readonly minute: string;
  readonly type: number;
  readonly label: string;
  readonly player: string;
  /** The second player: the assist of a goal, the player coming on. */
  readonly secondPlayer?: string;
  readonly secondLabel?: string;
  readonly score?: readonly [number, number];
}

export interface SummaryPeriod {
  /** Stable key for lists: position in the feed. */
  readonly key: string;
  readonly name: string;
  readonly home?: number;
  readonly away?: number;
  readonly incidents: Incident[];
}

export interface MatchSummary {
  readonly periods: readonly SummaryPeriod[];
  /** MIT/MIV pairs: REF, VEN, TWN, CAP … */
  readonly info: readonly { readonly code: string; readonly value: string }[];
}

/** df_su_ / df_sui_: periods with their incidents, and match info (protocol.md §4.3). */
export function parseSummary(body: string): MatchSummary {
  const periods: SummaryPeriod[] = [];
  const info: { code: string; value: string }[] = [];
  for (const row of parseRows(body)) {
    const [key] = row[0];
    if (key === 'AC') {
      periods.push({
        key: `p${periods.length}`,
        name: row[0][1],
        home: num(first(row, 'IG')),
        away: num(first(row, 'IH')),
        incidents: [],
      });
    } else if (key === 'III') {
      const incident = incidentOf(row);
      if (!incident) continue;
      if (periods.length === 0) periods.push({ key: 'p0', name: '', incidents: [] });
      periods[periods.length - 1].incidents.push(incident);
    } else if (row.some(([k]) => k === 'MIT')) {
      let code: string | null = null;
      for (const [k, v] of row) {
        if (k === 'MIT') code = v;
        else if (k === 'MIV' && code !== null) {
          info.push({ code, value: v });
          code = null;
        }
      }
    }
  }
  return { periods, info };
}

function incidentOf(row: FeedRow): Incident | null {
  const id = first(row, 'III') ?? '';
  const side = num(first(row, 'IA'));
  const minute = first(row, 'IB') ?? '';
  // Sub-items repeat: the first IE/IK/IF block is the incident, the next one its second player.
  const items: { type?: number; label?: string; player?: string }[] = [];
  let score: [number, number] | undefined;
  let homeAfter: number | undefined;
  for (const [k, v] of row) {
    if (k === 'IE') items.push({ type: num(v) });
    else if (items.length > 0) {
      const item = items[items.length - 1];
      if (k === 'IK') item.label = v;
      else if (k === 'IF') item.player = v;
    }
    if (k === 'INX') homeAfter = num(v);
    if (k === 'IOX' && homeAfter !== undefined) {
      const away = num(v);
      if (away !== undefined) score = [homeAfter, away];
    }
  }
  const main = items[0];
  if (!main || main.type === undefined || (side !== 1 && side !== 2)) return null;
  const second = items[1];
  return {
    id,
    side,
    minute,
    type: main.type,
    label: main.label ?? '',
    player: main.player ?? '',
    secondPlayer: second?.player,
    secondLabel: second?.label,
    score,
  };
}

export interface StatRow {
  readonly id: string;
  readonly label: string;
  readonly home: string;
  readonly away: string;
}
export interface StatGroup {
  readonly key: string;
  readonly name: string;
  readonly rows: StatRow[];
}
export interface StatPeriod {
  readonly key: string;
  readonly name: string;
  readonly groups: StatGroup[];
}

/** df_st_: SE period → SF group → SD rows (protocol.md §4.4). */
export function parseStats(body: string): StatPeriod[] {
  const periods: StatPeriod[] = [];
  for (const row of parseRows(body)) {
    const [key, value] = row[0];
    if (key === 'SE') periods.push({ key: `p${periods.length}`, name: value, groups: [] });
    else if (key === 'SF') {
      if (periods.length === 0) periods.push({ key: 'p0', name: '', groups: [] });
      const period = periods[periods.length - 1];
      period.groups.push({ key: `g${period.groups.length}`, name: value, rows: [] });
    } else if (key === 'SD') {
      if (periods.length === 0) periods.push({ key: 'p0', name: '', groups: [] });
      const period = periods[periods.length - 1];
      if (period.groups.length === 0) period.groups.push({ key: 'g0', name: '', rows: [] });
      period.groups[period.groups.length - 1].rows.push({
        id: value,
        label: first(row, 'SG') ?? '',
        home: first(row, 'SH') ?? '',
        away: first(row, 'SI') ?? '',
      });
    }
  }
  return periods;
}

export interface LineupPlayer {
  readonly name: string;
  readonly number: string;
  readonly position: string;
}
export interface LineupSection {
  readonly kind: number;
  readonly label: string;
  readonly players: LineupPlayer[];
}
export interface LineupTeam {
  readonly side: number;
  readonly name: string;
  readonly sections: LineupSection[];
}

/** df_li_ (keys ours, docs/protocol-server.md): LA/LN team, LB/LK section, LP/LJ/LO player. */
export function parseLineups(body: string): LineupTeam[] {
  const teams: LineupTeam[] = [];
  for (const row of parseRows(body)) {
    const [key, value] = row[0];
    if (key === 'LA') teams.push({ side: num(value) ?? teams.length + 1, name: first(row, 'LN') ?? '', sections: [] });
    else if (key === 'LB') {
      const team = teams[teams.length - 1];
      if (team) team.sections.push({ kind: num(value) ?? 1, label: first(row, 'LK') ?? '', players: [] });
    } else if (key === 'LP') {
      const team = teams[teams.length - 1];
      if (!team) continue;
      if (team.sections.length === 0) team.sections.push({ kind: 1, label: '', players: [] });
      team.sections[team.sections.length - 1].players.push({
        name: value,
        number: first(row, 'LJ') ?? '',
        position: first(row, 'LO') ?? '',
      });
    }
  }
  return teams;
}

export interface H2HMatch {
  readonly id: string;
  readonly start?: number;
  readonly tournament: string;
  readonly home: string;
  readonly away: string;
  /** A leading '*' marks the regulation-time winner. */
  readonly homeWon: boolean;
  readonly awayWon: boolean;
  readonly score: string;
  readonly result?: 'w' | 'l' | 'd' | 'wo';
}
export interface H2HSection {
  readonly key: string;
  readonly title: string;
  readonly matches: H2HMatch[];
}

/** df_hh_: KA overview, KB sections with KC match rows (protocol.md §4.5). */
export function parseHeadToHead(body: string): H2HSection[] {
  const sections: H2HSection[] = [];
  for (const row of parseRows(body)) {
    const [key, value] = row[0];
    if (key === 'KB') sections.push({ key: `s${sections.length}`, title: value, matches: [] });
    else if (key === 'KC') {
      if (sections.length === 0) sections.push({ key: 's0', title: '', matches: [] });
      const home = first(row, 'KJ') ?? '';
      const away = first(row, 'KK') ?? '';
      const wis = first(row, 'WIS');
      sections[sections.length - 1].matches.push({
        id: first(row, 'KP') ?? '',
        start: num(value),
        tournament: first(row, 'KF') ?? '',
        home: home.replace(/^\*/, ''),
        away: away.replace(/^\*/, ''),
        homeWon: home.startsWith('*'),
        awayWon: away.startsWith('*'),
        score: first(row, 'KL') ?? '',
        result: wis === 'w' || wis === 'l' || wis === 'd' || wis === 'wo' ? wis : undefined,
      });
    }
  }
  return sections;
}

export interface OddValue {
  readonly open?: number;
  readonly current?: number;
  readonly move: 'up' | 'down' | null;
}
export interface BookmakerLine {
  readonly id: string;
  readonly name: string;
  readonly odds: readonly OddValue[];
  readonly active: boolean;
}
export interface OddsMarket {
  readonly name: string;
  readonly scope: string;
  readonly outcomes: readonly string[];
  readonly bookmakers: BookmakerLine[];
}

/** `2.10[d]1.95` → open 2.10, current 1.95, down (protocol.md §4.6). */
export function parseOdd(text: string | undefined): OddValue | null {
  if (text === undefined || text === '') return null;
  const m = /^([\d.]+)\[([ud])\]([\d.]+)$/.exec(text);
  if (m) return { open: num(m[1]), current: num(m[3]), move: m[2] === 'u' ? 'up' : 'down' };
  const value = num(text);
  return value === undefined ? null : { open: value, current: value, move: null };
}

/** df_od_: market OA, scope OB, bookmaker rows OE/OD with XA/XB/XC (protocol.md §4.6). */
export function parseOddsComparison(body: string): OddsMarket[] {
  const markets: OddsMarket[] = [];
  let name = '';
  let scope = '';
  for (const row of parseRows(body)) {
    const [key, value] = row[0];
    if (key === 'OA') name = value;
    else if (key === 'OB') scope = value;
    else if (key === 'OE') {
      const xa = parseOdd(first(row, 'XA'));
      const xb = parseOdd(first(row, 'XB'));
      const xc = parseOdd(first(row, 'XC'));
      const threeWay = xa !== null;
      let market = markets[markets.length - 1];
      if (!market || market.name !== name || market.scope !== scope) {
        market = { name, scope, outcomes: threeWay ? ['1', 'X', '2'] : ['1', '2'], bookmakers: [] };
        markets.push(market);
      }
      const none: OddValue = { move: null };
      market.bookmakers.push({
        id: value,
        name: first(row, 'OD') ?? value,
        odds: threeWay ? [xa ?? none, xb ?? none, xc ?? none] : [xb ?? none, xc ?? none],
        active: first(row, 'OG') !== '0',
      });
    }
  }
  return markets;
}
