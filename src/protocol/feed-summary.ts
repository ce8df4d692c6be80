// What a person sees in a feed body: row counts by type and, for list feeds, leagues with their
// events. Used by `scores feed parse`. It walks the raw rows (not the typed mapping), so it shows
// any feed, detail feeds included, exactly as the rows say.
import { indexFeed } from './feed-index';
import { escapeTerminalText as esc } from './terminal-text';

export interface FeedSummaryEvent {
  readonly id: string;
  readonly home: string | null;
  readonly away: string | null;
  readonly stageType: number | null;
  readonly stage: number | null;
  readonly homeScore: number | null;
  readonly awayScore: number | null;
  readonly startTime: number | null;
}

export interface FeedSummaryLeague {
  /** `<sport>_<ZC>`, or null for events before any league row or a league without ZC/sport. */
  readonly id: string | null;
  readonly name: string | null;
  readonly events: FeedSummaryEvent[];
}

export interface FeedSummary {
  /** First `SA` value, or null. */
  readonly sport: number | null;
  readonly rows: number;
  /** Row count per row type (the first key of the row), in order of first appearance. */
  readonly rowTypes: Record<string, number>;
  readonly leagues: FeedSummaryLeague[];
}

export function summarizeFeed(body: string): FeedSummary {
  const index = indexFeed(body);
  const rowTypes: Record<string, number> = {};
  const leagues: FeedSummaryLeague[] = [];
  let firstSport: number | null = null;
  let sport: number | null = null;
  let league: FeedSummaryLeague | null = null;
  const number = (row: number, key: string): number | null => {
    const text = index.get(row, key);
    if (text === null || text.trim() === '') return null;
    const value = Number(text);
    return Number.isFinite(value) ? value : null;
  };
  for (let row = 0; row < index.rowCount; row++) {
    const type = index.rowKey(row);
    rowTypes[type] = (rowTypes[type] ?? 0) + 1;
    if (type === 'SA') {
      sport = number(row, 'SA');
      if (firstSport === null) firstSport = sport;
    } else if (type === 'ZA') {
      const stage = index.get(row, 'ZC');
      league = {
        id: sport !== null && stage ? `${sport}_${stage}` : null,
        name: index.get(row, 'ZA'),
        events: [],
      };
      leagues.push(league);
    } else if (type === 'AA') {
      const id = index.get(row, 'AA');
      if (!id) continue;
      if (league === null) {
        league = { id: null, name: null, events: [] };
        leagues.push(league);
      }
      league.events.push({
        id,
        home: index.get(row, 'AE'),
        away: index.get(row, 'AF'),
        stageType: number(row, 'AB'),
        stage: number(row, 'AC'),
        homeScore: number(row, 'AG'),
        awayScore: number(row, 'AH'),
        startTime: number(row, 'AD'),
      });
    }
  }
  return { sport: firstSport, rows: index.rowCount, rowTypes, leagues };
}

const STAGE_TYPES: Readonly<Record<number, string>> = { 1: 'scheduled', 2: 'live', 3: 'finished' };

/** Unix seconds as `YYYY-MM-DDTHH:MMZ`, or the number itself when no date has it (past ±8.64e12 s). */
function formatStart(seconds: number): string {
  const date = new Date(seconds * 1000);
  return Number.isNaN(date.getTime()) ? `start ${seconds}` : `${date.toISOString().slice(0, 16)}Z`;
}

/** A short English text of the summary for the terminal; text from the feed is escaped (terminal-text.ts). */
export function formatFeedSummary(summary: FeedSummary): string {
  const lines: string[] = [];
  const types = Object.entries(summary.rowTypes)
    .map(([type, count]) => `${esc(type)} ${count}`)
    .join(', ');
  lines.push(`${summary.rows} rows${summary.sport === null ? '' : `, sport ${summary.sport}`}`);
  lines.push(`row types: ${types || 'none'}`);
  for (const league of summary.leagues) {
    const count = `${league.events.length} event${league.events.length === 1 ? '' : 's'}`;
    lines.push('');
    lines.push(
      `${league.name === null ? '(no league)' : esc(league.name)}${league.id === null ? '' : ` [${esc(league.id)}]`}: ${count}`,
    );
    for (const event of league.events) {
      const score =
        event.homeScore === null && event.awayScore === null
          ? '-:-'
          : `${event.homeScore ?? '-'}:${event.awayScore ?? '-'}`;
      const stage = event.stageType === null ? '' : (STAGE_TYPES[event.stageType] ?? `type ${event.stageType}`);
      const stageCode = event.stage === null ? '' : ` (stage ${event.stage})`;
      const start = event.startTime === null ? '' : `  ${formatStart(event.startTime)}`;
      const home = event.home === null ? '?' : esc(event.home);
      const away = event.away === null ? '?' : esc(event.away);
      lines.push(`  ${esc(event.id)}  ${home} ${score} ${away}  ${stage}${stageCode}${start}`);
    }
  }
  if (summary.leagues.length === 0 && summary.rows > 0) lines.push('', 'no leagues or events');
  return lines.join('\n');
}
