// Head-to-head df_hh_<sport>_<id> (protocol.md §4.5), built from the world's finished matches and,
// before the world's first day, the results of past-results.ts. `KA÷Жалпы` opens the overview, then
// `KB` sections with KC rows: each team's last matches, and the meetings of the two. A leading `*`
// on a name marks the regulation-time winner; WIS is the result for the section's team (w, l, d,
// wo = won after extra time or penalties).
import { type FeedPair, type FeedRow, serializeRows } from '../../../src/protocol/codec';
import type { MatchState, WorldState } from '../../../sim/world/state';
import { formatValue } from '../rows';
import { LABELS } from '../kk-labels';
import { isPlayedResult, pastResults, teamKey } from './past-results';

const LAST_MATCHES = 10; // S9-6: participant page events 10
const MEETINGS = 5; // S9-6: participant page meetings 5
const AFTER_EXTRA = new Set([10, 11]); // after extra time, after penalties

type Side = 'home' | 'away';

function sideOf(match: MatchState, team: string): Side | null {
  if (teamKey(match, 'home') === team) return 'home';
  if (teamKey(match, 'away') === team) return 'away';
  return null;
}

/** Regulation winner: AZ, else the full-time or current score. */
function regulationWinner(match: MatchState): 0 | 1 | 2 {
  const f = match.fields;
  if (f.fullTimeWinner === 1 || f.fullTimeWinner === 2 || f.fullTimeWinner === 0) return f.fullTimeWinner;
  const home = f.homeFullTime ?? f.homeScore ?? 0;
  const away = f.awayFullTime ?? f.awayScore ?? 0;
  return home > away ? 1 : away > home ? 2 : 0;
}

function overallWinner(match: MatchState): 0 | 1 | 2 {
  const f = match.fields;
  if (f.winner === 1 || f.winner === 2 || f.winner === 0) return f.winner;
  const home = f.homeScore ?? 0;
  const away = f.awayScore ?? 0;
  return home > away ? 1 : away > home ? 2 : 0;
}

export function resultFor(match: MatchState, side: Side): 'w' | 'l' | 'd' | 'wo' {
  const winner = overallWinner(match);
  if (winner === 0) return 'd';
  const won = (winner === 1) === (side === 'home');
  if (!won) return 'l';
  return AFTER_EXTRA.has(match.fields.stage ?? 0) ? 'wo' : 'w';
}

function shortCode(name: string): string {
  const letters = name
    .split(/[\s:–-]+/)
    .filter(Boolean)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
  return letters.slice(0, 3);
}

function matchRow(world: WorldState, match: MatchState, side: Side | null): FeedRow {
  const f = match.fields;
  const league = world.leagues.get(match.leagueId);
  const regulation = regulationWinner(match);
  const star = (s: Side) => ((regulation === 1 && s === 'home') || (regulation === 2 && s === 'away') ? '*' : '');
  const row: FeedPair[] = [
    ['KC', formatValue(f.startTime)],
    ['KP', match.id],
    ['KF', league?.name ?? ''],
    ['AC', formatValue(f.stage)],
    ['KG', formatValue(league?.countryId)],
    ['KH', league?.countryName ?? ''],
    ['KI', shortCode(league?.name ?? '')],
    ['UQ', f.homeParticipantId ?? ''],
    ['UO', f.awayParticipantId ?? ''],
    ['KJ', star('home') + (f.home ?? '')],
    ['UE', f.homeSlug ?? ''],
    ['FH', f.homeFirstName ?? f.home ?? ''],
    ['KK', star('away') + (f.away ?? '')],
    ['UG', f.awaySlug ?? ''],
    ['FK', f.awayFirstName ?? f.away ?? ''],
    ['KL', `${formatValue(f.homeScore)}:${formatValue(f.awayScore)}`],
    ['KU', formatValue(f.homeScore)],
    ['KT', formatValue(f.awayScore)],
    ['EC', f.homeImage ?? ''],
    ['ED', f.awayImage ?? ''],
  ];
  if (AFTER_EXTRA.has(f.stage ?? 0) && f.homeFullTime !== undefined && f.awayFullTime !== undefined) {
    row.push(['KM', `(${f.homeFullTime}:${f.awayFullTime})`]);
  }
  if (f.homePenalties !== undefined && f.awayPenalties !== undefined) {
    row.push(['RPA', String(f.homePenalties)], ['RPB', String(f.awayPenalties)]);
  }
  if (side) row.push(['WIS', resultFor(match, side)], ['KS', side]);
  if (f.homeAdvanced === 1 || f.awayAdvanced === 1) row.push(['BY', '1']);
  return row;
}

function byNewest(a: MatchState, b: MatchState): number {
  return (b.fields.startTime ?? 0) - (a.fields.startTime ?? 0);
}

export function renderHeadToHead(world: WorldState, match: MatchState): string {
  const home = teamKey(match, 'home');
  const away = teamKey(match, 'away');
  const played: MatchState[] = [];
  for (const other of world.matches.values()) {
    if (other.id !== match.id && other.sportId === match.sportId && isPlayedResult(other)) played.push(other);
  }
  played.push(...pastResults(world, match)); // results from before the world's first day
  played.sort(byNewest);
  const rows: FeedRow[] = [
    [['SA', String(match.sportId)]],
    [
      ['KA', LABELS.overall],
      ['IS', ''],
    ],
  ];
  for (const [team, name] of [
    [home, match.fields.home ?? ''],
    [away, match.fields.away ?? ''],
  ] as const) {
    rows.push([['KB', `${LABELS.lastMatches}: ${name}`]]);
    let count = 0;
    for (const other of played) {
      if (count >= LAST_MATCHES) break;
      const side = sideOf(other, team);
      if (!side) continue;
      rows.push(matchRow(world, other, side));
      count += 1;
    }
  }
  rows.push([['KB', LABELS.headToHead]]);
  let meetings = 0;
  for (const other of played) {
    if (meetings >= MEETINGS) break;
    const side = sideOf(other, home);
    if (!side || sideOf(other, away) === null) continue;
    rows.push(matchRow(world, other, side));
    meetings += 1;
  }
  rows.push([['A1', '']]);
  return serializeRows(rows);
}
