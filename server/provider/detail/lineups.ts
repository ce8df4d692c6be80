// Line-ups df_li_<sport>_<id>. The real feed was never sampled, so the keys are ours
// (docs/protocol-server.md): `LA÷<side 1|2>¬LN÷<team>` opens a team, `LB÷<1 starters | 2 substitutes>¬LK÷<label>`
// a section, and `LP÷<player>¬LJ÷<shirt number>¬LO÷<position>` is one player. Ends with `A1÷¬~`.
import { type FeedRow, serializeRows } from '../../../src/protocol/codec';
import type { LineupPlayer, MatchState } from '../../../sim/world/state';
import { LABELS } from '../kk-labels';

function section(rows: FeedRow[], kind: 1 | 2, players: readonly LineupPlayer[]): void {
  if (players.length === 0) return;
  rows.push([
    ['LB', String(kind)],
    ['LK', kind === 1 ? LABELS.starters : LABELS.substitutes],
  ]);
  for (const player of players) {
    rows.push([
      ['LP', player.name],
      ['LJ', String(player.number)],
      ['LO', player.position],
    ]);
  }
}

export function renderLineups(match: MatchState): string {
  const rows: FeedRow[] = [];
  const teams = [
    [1, match.fields.home ?? '', match.lineups.home],
    [2, match.fields.away ?? '', match.lineups.away],
  ] as const;
  for (const [side, name, players] of teams) {
    if (players.length === 0) continue;
    rows.push([
      ['LA', String(side)],
      ['LN', name],
    ]);
    section(
      rows,
      1,
      players.filter((p) => p.starter),
    );
    section(
      rows,
      2,
      players.filter((p) => !p.starter),
    );
  }
  rows.push([['A1', '']]);
  return serializeRows(rows);
}
