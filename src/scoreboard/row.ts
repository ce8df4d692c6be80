// An event as the store holds it: the parsed record itself (never mutated: a change replaces it, so
// loading a feed copies nothing), the store's marks, and the per-field ordering memory of
// feed-ordinal.ts. The ScoreboardEvent a reader sees is built on first read and kept until the row
// changes, so unchanged rows keep their identity.
import type { EventRecord } from '../protocol/list-feed-types';
import type { ScoreboardEvent } from './types';

/** A row as merging sees it, and an event's fields as the store holds them: an id plus any event fields. */
export type EventFieldsRow = Omit<EventRecord, 'sportId' | 'leagueId'> &
  Partial<Pick<EventRecord, 'sportId' | 'leagueId'>>;

/** Event fields by name, for the merges that walk them. */
export type FieldMap = Record<string, unknown>;

/** What merging never writes: the row's identity and the store's own marks. */
export const IDENTITY_KEYS: ReadonlySet<string> = new Set([
  'id',
  'sportId',
  'leagueId',
  'version',
  'liveMarked',
  'highlight',
]);

/** Per-event ordering memory (see feed-ordinal.ts). */
export interface FieldOrdinals {
  /** Ordinal of the full or repair feed that last wrote the whole row. */
  base: number | null;
  /** Fields written later by newer feeds, or deleted by them. */
  fields: Map<string, number> | null;
}

/** The ordinal of the feed that last wrote `field`. */
export function fieldOrdinal(ordinals: FieldOrdinals, field: string): number | undefined {
  const own = ordinals.fields?.get(field);
  if (own !== undefined) return own;
  return ordinals.base ?? undefined;
}

export type Highlight = ScoreboardEvent['highlight'];

export class Row {
  private view: ScoreboardEvent | null = null;
  constructor(
    public fields: EventFieldsRow,
    public version: number,
    public liveMarked: boolean,
    public highlight: Highlight,
    public ordinals: FieldOrdinals,
  ) {}

  /** The event a reader sees, built on first read and kept until the row changes. */
  event(): ScoreboardEvent {
    if (this.view === null) {
      this.view = Object.assign({}, this.fields, {
        version: this.version,
        liveMarked: this.liveMarked,
        highlight: this.highlight,
      }) as ScoreboardEvent;
    }
    return this.view;
  }

  /** The row changed at store version `version`: readers get a new event. */
  stamp(version: number): void {
    this.version = version;
    this.view = null;
  }
}

/** Same fields (an empty string and a missing field both mean "no value"). */
export function sameFields(a: object, b: object): boolean {
  const x = a as FieldMap;
  const y = b as FieldMap;
  for (const key in x) if (x[key] !== y[key] && !(x[key] === '' && y[key] === undefined)) return false;
  for (const key in y) if (!(key in x) && y[key] !== '' && y[key] !== undefined) return false;
  return true;
}
