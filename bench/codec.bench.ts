// Feed codec throughput against JSON.parse of the same records, measured in the same run.
// A ~5 MB full feed (several sports, 5,000+ events with the keys real rows carry) is built with
// serializeRows; the baseline is the same rows as a JSON array of objects keyed by the feed keys,
// numeric keys as JSON numbers. Figures are ratios (ours / JSON.parse speed, > 1 means faster).
import { type FeedPair, type FeedRow, serializeRows } from '../src/protocol/codec';
import { indexFeed } from '../src/protocol/feed-index';
import { EVENT_FIELDS, LEAGUE_FIELDS } from '../src/protocol/keys';
import { parseListFeed } from '../src/protocol/list-feed';

const WARM_UP = 5;
const ITERATIONS = 15;
const SPORTS = [1, 2, 3, 4, 6, 12]; // soccer, tennis, basketball, hockey, baseball, volleyball
const LEAGUES_PER_SPORT = 50;
const EVENTS_PER_LEAGUE = 24;

// A small deterministic generator, so every run measures the same body.
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 0x100000000;
  };
}

const next = random(47);
const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const id = (): string => Array.from({ length: 8 }, () => ID_CHARS[Math.floor(next() * 62)]).join('');
const int = (n: number): number => Math.floor(next() * n);
const NAMES = ['Astana', 'Kairat', 'Tobol', 'Ordabasy', 'Aktobe', 'Shakhter', 'Kaisar', 'Zhetysu', 'Atyrau', 'Turan'];
const name = (): string => `${NAMES[int(NAMES.length)]} ${['', 'U21', '2', '(Kaz)'][int(4)]}`.trim();

const NUMERIC = new Set<string>(EVENT_FIELDS.filter(([, , kind]) => kind === 'num').map(([, key]) => key));
const LEAGUE_NUMERIC = new Set<string>(LEAGUE_FIELDS.filter(([, , kind]) => kind === 'num').map(([, key]) => key));

function leagueRow(sport: number, index: number): FeedRow {
  const template = id();
  return [
    ['ZA', `KAZAKHSTAN: Premier League ${sport}-${index}`],
    ['ZEE', template],
    ['ZB', '112'],
    ['ZY', 'Kazakhstan'],
    ['ZC', id()],
    ['ZD', 'p'],
    ['ZE', id()],
    ['ZF', '0'],
    ['ZO', '0'],
    ['ZG', '1'],
    ['ZH', `112_${template}`],
    ['ZJ', '2'],
    ['ZL', '/football/kazakhstan/premier-league/'],
    ['OAJ', `${id()}-${id()}.png`],
    ['ZX', '00Kazakhstan  010zakhstan0000000000001000Premier Leag014League000'],
    ['ZCC', '0'],
    ['TSS', ''],
    ['ZAF', 'Kazakhstan'],
  ];
}

function eventRow(sport: number, lean: boolean): FeedRow {
  const start = 1788300000 + int(86400);
  const stageType = 1 + int(3);
  const home = name();
  const away = name();
  const row: FeedPair[] = [
    ['AA', id()],
    ['AD', String(start)],
    ['ADE', String(start)],
    ['AB', String(stageType)],
    ['CR', String(stageType)],
    ['AC', String(stageType === 2 ? 12 + int(2) : stageType)],
    ['CX', home],
    ['RW', '0'],
    ['AX', String(int(2))],
    ['BW', '0'],
    ['BX', '-1'],
    ['WL', ''],
    ['WM', home.slice(0, 3).toUpperCase()],
    ['PX', id()],
    ['AE', home],
    ['FH', home],
    ['JA', id()],
    ['WU', home.toLowerCase().replace(/\W+/g, '-')],
    ['GRA', '0'],
    ['OA', `${id()}-${id()}.png`],
    ['WN', away.slice(0, 3).toUpperCase()],
    ['PY', id()],
    ['AF', away],
    ['FK', away],
    ['JB', id()],
    ['WV', away.toLowerCase().replace(/\W+/g, '-')],
    ['GRB', '0'],
    ['OB', `${id()}-${id()}.png`],
  ];
  if (stageType > 1) {
    const h = int(5);
    const a = int(5);
    row.push(['AO', String(start + 3000)], ['AG', String(h)], ['AH', String(a)], ['AT', String(h)], ['AU', String(a)]);
    const parts = sport === 6 ? 9 : sport === 1 ? 1 : 4;
    const keys = [
      'BA',
      'BB',
      'BC',
      'BD',
      'BE',
      'BF',
      'BG',
      'BH',
      'BI',
      'BJ',
      'BK',
      'BL',
      'BM',
      'BN',
      'BO',
      'BP',
      'BQ',
      'BR',
    ];
    for (let p = 0; p < parts; p++) row.push([keys[p * 2], String(int(4))], [keys[p * 2 + 1], String(int(4))]);
    if (stageType === 3) row.push(['AS', String(int(3))], ['AZ', String(int(3))], ['AZ', '']);
    else row.push(['AI', 'y']);
  }
  row.push(
    ['XA', (1 + next() * 4).toFixed(2)],
    ['XB', (2 + next() * 3).toFixed(2)],
    ['XC', (1 + next() * 6).toFixed(2)],
  );
  if (!lean && int(3) !== 0) row.push(['AL', broadcast(sport)]);
  if (!lean && int(4) === 0) row.push(['BGS', '{"GB":[16]}']);
  row.push(['AN', 'y'], ['MW', '16|417|574|933'], ['AW', '1']);
  return row;
}

// TV and streaming JSON as real rows carry it (protocol.md §3.3 `AL`).
function broadcast(sport: number): string {
  const bookmaker = (id: number, name: string): string =>
    `{"BU":"\\/bookmaker\\/${id}\\/?from=live-streaming&sport=${sport}","IU":"https:\\/\\/static.example\\/res\\/image\\/data\\/bookmakers\\/17-${id}.png","BN":"${name}","BI":${id}}`;
  const tv = '{"TVI":5863,"BU":"https:\\/\\/tv.example.kz\\/","BN":"Qazsport (Kaz)"}';
  return `{"1":[${tv}],"2":[${bookmaker(417, '1xBet')},${bookmaker(631, 'Caliente')}]}`;
}

function buildRows(lean: boolean): FeedRow[] {
  const rows: FeedRow[] = [];
  for (const sport of SPORTS) {
    rows.push([['SA', String(sport)]]);
    for (let l = 0; l < LEAGUES_PER_SPORT; l++) {
      rows.push(leagueRow(sport, l));
      for (let e = 0; e < EVENTS_PER_LEAGUE; e++) rows.push(eventRow(sport, lean));
    }
  }
  rows.push([['A1', 'ed761bb89345850654ac97f2e575beb2']]);
  return rows;
}

/** The same rows as JSON objects; a repeated key keeps its first non-empty value, as the mapping does. */
function toJson(rows: readonly FeedRow[]): string {
  const objects = rows.map((row) => {
    const league = row[0][0] === 'ZA';
    const object: Record<string, string | number> = {};
    for (const [key, value] of row) {
      if (key in object && value === '') continue;
      const numeric = league ? LEAGUE_NUMERIC.has(key) : NUMERIC.has(key) || key === 'SA';
      object[key] = numeric && value !== '' ? Number(value) : value;
    }
    return object;
  });
  return JSON.stringify(objects);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

let sink = 0;

/** Times each subject in turn, round after round, so noise hits all of them alike. */
function measure(subjects: Record<string, () => void>): Record<string, number> {
  const times: Record<string, number[]> = {};
  for (const name of Object.keys(subjects)) times[name] = [];
  for (let round = 0; round < WARM_UP + ITERATIONS; round++) {
    for (const [name, run] of Object.entries(subjects)) {
      const start = performance.now();
      run();
      const elapsed = performance.now() - start;
      if (round >= WARM_UP) times[name].push(elapsed);
    }
  }
  return Object.fromEntries(Object.entries(times).map(([name, list]) => [name, median(list)]));
}

/**
 * The benchmark's feed body and its JSON twin. `lean` leaves out the TV/streaming JSON (`AL`) and
 * `BGS` values, whose escaped JSON text costs JSON.parse more than it costs the feed scan.
 */
export function benchFeed(lean = false): { body: string; json: string } {
  const rows = buildRows(lean);
  return { body: serializeRows(rows), json: toJson(rows) };
}

const round = (n: number): number => Math.round(n * 100) / 100;

export default async function codecBench(): Promise<Record<string, unknown>> {
  const full = await measureFeed(false);
  const lean = await measureFeed(true);
  return { ...full, leanFeed: lean, targets: { index: 1.0, fullMapping: 0.5 }, sink: sink > 0 };
}

async function measureFeed(lean: boolean): Promise<Record<string, unknown>> {
  const { body, json } = benchFeed(lean);
  const check = parseListFeed(body);
  const eventCount = check.events.length;
  const ms = measure({
    jsonParse: () => {
      sink += (JSON.parse(json) as unknown[]).length;
    },
    index: () => {
      sink += indexFeed(body).cellCount;
    },
    indexReadAll: () => {
      const index = indexFeed(body);
      for (let cell = 0; cell < index.cellCount; cell++) sink += index.value(cell).length;
    },
    fullMapping: () => {
      sink += parseListFeed(body).events.length;
    },
  });
  return {
    feedBytes: body.length,
    jsonBytes: json.length,
    events: eventCount,
    leagues: check.leagues.length,
    medianMs: Object.fromEntries(Object.entries(ms).map(([k, v]) => [k, round(v)])),
    // ratio = JSON.parse time / our time for the same records: ours relative to JSON.parse speed.
    indexVsJsonParse: round(ms.jsonParse / ms.index),
    indexReadAllVsJsonParse: round(ms.jsonParse / ms.indexReadAll),
    fullMappingVsJsonParse: round(ms.jsonParse / ms.fullMapping),
  };
}
