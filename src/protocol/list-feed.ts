// List feeds (f_, u_, r_, t_ …) mapped to typed records in one pass over the body (protocol.md §3).
// The scan finds separators with indexOf and reads each key by its character codes, so only
// the values that land in a record are ever cut out of the body.
import { isEmptyFeedBody, normalizeFeedBody } from './codec';
import { FeedScanner } from './feed-scanner';
import { numberAt } from './feed-number';
import { EVENT_TABLE, type FieldTable, keyCode, keyCodeAt, LEAGUE_TABLE } from './key-codes';
import { EVENT_SETTER_NAMES, setEventField } from './event-field-setters';
import { type NamedSetters, RecordBuilder } from './record-builder';
import type { EventRecord, LeagueRecord, ListFeed, MovedEvent } from './list-feed-types';

const CODE_SA = keyCode('SA');
const CODE_ZA = keyCode('ZA');
const CODE_AA = keyCode('AA');
const CODE_QA = keyCode('QA');
const CODE_QB = keyCode('QB');
const CODE_QC = keyCode('QC');
const CODE_A1 = keyCode('A1');
const CODE_A2 = keyCode('A2');
const CODE_ST = keyCode('ST');
const CODE_ZC = keyCode('ZC');

// Row modes: what the current row's cells feed.
const Mode = { Skip: 0, Event: 1, League: 2, Moved: 3 } as const;
type Mode = (typeof Mode)[keyof typeof Mode];

// Shared by every call (parsing is synchronous): the shape templates stay warm between feeds.
const eventBuilder = new RecordBuilder(EVENT_TABLE, ['id', 'sportId', 'leagueId'], {
  names: EVENT_SETTER_NAMES,
  set: setEventField as NamedSetters['set'],
});
const leagueBuilder = new RecordBuilder(LEAGUE_TABLE, ['id', 'sportId']);
type Writable<T> = { -readonly [K in keyof T]: T[K] };
type MutableMoved = { id: string; startTime: number | null; endTime: number | null };

/** An empty list feed (S5-7 bodies, or nothing recognisable). */
function emptyFeed(empty: boolean): ListFeed {
  return { sport: null, leagues: [], events: [], repair: [], moved: [], signature: null, refreshUtime: null, empty };
}

/**
 * Maps a list feed: `SA` sets the sport, `ZA` opens a league (`<sport>_<ZC>`), `AA` rows become
 * events under it (only the keys a row carries are set; a repeated key keeps its first non-empty
 * value), `QA`/`QB`/`QC` give moved events, `ST÷repair` sends the following events to `repair`
 * until the next `A1`, `A1` is the signature and `A2` the refresh utime. Never throws.
 */
export function parseListFeed(body: string): ListFeed {
  if (isEmptyFeedBody(body)) return emptyFeed(true);
  try {
    return scan(normalizeFeedBody(body));
  } catch {
    // S8-7: a body that cannot be mapped yields nothing rather than an exception.
    return emptyFeed(false);
  }
}

function scan(text: string): ListFeed {
  const leagues: LeagueRecord[] = [];
  const events: EventRecord[] = [];
  const repair: EventRecord[] = [];
  const moved: MutableMoved[] = [];
  let firstSport: number | null = null;
  let sport: number | null = null;
  let leagueId: string | null = null;
  let signature: string | null = null;
  let refreshUtime: number | null = null;
  let inRepair = false;

  // Per-row state.
  let mode: Mode = Mode.Skip;
  let firstCell = true;
  let table: FieldTable = EVENT_TABLE;
  let builder = eventBuilder;
  let eventId = '';
  let leagueStage: string | null = null;
  let movedCurrent: MutableMoved | null = null;

  const scanner = new FeedScanner(text);
  while (scanner.next()) {
    const { start: pos, keyEnd, valueStart, end } = scanner;
    if (scanner.hasCell) {
      const code = keyCodeAt(text, pos, keyEnd);
      if (firstCell) {
        firstCell = false;
        // The first cell's key decides the row type (protocol.md §1 rule 1).
        if (code === CODE_AA && valueStart < end) {
          mode = Mode.Event;
          table = EVENT_TABLE;
          builder = eventBuilder;
          builder.begin();
          eventId = text.slice(valueStart, end);
        } else if (code === CODE_ZA) {
          mode = Mode.League;
          table = LEAGUE_TABLE;
          builder = leagueBuilder;
          builder.begin();
          leagueStage = null;
        } else if (code === CODE_QA || code === CODE_QB) {
          mode = Mode.Moved;
        } else {
          mode = Mode.Skip;
          if (code === CODE_SA) {
            const value = numberAt(text, valueStart, end);
            sport = Number.isNaN(value) ? null : value;
            if (firstSport === null) firstSport = sport;
          } else if (code === CODE_A1) {
            signature = text.slice(valueStart, end);
            inRepair = false;
          } else if (code === CODE_A2) {
            const value = numberAt(text, valueStart, end);
            refreshUtime = Number.isNaN(value) ? null : value;
          } else if (code === CODE_ST) {
            if (end - valueStart === 6 && text.startsWith('repair', valueStart)) inRepair = true;
          }
        }
      }
      if (mode === Mode.Event || mode === Mode.League) {
        let field = code >= 0 ? table.byCode[code] - 1 : -1;
        if (field < 0 && code < 0 && table.byKey.size > 0) field = table.byKey.get(text.slice(pos, keyEnd)) ?? -1;
        if (field >= 0 && builder.wants(field)) {
          if (table.numeric[field] === 1) {
            const value = numberAt(text, valueStart, end);
            if (!Number.isNaN(value)) builder.set(field, value, true);
          } else if (valueStart < end) {
            builder.set(field, text.slice(valueStart, end), true);
          } else {
            builder.set(field, '', false);
          }
        }
        if (mode === Mode.League && code === CODE_ZC && leagueStage === null && valueStart < end) {
          leagueStage = text.slice(valueStart, end);
        }
      } else if (mode === Mode.Moved) {
        if (code === CODE_QB) {
          movedCurrent = { id: text.slice(valueStart, end), startTime: null, endTime: null };
          moved.push(movedCurrent);
        } else if (code === CODE_QC && movedCurrent !== null) {
          const bar = text.indexOf('|', valueStart);
          const split = bar === -1 || bar > end ? end : bar;
          const start = numberAt(text, valueStart, split);
          const stop = split < end ? numberAt(text, split + 1, end) : Number.NaN;
          movedCurrent.startTime = Number.isNaN(start) ? null : start;
          movedCurrent.endTime = Number.isNaN(stop) ? null : stop;
        }
      }
    }
    if (scanner.endsRow) {
      // Row end: file the record the row built.
      if (mode === Mode.Event) {
        const record = builder.build(eventId, sport, leagueId) as Writable<EventRecord>;
        record.id = eventId;
        record.sportId = sport;
        record.leagueId = leagueId;
        (inRepair ? repair : events).push(record);
      } else if (mode === Mode.League) {
        leagueId = sport !== null && leagueStage !== null ? `${sport}_${leagueStage}` : null;
        const record = builder.build(leagueId, sport) as Writable<LeagueRecord>;
        record.id = leagueId;
        record.sportId = sport;
        // Repair rows reset known leagues; they never add new ones (protocol.md §6.3).
        if (!inRepair) leagues.push(record);
      }
      if (mode !== Mode.Moved) movedCurrent = null;
      mode = Mode.Skip;
      firstCell = true;
    }
  }
  return {
    sport: firstSport,
    leagues,
    events,
    repair,
    moved: moved as MovedEvent[],
    signature,
    refreshUtime,
    empty: false,
  };
}
