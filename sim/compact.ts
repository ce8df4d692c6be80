// Compacting a finished match's script: when the simulation starts, matches that are already
// over need their results, not every point of them. The compacted script folds to the same row
// values, incidents, statistics, line-ups and odds (opening and closing) with far fewer facts.
import type { FactBody, RaceFields, ScorePatch, TimedFact } from './facts';

/** Keeps what the final state needs; scores and standings merged into their final values. */
export function compactScript(script: readonly TimedFact[]): TimedFact[] {
  if (script.length < 8) return script.slice();
  const out: TimedFact[] = [];
  let score: Record<string, string | number> | null = null;
  let scoreTime = 0;
  let firstOdds = true;
  let lastOdds: TimedFact | null = null;
  let lastStats: TimedFact | null = null;
  let lastRed: TimedFact | null = null;
  let lastStage: TimedFact | null = null;
  let standings: { time: number; leagueId: string; rows: Map<string, Record<string, string | number>> } | null = null;
  const flush = (time: number) => {
    if (score)
      out.push({
        time: Math.max(scoreTime, time),
        body: { type: 'ScoreChanged', matchId: matchIdOf(script), score: score as ScorePatch },
      });
    for (const f of [lastStage, lastRed, lastStats, lastOdds])
      if (f) out.push({ time: Math.max(f.time, time), body: f.body });
    if (standings) {
      const rows = [...standings.rows].map(([matchId, fields]) => ({ matchId, fields: fields as RaceFields }));
      out.push({
        time: Math.max(standings.time, time),
        body: { type: 'RaceStandingsChanged', leagueId: standings.leagueId, rows },
      });
    }
    score = null;
    lastOdds = lastStats = lastRed = lastStage = null;
    standings = null;
  };
  for (const fact of script) {
    const b: FactBody = fact.body;
    switch (b.type) {
      case 'ScoreChanged':
        score = { ...(score ?? {}), ...(b.score as Record<string, string | number>) };
        scoreTime = fact.time;
        break;
      case 'OddsMoved':
        if (firstOdds) {
          out.push(fact);
          firstOdds = false;
        } else lastOdds = fact;
        break;
      case 'StatsChanged':
        lastStats = fact;
        break;
      case 'RedCard':
        lastRed = fact;
        break;
      case 'RaceStandingsChanged': {
        if (!standings) standings = { time: fact.time, leagueId: b.leagueId, rows: new Map() };
        standings.time = fact.time;
        for (const row of b.rows) {
          standings.rows.set(row.matchId, {
            ...(standings.rows.get(row.matchId) ?? {}),
            ...(row.fields as Record<string, string | number>),
          });
        }
        break;
      }
      case 'StageChanged':
        // Only the last period start (AO) survives in the final row.
        if (b.periodStartTime !== undefined) lastStage = fact;
        break;
      case 'GameTimeChanged':
      case 'ServiceChanged':
      case 'GoalUnderReview':
        break;
      case 'MatchFinished':
      case 'MatchCalledOff':
        flush(fact.time);
        out.push(fact);
        break;
      case 'RaceStageChanged':
        if (b.stageType === 3) flush(fact.time);
        out.push(fact);
        break;
      default:
        out.push(fact);
    }
  }
  flush(out.length > 0 ? out[out.length - 1]!.time : 0);
  return out.sort((a, b) => a.time - b.time);
}

function matchIdOf(script: readonly TimedFact[]): string {
  for (const f of script) if ('matchId' in f.body) return f.body.matchId;
  return '';
}
