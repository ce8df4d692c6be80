// Summary df_su_<sport>_<id> (protocol.md §4.3): one row per period (`AC÷<label>¬IG¬IH`, the
// points each side scored in it) followed by that period's incident rows. Retracted incidents
// are left out. Period names are Kazakh. ICT carries a line of commentary on each incident, made of the
// catalogue's words and the players' names so that it reads in every feed language.
import type { FeedPair, FeedRow } from '../../../src/protocol/codec';
import { serializeRows } from '../../../src/protocol/codec';
import type { EventFieldName } from '../../../src/protocol/keys';
import type { Incident, MatchState } from '../../../sim/world/state';
import { incidentLabel, periodLabel, secondIncidentType } from '../kk-labels';

function partScore(match: MatchState, side: 'home' | 'away', period: number): number | undefined {
  if (period < 1 || period > 11) return undefined;
  return match.fields[`${side}Part${period}` as EventFieldName] as number | undefined;
}

/** `45+1'` → 1 (stoppage minutes, ID). */
function stoppage(minute: string): number | null {
  const m = /\+(\d+)/.exec(minute);
  return m ? Number(m[1]) : null;
}

/** ICT: `Гол: Құрманов М. (1:0)`, the incident type, the player and, for a goal, the score after it. */
function commentary(type: number, player: string, incident: Incident): string {
  const scored = incident.homeScore !== undefined && incident.awayScore !== undefined && type === incident.type;
  return `${incidentLabel(type)}: ${player}${scored ? ` (${incident.homeScore}:${incident.awayScore})` : ''}`;
}

function incidentRow(incident: Incident): FeedRow {
  const row: FeedPair[] = [
    ['III', incident.id],
    ['IA', String(incident.side)],
    ['IB', incident.minute],
  ];
  const extra = stoppage(incident.minute);
  if (extra !== null) row.push(['ID', String(extra)]);
  row.push(['IE', String(incident.type)]);
  if (incident.homeScore !== undefined && incident.awayScore !== undefined) {
    row.push(['INX', String(incident.homeScore)], ['IOX', String(incident.awayScore)]);
  }
  row.push(
    ['IF', incident.player],
    ['ICT', commentary(incident.type, incident.player, incident)],
    ['IK', incidentLabel(incident.type)],
  );
  const second = secondIncidentType(incident.type);
  if (incident.secondPlayer && second !== null) {
    row.push(
      ['IE', String(second)],
      ['IF', incident.secondPlayer],
      ['ICT', commentary(second, incident.secondPlayer, incident)],
      ['IK', incidentLabel(second)],
    );
  }
  return row;
}

/**
 * Points per side in each period. Sports that log scoring incidents (goals, tries) take the score
 * after each period's last scoring incident minus the score before the period; others take the
 * score parts (BA/BB …).
 */
export function periodScores(match: MatchState, periods: readonly number[]): Map<number, [number, number]> {
  const out = new Map<number, [number, number]>();
  const scoring = match.incidents.filter((i) => !i.cancelled && i.homeScore !== undefined && i.awayScore !== undefined);
  let before: [number, number] = [0, 0];
  for (const period of periods) {
    if (scoring.length === 0) {
      out.set(period, [partScore(match, 'home', period) ?? 0, partScore(match, 'away', period) ?? 0]);
      continue;
    }
    const inPeriod = scoring.filter((i) => i.period === period);
    const last = inPeriod[inPeriod.length - 1];
    const after: [number, number] = last ? [last.homeScore ?? 0, last.awayScore ?? 0] : before;
    out.set(period, [Math.max(0, after[0] - before[0]), Math.max(0, after[1] - before[1])]);
    before = after;
  }
  return out;
}

export function summaryPeriods(match: MatchState): number[] {
  const periods = new Set<number>();
  for (const incident of match.incidents) if (!incident.cancelled) periods.add(incident.period);
  for (let p = 1; p <= 11; p++) {
    if (partScore(match, 'home', p) !== undefined || partScore(match, 'away', p) !== undefined) periods.add(p);
  }
  return [...periods].filter((p) => Number.isFinite(p)).sort((a, b) => a - b);
}

export function renderSummary(match: MatchState): string {
  const periods = summaryPeriods(match);
  const scores = periodScores(match, periods);
  const rows: FeedRow[] = [];
  for (const period of periods) {
    const [home, away] = scores.get(period) ?? [0, 0];
    rows.push([
      ['AC', periodLabel(match.sportId, period)],
      ['IG', String(home)],
      ['IH', String(away)],
    ]);
    for (const incident of match.incidents) {
      if (incident.period === period && !incident.cancelled) rows.push(incidentRow(incident));
    }
  }
  rows.push([['A1', '']]);
  return serializeRows(rows);
}
