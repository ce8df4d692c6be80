// Statistics df_st_<sport>_<id> (protocol.md §4.4): per period `SE÷<period>`, per group
// `SF÷<group>`, then `SD÷<id>¬SG÷<label>¬SH÷<home>¬SI÷<away>` rows; ends with `A1÷¬~`. Labels are Kazakh.
// Football carries the full set, consistent with the incidents (./soccer-stats.ts).
import { type FeedRow, serializeRows } from '../../../src/protocol/codec';
import type { MatchState, StatLine } from '../../../sim/world/state';
import { fullStatistics } from './soccer-stats';
import { STAT_GROUP_LABELS, statGroup, statGroupOrder, statLabel, statPeriodLabel } from '../kk-labels';

export function renderStats(match: MatchState): string {
  const rows: FeedRow[] = [];
  const periods = [...fullStatistics(match)].sort((a, b) => a.period - b.period);
  for (const period of periods) {
    rows.push([['SE', statPeriodLabel(match.sportId, period.period)]]);
    const groups = new Map<ReturnType<typeof statGroup>, StatLine[]>();
    for (const line of period.lines) {
      const group = statGroup(line.id);
      const list = groups.get(group) ?? [];
      list.push(line);
      groups.set(group, list);
    }
    const ordered = [...groups].sort((a, b) => statGroupOrder(a[0]) - statGroupOrder(b[0]));
    for (const [group, lines] of ordered) {
      rows.push([['SF', STAT_GROUP_LABELS[group]]]);
      for (const line of lines) {
        rows.push([
          ['SD', String(line.id)],
          ['SG', statLabel(line.id)],
          ['SH', line.home],
          ['SI', line.away],
        ]);
      }
    }
  }
  rows.push([['A1', '']]);
  return serializeRows(rows);
}
