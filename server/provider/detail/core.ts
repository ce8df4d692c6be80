// Event core dc_<pt>_<id> (protocol.md §4.1): the sport (an SA row first, as detail feeds start in
// real samples, §1 and §4), then stage, times, scores, game time, the tabs the event has (DX) and
// the participants' names, short names and ids (AE/AF, WM/WN, PX/PY as in list rows, §3.3), so a
// match page opened from a bare link knows the sport and the teams. The signature cell is empty.
import { serializeRows } from '../../../src/protocol/codec';
import type { MatchState } from '../../../sim/world/state';
import { formatValue } from '../rows';

/** Tabs this match has (protocol.md §4.1a): statistics, line-ups, odds, head-to-head. */
export function availableTabs(match: MatchState, duel: boolean): string[] {
  const tabs: string[] = [];
  if (match.stats.length > 0) tabs.push('ST');
  if (match.lineups.home.length + match.lineups.away.length > 0) tabs.push('LI');
  if (match.odds.length > 0) tabs.push('OD');
  if (duel) tabs.push('HH');
  return tabs;
}

export function renderCore(match: MatchState, duel: boolean): string {
  const f = match.fields;
  const lastChange = f.periodUpdateTime ?? f.periodStartTime ?? f.startTime;
  return serializeRows([
    [['SA', String(match.sportId)]],
    [
      ['DA', formatValue(f.stageType)],
      ['DZ', formatValue(f.stageType)],
      ['DB', formatValue(f.stage)],
      ['DD', formatValue(f.periodStartTime)],
      ['AW', formatValue(f.hasLiveCentre ?? 1)],
      ['DC', formatValue(f.startTime)],
      ['DS', formatValue(f.endTime ?? 0)],
      ['DE', formatValue(f.homeScore)],
      ['DF', formatValue(f.awayScore)],
      ['DG', formatValue(f.homeFullTime)],
      ['DH', formatValue(f.awayFullTime)],
      ['DI', formatValue(f.gameTime ?? -1)],
      ['DK', formatValue(lastChange)],
      ['DL', '1'],
      ['DM', formatValue(f.infoNotice)],
      ['DX', availableTabs(match, duel).join(',')],
      ...(f.fullTimeWinner !== undefined ? ([['AZ', formatValue(f.fullTimeWinner)]] as const) : []),
      ['AE', formatValue(f.home)],
      ['AF', formatValue(f.away)],
      ['WM', formatValue(f.homeShort)],
      ['WN', formatValue(f.awayShort)],
      ['PX', formatValue(f.homeParticipantId)],
      ['PY', formatValue(f.awayParticipantId)],
      ['A1', ''],
    ],
  ]);
}
