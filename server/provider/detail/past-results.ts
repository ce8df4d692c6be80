// Older results for head-to-head (S9-6: each team's last 10 matches, the two teams' last 5
// meetings). The simulated world holds only its first day (yesterday) and the days after, so most
// teams would show no history. Before the world's first day each league plays a weekly round robin
// of the teams seen in it, and every pair met once a season before that. A made-up result takes the
// final state of a finished match of the same league (else sport) on the world's first day, so its
// score, sets, periods and shoot-out look like that sport's; all of it follows from ids, dates and
// that first day, so every request and every team's view of a match agree.
import { hashString, idFor } from '../../../sim/random';
import type { MatchState, WorldState } from '../../../sim/world/state';
import type { EventFields } from '../../../src/protocol/keys';

const DAY_S = 86_400;
const WEEK_S = 7 * DAY_S;
const FINISHED = 3; // AB 3
const CALLED_OFF = new Set([4, 5, 9, 36, 37]); // postponed, cancelled, walkover, interrupted, abandoned
/** Round-robin weeks before the world's first day: one match a week, enough for S9-6's 10. */
const ROUND_ROBIN_WEEKS = 10;
/** Seasons of meetings before the round robin, one meeting each: S9-6's 5. */
const SEASONS = 5;
const SEASON_S = 182 * DAY_S;

type Side = 'home' | 'away';

/** What a result row needs of a participant, as the world's matches carry it. */
interface Participant {
  readonly key: string;
  readonly name?: string;
  readonly id?: string;
  readonly slug?: string;
  readonly firstName?: string;
  readonly image?: string;
}

export function isPlayedResult(match: MatchState): boolean {
  return match.fields.stageType === FINISHED && !CALLED_OFF.has(match.fields.stage ?? 0);
}

export function teamKey(match: MatchState, side: Side): string {
  const id = side === 'home' ? match.fields.homeParticipantId : match.fields.awayParticipantId;
  const name = side === 'home' ? match.fields.home : match.fields.away;
  return id ? `id:${id}` : `name:${name ?? ''}`;
}

function participantOf(match: MatchState, side: Side): Participant {
  const f = match.fields;
  const key = teamKey(match, side);
  return side === 'home'
    ? { key, name: f.home, id: f.homeParticipantId, slug: f.homeSlug, firstName: f.homeFirstName, image: f.homeImage }
    : { key, name: f.away, id: f.awayParticipantId, slug: f.awaySlug, firstName: f.awayFirstName, image: f.awayImage };
}

/** A participant's fields on one side of a match. */
function asSide(p: Participant, side: Side): EventFields {
  return side === 'home'
    ? { home: p.name, homeParticipantId: p.id, homeSlug: p.slug, homeFirstName: p.firstName, homeImage: p.image }
    : { away: p.name, awayParticipantId: p.id, awaySlug: p.slug, awayFirstName: p.firstName, awayImage: p.image };
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Circle-method round robin over `size` teams: who plays team `index` in week `week`, or null for a
 * bye. Team 0 stays put while the others turn one place a week, so in `size - 1` weeks (`size` when
 * odd) every pair meets once.
 */
export function opponentIn(size: number, index: number, week: number): number | null {
  const n = size % 2 === 0 ? size : size + 1; // an odd field adds a bye (team `size`)
  const turns = n - 1;
  const round = week % turns;
  const teamAt = (position: number) => (position === 0 ? 0 : ((position - 1 + round) % turns) + 1);
  const positionOf = (team: number) => (team === 0 ? 0 : ((team - 1 - round + turns) % turns) + 1);
  const other = teamAt(n - 1 - positionOf(index));
  return other < size ? other : null;
}

export function pastResults(world: WorldState, match: MatchState): MatchState[] {
  const home = teamKey(match, 'home');
  const away = teamKey(match, 'away');
  let firstStart = Number.POSITIVE_INFINITY;
  for (const m of world.matches.values()) firstStart = Math.min(firstStart, m.fields.startTime ?? firstStart);
  if (!Number.isFinite(firstStart)) return [];
  // The world's first day is its first 24 hours (a local day); made-up dates fall before its UTC midnight.
  const firstDayEnd = firstStart + DAY_S;
  const firstDay = Math.floor(firstStart / DAY_S) * DAY_S;
  const pool = new Map<string, Participant>();
  const leagueTemplates: MatchState[] = [];
  const sportTemplates: MatchState[] = [];
  for (const m of world.matches.values()) {
    if (m.leagueId === match.leagueId) {
      for (const side of ['home', 'away'] as const) {
        const p = participantOf(m, side);
        if (p.key !== 'name:' && !pool.has(p.key)) pool.set(p.key, p);
      }
    }
    const onFirstDay = (m.fields.startTime ?? Number.POSITIVE_INFINITY) < firstDayEnd;
    if (m.sportId !== match.sportId || !onFirstDay || !isPlayedResult(m)) continue;
    (m.leagueId === match.leagueId ? leagueTemplates : sportTemplates).push(m);
  }
  const templates = (leagueTemplates.length > 0 ? leagueTemplates : sportTemplates).sort((a, b) => byText(a.id, b.id));
  if (templates.length === 0) return [];
  const teams = [...pool.values()].sort((a, b) => byText(a.key, b.key));
  const result = (start: number, h: Participant, a: Participant): MatchState => {
    const label = `past/${match.leagueId}/${start}/${h.key}/${a.key}`;
    const template = templates[hashString(label) % templates.length]!;
    const timeOfDay = (template.fields.startTime ?? 0) % DAY_S;
    return {
      ...template,
      id: idFor(0, label),
      leagueId: match.leagueId, // the template may be another league's
      fields: { ...template.fields, ...asSide(h, 'home'), ...asSide(a, 'away'), startTime: start + timeOfDay },
    };
  };
  const out: MatchState[] = [];
  const seen = new Set<string>();
  const add = (m: MatchState) => {
    if (seen.has(m.id)) return;
    seen.add(m.id);
    out.push(m);
  };
  // The round robin, for both teams.
  for (const key of [home, away]) {
    const index = teams.findIndex((t) => t.key === key);
    if (index < 0 || teams.length < 2) continue;
    for (let week = 1; week <= ROUND_ROBIN_WEEKS; week++) {
      const other = opponentIn(teams.length, index, week);
      if (other === null) continue;
      const [first, second] = index < other ? [index, other] : [other, index];
      const hostFirst = (week + first + second) % 2 === 0;
      const [h, a] = hostFirst ? [teams[first]!, teams[second]!] : [teams[second]!, teams[first]!];
      add(result(firstDay - week * WEEK_S, h, a));
    }
  }
  // One meeting a season before that.
  const homeTeam = pool.get(home);
  const awayTeam = pool.get(away);
  if (homeTeam && awayTeam && home !== away) {
    const [first, second] = home < away ? [homeTeam, awayTeam] : [awayTeam, homeTeam];
    for (let season = 1; season <= SEASONS; season++) {
      const start = firstDay - ROUND_ROBIN_WEEKS * WEEK_S - season * SEASON_S;
      add(season % 2 === 0 ? result(start, first, second) : result(start, second, first));
    }
  }
  return out;
}
