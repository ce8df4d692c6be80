// The replayed site's timeline (`scores replay --match <id>` / `--push-drop <times>`, or a stream with visitor
// events): what the root's clock, the match-detail machine, the push connection and the visitor's tabs did, in
// virtual time.

export type SiteActorName = 'clock' | 'matchDetail' | 'push' | VisitorActorName;
/** The replay's visitor (cli/replay/visitor.ts): its events, its tabs' machines, the fake account server. */
export type VisitorActorName = 'visitor' | 'myGames' | 'pinToggle' | 'notifications' | 'account';

export interface SiteTraceEntry {
  /** Virtual time, epoch ms. */
  readonly time: number;
  readonly actor: SiteActorName;
  /** The state change, `region: from → to` (`sync: waiting → polling`), or `tick` for the clock's reading. */
  readonly transition: string;
  /** What it showed or did: the match's clock text at a tick, the feed fetched, the reconnect wait. */
  readonly detail: string;
}

function timeOf(time: number): string {
  const iso = new Date(time).toISOString();
  return time % 1000 === 0 ? iso.slice(11, 19) : iso.slice(11, 23);
}

/** A readable timeline, one line per entry. */
export function formatSiteTrace(entries: readonly SiteTraceEntry[]): string {
  if (entries.length === 0) return 'site: nothing happened';
  const lines = ['site (times UTC):'];
  for (const entry of entries) {
    const detail = entry.detail === '' ? '' : `  ${entry.detail}`;
    lines.push(`  ${timeOf(entry.time).padEnd(12)}  ${entry.actor.padEnd(11)}  ${entry.transition}${detail}`);
  }
  return lines.join('\n');
}
