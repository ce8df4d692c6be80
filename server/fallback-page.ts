// The page served when the browser client is not built (no dist/index.html): it says so and lists
// the live matches it can read through the FeedSource's repair feeds, so the server is useful
// before the UI exists. An address that is no page of the site gets it too, headed by a not-found line.
import { EDITION } from '../src/domain/edition';
import { SPORTS } from '../src/domain/sports';
import type { FeedSource } from '../src/protocol/feed-source';
import { parseListFeed } from '../src/protocol/list-feed';

const MAX_ROWS = 500;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

interface LiveLine {
  readonly sport: string;
  readonly league: string;
  readonly home: string;
  readonly away: string;
  readonly score: string;
}

async function liveLines(source: FeedSource): Promise<LiveLine[]> {
  const lines: LiveLine[] = [];
  for (const sport of SPORTS) {
    if (lines.length >= MAX_ROWS) break;
    if (sport.isGroup) continue; // a group's repair feed repeats its children's matches (S3-2)
    let body = '';
    try {
      const response = await source.fetch({ feed: `r_${sport.id}_${EDITION.projectType}`, headers: {} });
      if (response.status !== 200) continue;
      body = response.body;
    } catch {
      continue;
    }
    const feed = parseListFeed(body);
    const leagueNames = new Map(feed.leagues.map((l) => [l.id, l.name ?? '']));
    for (const event of [...feed.events, ...feed.repair]) {
      if (lines.length >= MAX_ROWS) break;
      lines.push({
        sport: sport.name,
        league: leagueNames.get(event.leagueId) ?? '',
        home: event.home ?? '',
        away: event.away ?? '',
        score: `${event.homeScore ?? '-'}:${event.awayScore ?? '-'}`,
      });
    }
  }
  return lines;
}

export interface FallbackPageOptions {
  /** The address is no page of the site: the page says so first (it is answered with 404). */
  readonly notFound?: boolean;
}

export async function renderFallbackPage(source: FeedSource, options: FallbackPageOptions = {}): Promise<string> {
  const lines = await liveLines(source);
  const rows = lines
    .map(
      (l) =>
        `<tr><td>${escapeHtml(l.sport)}</td><td>${escapeHtml(l.league)}</td><td>${escapeHtml(l.home)}</td>` +
        `<td>${escapeHtml(l.score)}</td><td>${escapeHtml(l.away)}</td></tr>`,
    )
    .join('\n');
  const time = new Date(source.now()).toISOString();
  return `<!doctype html>
<html lang="kk">
<head><meta charset="utf-8"><meta http-equiv="refresh" content="30"><title>Live scores: client not built</title></head>
<body>
${options.notFound ? '<h1>Бет табылмады (page not found)</h1>\n' : ''}<h1>Клиент әлі жиналмаған (the client is not built)</h1>
<p>Run <code>npm run build</code> (or <code>npm start</code>, which builds it) to serve the site. Feeds are live at
<code>/${EDITION.projectId}/x/feed/&lt;name&gt;</code> and push at <code>/push</code>.</p>
<h2>Қазір жүріп жатқан матчтар (live now): ${lines.length}</h2>
<p>Server time ${escapeHtml(time)}</p>
<table border="1" cellpadding="4">
<tr><th>sport</th><th>league</th><th>home</th><th>score</th><th>away</th></tr>
${rows}
</table>
</body>
</html>
`;
}
