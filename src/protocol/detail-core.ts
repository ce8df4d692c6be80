// The two detail feeds the match-detail machine reads itself (protocol.md §4.1, §4.2): the event core (dc_) and
// the version hashes per section (g_). Rows are ordered pair lists (keys repeat inside one row); the readers never
// throw: a body without the row they need gives null. The other detail feeds are read by web/ui/match/detail-mappers.ts.
import { type FeedRow, parseRows } from './codec';

/** A cell as a finite number; undefined when missing, blank or not a number. */
export const cellNumber = (value: string | undefined): number | undefined => {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
};

/** The value of the first pair with `key` in a row. */
export const firstValue = (row: FeedRow, key: string): string | undefined => row.find(([k]) => k === key)?.[1];

/** dc_<pt>_<id>: the event core (protocol.md §4.1), led by the sport's SA row. */
export interface MatchCore {
  /** SA: the event's sport, so a match page opened from a bare link needs no other feed. */
  readonly sportId?: number;
  readonly stageType?: number;
  readonly stage?: number;
  readonly periodStartTime?: number;
  readonly startTime?: number;
  readonly endTime?: number;
  readonly homeScore?: number;
  readonly awayScore?: number;
  readonly gameTime?: number;
  readonly infoNotice?: string;
  /** DX tab codes (protocol.md §4.1a). */
  readonly tabs: readonly string[];
  /** Names, when the feed carries them (AE/AF). */
  readonly home?: string;
  readonly away?: string;
  /** PX/PY: the sides' participant ids (My Teams). */
  readonly homeParticipantId?: string;
  readonly awayParticipantId?: string;
}

export function parseCore(body: string): MatchCore | null {
  const rows = parseRows(body);
  const row = rows.find((r) => r.some(([k]) => k === 'DA' || k === 'DB' || k === 'DE'));
  if (!row) return null;
  const dx = firstValue(row, 'DX') ?? '';
  const sport = cellNumber(rows.find((r) => r[0]?.[0] === 'SA')?.[0]?.[1]);
  return {
    sportId: sport !== undefined && Number.isInteger(sport) && sport > 0 ? sport : undefined,
    stageType: cellNumber(firstValue(row, 'DA')),
    stage: cellNumber(firstValue(row, 'DB')),
    periodStartTime: cellNumber(firstValue(row, 'DD')),
    startTime: cellNumber(firstValue(row, 'DC')),
    endTime: cellNumber(firstValue(row, 'DS')),
    homeScore: cellNumber(firstValue(row, 'DE')),
    awayScore: cellNumber(firstValue(row, 'DF')),
    gameTime: cellNumber(firstValue(row, 'DI')),
    infoNotice: firstValue(row, 'DM') || undefined,
    tabs: dx
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
    home: firstValue(row, 'AE') || undefined,
    away: firstValue(row, 'AF') || undefined,
    homeParticipantId: firstValue(row, 'PX') || undefined,
    awayParticipantId: firstValue(row, 'PY') || undefined,
  };
}

/** g_<pt>_<id>: version hashes per section (protocol.md §4.2). */
export type MatchHashes = Readonly<Record<'CA' | 'CD' | 'CE' | 'CF', string>>;

export function parseHashes(body: string): MatchHashes | null {
  const row = parseRows(body).find((r) => r.some(([k]) => k === 'CA'));
  if (!row) return null;
  return {
    CA: firstValue(row, 'CA') ?? '',
    CD: firstValue(row, 'CD') ?? '',
    CE: firstValue(row, 'CE') ?? '',
    CF: firstValue(row, 'CF') ?? '',
  };
}
