// The replay timeline bar (`scores replay --serve`): play, pause, step to the next fact, speed, a range over the
// day to jump to any moment (shown in the visitor's zone), and a jump to the next event of a match (the open match
// page's by default). The replay clock lives on the server (machines/replay-timeline.ts); the bar sends commands
// to its control API and reads its state once a second of the site's clock.
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { formatDate } from '../../../src/domain/datetime';
import { useNow } from '../common/use-now';
import { PAGE_TIME_ZONE } from '../format/time';
import { kkReplay } from './kk-replay';
import {
  fetchReplayState,
  type ReplayAnswer,
  type ReplayCommand,
  type ReplayState,
  sendReplayCommand,
} from './replay-api';
import './replay.css';

const POLL_MS = 1000;
const SPEEDS = [1, 2, 5, 10, 30, 60, 120, 300, 600];
const SEEK_STEP_MS = 1000;

export function momentText(time: number, timeZone: string = PAGE_TIME_ZONE): string {
  return formatDate(Math.floor(time / 1000), timeZone, 'd.m.Y H:i:s');
}

export function ReplayTimeline() {
  const [state, setState] = useState<ReplayState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [draft, setDraft] = useState<number | null>(null);
  const openMatch = useParams().eventId ?? '';
  const [matchId, setMatchId] = useState(openMatch);
  useEffect(() => setMatchId(openMatch), [openMatch]);
  const tick = useNow(POLL_MS, true);
  // One command at a time; a seek asked for meanwhile waits, and only the latest is sent.
  const busy = useRef(false);
  const pendingSeek = useRef<number | null>(null);

  const take = useCallback((answer: ReplayAnswer) => {
    if (answer === null) return;
    if ('error' in answer) setError(answer.error);
    else {
      setError(null);
      setState(answer.state);
    }
  }, []);

  const send = useCallback(
    async (command: ReplayCommand) => {
      busy.current = true;
      take(await sendReplayCommand(command));
      const next = pendingSeek.current;
      pendingSeek.current = null;
      if (next !== null) await send({ action: 'seek', time: next });
      else {
        busy.current = false;
        setDraft(null);
      }
    },
    [take],
  );

  useEffect(() => {
    void tick;
    if (busy.current) return;
    let live = true;
    fetchReplayState().then((answer) => {
      if (live && !busy.current) take(answer);
    });
    return () => {
      live = false;
    };
  }, [tick, take]);

  if (state === null) return null;
  const position = draft ?? state.position;
  const seek = (time: number) => {
    setDraft(time);
    if (busy.current) pendingSeek.current = time;
    else void send({ action: 'seek', time });
  };
  const nextEvent = (event: FormEvent) => {
    event.preventDefault();
    const id = matchId.trim();
    if (id !== '') void send({ action: 'nextEvent', matchId: id });
  };
  const speeds = SPEEDS.filter((speed) => speed >= state.minSpeed && speed <= state.maxSpeed);
  if (!speeds.includes(state.speed)) speeds.push(state.speed);
  const text = momentText(position);

  return (
    <section className="replay-bar" aria-label={kkReplay.region} data-playing={state.playing ? 'true' : 'false'}>
      <strong className="replay-bar__title">{kkReplay.title}</strong>
      <button
        type="button"
        className="replay-bar__button"
        onClick={() => void send({ action: state.playing ? 'pause' : 'play' })}
      >
        {state.playing ? kkReplay.pause : kkReplay.play}
      </button>
      <button type="button" className="replay-bar__button" onClick={() => void send({ action: 'step' })}>
        {kkReplay.step}
      </button>
      <label className="replay-bar__speed">
        {kkReplay.speed}
        <select
          value={state.speed}
          onChange={(event) => void send({ action: 'speed', speed: Number(event.target.value) })}
        >
          {speeds
            .sort((a, b) => a - b)
            .map((speed) => (
              <option key={speed} value={speed}>
                {speed}×
              </option>
            ))}
        </select>
      </label>
      <input
        className="replay-bar__range"
        type="range"
        aria-label={kkReplay.moment}
        aria-valuetext={text}
        min={state.start}
        max={state.end}
        step={SEEK_STEP_MS}
        value={position}
        onChange={(event) => seek(Number(event.target.value))}
      />
      <output className="replay-bar__time" data-position={position}>
        {text}
      </output>
      <span className="replay-bar__mode">{state.playing ? kkReplay.playing : kkReplay.paused}</span>
      <form className="replay-bar__match" onSubmit={nextEvent}>
        <input
          aria-label={kkReplay.matchId}
          value={matchId}
          size={10}
          maxLength={64}
          onChange={(event) => setMatchId(event.target.value)}
        />
        <button type="submit" className="replay-bar__button">
          {kkReplay.nextEvent}
        </button>
      </form>
      {error !== null && (
        <span className="replay-bar__error" role="status">
          {error}
        </span>
      )}
    </section>
  );
}
