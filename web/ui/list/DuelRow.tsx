// One match of a duel sport: status or start time, the two sides, the score, part scores where the
// layout has room, red cards, the serve mark and odds. Each part watches only the fields it shows
// (useEventFields): a score change redraws the score cell (and the part scores), not the row, its
// status or its sides. The row itself redraws for its class, names, cards, serve and odds. The live
// minute ticks inside the status cell alone. Clicks are handled once by the list (row-navigation.ts).
import { useSelector } from '@xstate/react';
import { memo, useMemo } from 'react';
import {
  detailTitle,
  duelScoreText,
  hasDetailColumn,
  hasResultNote,
  partCells,
  partFieldNames,
  resultNote,
  serveTitle,
  wideScore,
} from '../../../src/domain/score-parts';
import { sportById } from '../../../src/domain/sports';
import { isLiveStage, STAGE_TYPE } from '../../../src/domain/stages';
import { kk } from '../../../src/i18n/kk';
import { ODDS_FIELDS } from '../../../src/protocol/keys';
import type { ScoreboardEvent } from '../../../src/scoreboard/types';
import { useSiteChild } from '../common/actors';
import { DATE_TICK_MS, useNow } from '../common/use-now';
import { oddsText, resultShows, statusInputsEqual, statusText } from '../../../src/domain/shown-text';
import { startTimeText } from '../format/time';
import { useEventFields } from '../store/hooks';
import { useBlinkPhase } from './blink-phase';
import { matchHref } from './row-navigation';

const LIVE_TICK_MS = 5_000; // S9-4: counter refresh every 5 s

export interface DuelRowProps {
  readonly eventId: string;
  readonly sportId: number;
  readonly withOdds: boolean;
}

/** What the row level shows: its class, the names, cards, serve and odds (not the score or status). */
const ROW_FIELDS = [
  'stageType',
  'liveMarked',
  'home',
  'away',
  'homeShort',
  'awayShort',
  'homeRedCards',
  'awayRedCards',
  'service',
  'infoNotice',
  ...ODDS_FIELDS,
] as const;

function sameRowFields(a: ScoreboardEvent, b: ScoreboardEvent): boolean {
  return ROW_FIELDS.every((key) => a[key] === b[key]) && a.highlight?.kind === b.highlight?.kind;
}

/** The score cell's fields (S4-14: whether it shows, and the totals; cricket adds the wickets). */
function sameScore(a: ScoreboardEvent, b: ScoreboardEvent): boolean {
  return (
    a.homeScore === b.homeScore &&
    a.awayScore === b.awayScore &&
    a.homeWickets === b.homeWickets &&
    a.awayWickets === b.awayWickets &&
    resultShows(a) === resultShows(b)
  );
}

/** The detail cell's fields: tennis points, cricket overs, darts legs, outs and who bats. */
const DETAIL_FIELDS = [
  'stageType',
  'homeGamePoints',
  'awayGamePoints',
  'homeOvers',
  'awayOvers',
  'homeLegs',
  'awayLegs',
  'outs',
  'service',
  'playingOnSets',
  'homeScore',
  'awayScore',
] as const;

function sameDetail(a: ScoreboardEvent, b: ScoreboardEvent): boolean {
  return DETAIL_FIELDS.every((key) => a[key] === b[key]) && resultShows(a) === resultShows(b);
}

export const DuelRow = memo(function DuelRow({ eventId, sportId, withOdds }: DuelRowProps) {
  const event = useEventFields(eventId, sameRowFields);
  const sport = sportById(sportId);
  if (!event || !sport) return null;
  // S9-4: the store ends a highlight on time (the feed engine's highlights region), so the row shows
  // what the store holds and keeps no timer of its own.
  const highlight = event.highlight?.kind ?? null;
  const live = isLiveStage(event.stageType);
  let className = live ? 'row row--duel row--live' : 'row row--duel';
  if (event.liveMarked) className += ' row--marked';
  if (highlight) className += ` row--hl-${highlight}`;
  const home = event.home ?? event.homeShort ?? '';
  const away = event.away ?? event.awayShort ?? '';
  const serving = sport.serving && live ? (event.service ?? 0) : 0;
  const detail = hasDetailColumn(sportId);
  if (detail) className += ' row--detail';
  const noted = hasResultNote(sportId);
  if (noted) className += ' row--noted';
  if (wideScore(sportId)) className += ' row--wide-score';
  const note = resultNote(event, sportId);
  return (
    // Named by what it shows (WCAG 2.5.3), so a visitor can say what they see.
    <a className={className} href={matchHref(eventId)} data-event-id={eventId} data-sport-id={sportId}>
      <StatusCell eventId={eventId} sportId={sportId} />
      <Sides
        home={home}
        away={away}
        homeRedCards={event.homeRedCards ?? 0}
        awayRedCards={event.awayRedCards ?? 0}
        serving={serving}
        serveTitle={serveTitle(sportId)}
      />
      {detail ? <Detail eventId={eventId} sportId={sportId} /> : null}
      <Score eventId={eventId} sportId={sportId} highlighted={highlight !== null} />
      {sport.parts >= 2 ? <Parts eventId={eventId} sportId={sportId} parts={sport.parts} /> : null}
      {withOdds ? (
        <Odds
          threeWay={sport.oddsType === '1x2'}
          odds1={event.odds1}
          oddsX={event.oddsX}
          odds2={event.odds2}
          prev1={event.prevOdds1}
          prevX={event.prevOddsX}
          prev2={event.prevOdds2}
        />
      ) : null}
      {noted ? (
        <span className="row__note" data-testid="row-note">
          {note}
        </span>
      ) : null}
    </a>
  );
});

/**
 * Start time, or live minute / stage, from the page clock: every 5 s while the match is live (S9-4), every
 * quarter hour for a start time (its day may change); a finished match's label needs no time.
 */
const StatusCell = memo(function StatusCell({ eventId, sportId }: { eventId: string; sportId: number }) {
  const same = useMemo(() => statusInputsEqual(sportId), [sportId]);
  const event = useEventFields(eventId, same);
  const live = event !== undefined && isLiveStage(event.stageType);
  const scheduled = event !== undefined && event.stageType === STAGE_TYPE.SCHEDULED;
  const now = useNow(live ? LIVE_TICK_MS : DATE_TICK_MS, live || scheduled);
  if (!event) return null;
  if (event.stageType === STAGE_TYPE.SCHEDULED) {
    return <StartTime text={event.startTime ? startTimeText(event.startTime, now) : ''} />;
  }
  const status = statusText(event, sportId, now);
  return <Stage text={status.text} short={status.short} blink={status.blink} live={status.live} />;
});

const StartTime = memo(function StartTime({ text }: { text: string }) {
  return (
    <span className="row__status" data-testid="row-status">
      <span className="row__time">{text}</span>
    </span>
  );
});

const Stage = memo(function Stage(props: { text: string; short: string; blink: boolean; live: boolean }) {
  return (
    <span className="row__status" data-testid="row-status">
      <span className={props.live ? 'row__stage row__stage--live' : 'row__stage'}>
        <StatusLabel text={props.text} short={props.short} blink={props.blink} />
      </span>
    </span>
  );
});

/** Full and short status text (CSS picks one by width, S3-38); a running clock's apostrophe blinks (S4-18). */
export function StatusLabel({ text, short, blink }: { text: string; short: string; blink: boolean }) {
  useBlinkPhase(blink);
  const strip = (t: string) => (blink && t.endsWith("'") ? t.slice(0, -1) : t);
  const mark = blink ? (
    <span className="blink" aria-hidden="true">
      '
    </span>
  ) : null;
  return (
    <>
      <span className="status-full">
        {strip(text)}
        {mark}
      </span>
      <span className="status-short" aria-hidden="true">
        {strip(short)}
        {mark}
      </span>
    </>
  );
}

const Sides = memo(function Sides(props: {
  home: string;
  away: string;
  homeRedCards: number;
  awayRedCards: number;
  /** The serving side (S3-5), 0 for none. */
  serving: number;
  /** What the mark means in this sport: serve, throw, bat or ball. */
  serveTitle: string;
}) {
  return (
    <span className="row__sides">
      <Side name={props.home} redCards={props.homeRedCards} serving={props.serving === 1} title={props.serveTitle} />
      <Side name={props.away} redCards={props.awayRedCards} serving={props.serving === 2} title={props.serveTitle} />
    </span>
  );
});

const CARD_SLOTS = ['a', 'b', 'c', 'd'];

function Side(props: { name: string; redCards: number; serving: boolean; title: string }) {
  const { name, redCards, serving, title } = props;
  const cards = redCards > 0 ? Math.min(redCards, 4) : 0;
  return (
    <span className="side">
      <span className={serving ? 'serve serve--on' : 'serve'} title={serving ? title : undefined}>
        {serving ? <span className="sr-only">{title}</span> : null}
      </span>
      <span className="side__name">{name}</span>
      {cards > 0 ? (
        <span className="red-cards" title={kk.list.redCards(cards)} role="img" aria-label={kk.list.redCards(cards)}>
          {CARD_SLOTS.slice(0, cards).map((slot) => (
            <span key={slot} className="red-card" />
          ))}
        </span>
      ) : null}
    </span>
  );
}

const Score = memo(function Score(props: { eventId: string; sportId: number; highlighted: boolean }) {
  const event = useEventFields(props.eventId, sameScore);
  const shows = event !== undefined && resultShows(event);
  const score = event ? duelScoreText(event, props.sportId, shows) : null;
  return (
    <span className={props.highlighted ? 'row__score row__score--hl' : 'row__score'} data-testid="row-score">
      <span className="row__score-box">
        <span>{score?.home ?? '-'}</span>
        <span>{score?.away ?? '-'}</span>
      </span>
    </span>
  );
});

/** Live detail beside the totals: tennis points, cricket overs, darts legs of the set, outs (S3-5). */
const Detail = memo(function Detail({ eventId, sportId }: { eventId: string; sportId: number }) {
  const event = useEventFields(eventId, sameDetail);
  const score = event ? duelScoreText(event, sportId, resultShows(event)) : null;
  return (
    <span className="row__detail" title={detailTitle(sportId)} data-testid="row-detail">
      <span>{score?.homeDetail ?? ''}</span>
      <span>{score?.awayDetail ?? ''}</span>
    </span>
  );
});

/** The part fields a sport shows (homePart1 … awayPart<count>, tie-breaks), compared for the parts cell. */
function samePartsOf(sportId: number): (a: ScoreboardEvent, b: ScoreboardEvent) => boolean {
  const names = partFieldNames(sportId) as (keyof ScoreboardEvent)[];
  return (a, b) => names.every((name) => a[name] === b[name]);
}

/** Played parts (sets with tie-breaks, quarters, periods, innings) up to the sport's count (S3-9…S3-21). */
const Parts = memo(function Parts(props: { eventId: string; sportId: number; parts: number }) {
  const same = useMemo(() => samePartsOf(props.sportId), [props.sportId]);
  const event = useEventFields(props.eventId, same);
  if (!event) return null;
  return (
    <span className="row__parts" style={{ '--parts': props.parts } as React.CSSProperties} aria-hidden="true">
      {partCells(event, props.sportId).map((cell) => (
        <span key={cell.n} className="part">
          <PartValue value={cell.home} tiebreak={cell.homeTiebreak} />
          <PartValue value={cell.away} tiebreak={cell.awayTiebreak} />
        </span>
      ))}
    </span>
  );
});

function PartValue({ value, tiebreak }: { value: string; tiebreak?: string }) {
  return (
    <span>
      {value}
      {tiebreak ? <sup className="part__tb">{tiebreak}</sup> : null}
    </span>
  );
}

interface OddsProps {
  /** 1 X 2, or 1 2 (S3-8). */
  readonly threeWay: boolean;
  readonly odds1?: number;
  readonly oddsX?: number;
  readonly odds2?: number;
  readonly prev1?: number;
  readonly prevX?: number;
  readonly prev2?: number;
}

/** Odds columns: 1 X 2 or 1 2 by the sport's odds type (S3-8), in the chosen format (S1-7). */
const Odds = memo(function Odds({ threeWay, odds1, oddsX, odds2, prev1, prevX, prev2 }: OddsProps) {
  const settings = useSiteChild('settings');
  const format = useSelector(settings, (s) => s.context.oddsFormat);
  const outcomes: ReadonlyArray<readonly [string, number | undefined, number | undefined]> = threeWay
    ? [
        ['1', odds1, prev1],
        ['X', oddsX, prevX],
        ['2', odds2, prev2],
      ]
    : [
        ['1', odds1, prev1],
        ['2', odds2, prev2],
      ];
  return (
    <span className={`row__odds row__odds--${outcomes.length}`} data-testid="row-odds">
      {outcomes.map(([outcome, value, before]) => {
        const move =
          value !== undefined && before !== undefined && before !== value ? (value > before ? 'up' : 'down') : '';
        return (
          <span key={outcome} className={move ? `odd odd--${move}` : 'odd'}>
            {oddsText(value, format)}
          </span>
        );
      })}
    </span>
  );
});
