// One match of a duel sport: status or start time, the two sides, the score, part scores where the
// layout has room, red cards, the serve mark and odds. It reads only its own event (narrow select).
import { useSelector } from '@xstate/react';
import { memo } from 'react';
import { useNavigate } from 'react-router';
import { EDITION } from '../../domain/edition';
import { type Sport, sportById } from '../../domain/sports';
import { isLiveStage, STAGE_TYPE } from '../../domain/stages';
import { kk } from '../../i18n/kk';
import type { ScoreboardEvent } from '../../scoreboard/types';
import { usePageActors } from '../common/actors';
import { useNow, usePageClock } from '../common/use-now';
import { oddsText, resultShows, statusText } from '../format/domain';
import { startTimeText } from '../format/time';
import type { MatchHint } from '../match/MatchPage';
import { useScoreboardEvent } from '../store/hooks';
import { useActiveHighlight } from './use-highlight';

const LIVE_TICK_MS = 5_000; // S9-4: counter refresh every 5 s

export interface DuelRowProps {
  readonly eventId: string;
  readonly sportId: number;
  readonly withOdds: boolean;
}

export const DuelRow = memo(function DuelRow({ eventId, sportId, withOdds }: DuelRowProps) {
  const event = useScoreboardEvent(eventId);
  const sport = sportById(sportId);
  const clock = usePageClock();
  // A plain anchor rather than <Link>: rows re-render on every score change and should stay cheap.
  const navigate = useNavigate();
  const live = event !== undefined && isLiveStage(event.stageType);
  useNow(LIVE_TICK_MS, live);
  const highlight = useActiveHighlight(event);
  if (!event || !sport) return null;
  const now = clock.now();
  const showScore = resultShows(event);
  const status = event.stageType === STAGE_TYPE.SCHEDULED ? null : statusText(event, sportId, now);
  const classes = ['row', 'row--duel'];
  if (live) classes.push('row--live');
  if (event.liveMarked) classes.push('row--marked');
  if (highlight) classes.push(`row--hl-${highlight}`);
  const home = event.home ?? event.homeShort ?? '';
  const away = event.away ?? event.awayShort ?? '';
  const href = `${EDITION.routePrefix}/match/${eventId}/`;
  return (
    <a
      className={classes.join(' ')}
      href={href}
      onClick={(e) => {
        // A plain click navigates inside the page; modified clicks open a tab as links do.
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        navigate(href, { state: { sportId, home, away } satisfies MatchHint });
      }}
      data-event-id={eventId}
      aria-label={kk.list.openMatch(home, away)}
    >
      <span className="row__status" data-testid="row-status">
        {status === null ? (
          <span className="row__time">{event.startTime ? startTimeText(event.startTime, now) : ''}</span>
        ) : (
          <span className={status.live ? 'row__stage row__stage--live' : 'row__stage'}>
            <StatusLabel text={status.text} short={status.short} blink={status.blink} />
          </span>
        )}
      </span>
      <span className="row__sides">
        <Side name={home} redCards={event.homeRedCards} serving={sport.serving && live && event.service === 1} />
        <Side name={away} redCards={event.awayRedCards} serving={sport.serving && live && event.service === 2} />
      </span>
      <span className={highlight ? 'row__score row__score--hl' : 'row__score'} data-testid="row-score">
        <span>{showScore ? (event.homeScore ?? 0) : '-'}</span>
        <span>{showScore ? (event.awayScore ?? 0) : '-'}</span>
      </span>
      <Parts event={event} sport={sport} />
      {withOdds ? <Odds event={event} sport={sport} /> : null}
    </a>
  );
});

/** Full and short status text (CSS picks one by width, S3-38); a running clock's apostrophe blinks (S4-18). */
export function StatusLabel({ text, short, blink }: { text: string; short: string; blink: boolean }) {
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

const CARD_SLOTS = ['a', 'b', 'c', 'd'];

function Side({ name, redCards, serving }: { name: string; redCards?: number; serving: boolean }) {
  const cards = typeof redCards === 'number' && redCards > 0 ? Math.min(redCards, 4) : 0;
  return (
    <span className="side">
      <span className={serving ? 'serve serve--on' : 'serve'} title={serving ? kk.list.serving : undefined}>
        {serving ? <span className="sr-only">{kk.list.serving}</span> : null}
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

const partValue = (event: ScoreboardEvent, side: 'home' | 'away', n: number): number | undefined =>
  (event as unknown as Record<string, number | undefined>)[`${side}Part${n}`];

/** Played parts (sets, quarters, periods …) up to the sport's part count (S3-9…S3-21). */
function Parts({ event, sport }: { event: ScoreboardEvent; sport: Sport }) {
  if (sport.parts < 2) return null;
  const parts: number[] = [];
  for (let n = 1; n <= sport.parts; n++) {
    if (partValue(event, 'home', n) !== undefined || partValue(event, 'away', n) !== undefined) parts.push(n);
  }
  return (
    <span className="row__parts" style={{ '--parts': sport.parts } as React.CSSProperties} aria-hidden="true">
      {parts.map((n) => (
        <span key={n} className="part">
          <span>{partValue(event, 'home', n) ?? ''}</span>
          <span>{partValue(event, 'away', n) ?? ''}</span>
        </span>
      ))}
    </span>
  );
}

/** Odds columns: 1 X 2 or 1 2 by the sport's odds type (S3-8), in the chosen format (S1-7). */
function Odds({ event, sport }: { event: ScoreboardEvent; sport: Sport }) {
  const { settings } = usePageActors();
  const format = useSelector(settings, (s) => s.context.oddsFormat);
  const outcomes: ReadonlyArray<readonly [string, number | undefined, number | undefined]> =
    sport.oddsType === '1x2'
      ? [
          ['1', event.odds1, event.prevOdds1],
          ['X', event.oddsX, event.prevOddsX],
          ['2', event.odds2, event.prevOdds2],
        ]
      : [
          ['1', event.odds1, event.prevOdds1],
          ['2', event.odds2, event.prevOdds2],
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
}
