// The notifications machine on a SimulatedClock, beside a real sound machine (systemId 'sound') whose
// plays are recorded, with every effect recorded: opened matches, browser notifications, persisted settings
// and the personal push's subscriptions.
import { createActor, fromPromise, type SimulatedClock, SimulatedClock as Clock, setup } from 'xstate';
import {
  type GameChange,
  type NotificationsInput,
  type PersonalPushInput,
  provideNotifications,
} from '../../../machines/notifications';
import { type QueuedSound, soundMachine } from '../../../machines/sound';
import { STAGE_TYPE } from '../../../src/domain/stages';

/** 2026-11-22 18:00 UTC at the clock's zero. */
export const START = Date.UTC(2026, 10, 22, 18, 0, 0);

export interface HarnessOptions {
  readonly input?: Partial<Omit<NotificationsInput, 'now'>>;
  readonly soundOn?: boolean;
}

export function notificationsHarness(options: HarnessOptions = {}) {
  const clock: SimulatedClock = new Clock();
  const now = () => START + clock.now();
  const opened: string[] = [];
  const browser: string[] = [];
  const persisted: string[] = [];
  const played: QueuedSound[] = [];
  const pushes: { push: PersonalPushInput; body: (body: string) => void; open: () => void; closed: boolean }[] = [];
  const notifications = provideNotifications({
    openMatch: (n) => opened.push(n.gameId),
    showBrowserNotification: (n) => browser.push(n.id),
    persistSetting: (setting) => persisted.push(setting),
    subscribePersonalPush: (push, body, open) => {
      const entry = { push, body, open, closed: false };
      pushes.push(entry);
      return () => {
        entry.closed = true;
      };
    },
  });
  const sound = soundMachine.provide({
    actions: { play: (_, s) => played.push(s) },
    actors: { loadSounds: fromPromise(async () => {}) },
  });
  // A root like the site's: the sound machine and the notifications machine as siblings by systemId.
  const root = setup({ actors: { sound, notifications } }).createMachine({
    invoke: [
      { id: 'sound', systemId: 'sound', src: 'sound', input: { soundOn: options.soundOn ?? true } },
      {
        id: 'notifications',
        systemId: 'notifications',
        src: 'notifications',
        input: { now, followed: ['g_1_AAAAAAAA'], ...options.input },
      },
    ],
  });
  const actor = createActor(root, { clock }).start();
  const ref = actor.system.get('notifications') as ReturnType<typeof createActor<typeof notifications>>;
  return {
    clock,
    now,
    actor,
    ref,
    opened,
    browser,
    persisted,
    played,
    pushes,
    context: () => ref.getSnapshot().context,
    boxes: () => ref.getSnapshot().context.boxes,
    send: (event: Parameters<typeof ref.send>[0]) => ref.send(event),
    advance: (ms: number) => clock.increment(ms),
    settle: async () => {
      for (let i = 0; i < 5; i++) await Promise.resolve();
    },
  };
}

/** A live soccer game's change: the home side scores its n-th goal. */
export function goal(eventId: string, n = 1, sportId = 1, leagueId: string | null = '1_198_dYlOSQOD'): GameChange {
  return {
    eventId,
    sportId,
    leagueId,
    label: 'Premier League',
    before: { stageType: STAGE_TYPE.LIVE, homeScore: n - 1, awayScore: 0, home: 'Kairat', away: 'Astana' },
    after: { stageType: STAGE_TYPE.LIVE, homeScore: n, awayScore: 0 },
  };
}

export function redCard(eventId: string, sportId = 1): GameChange {
  return {
    eventId,
    sportId,
    leagueId: null,
    before: { stageType: STAGE_TYPE.LIVE, homeRedCards: 0 },
    after: { stageType: STAGE_TYPE.LIVE, homeRedCards: 1 },
  };
}

export function finalWhistle(eventId: string, sportId = 1): GameChange {
  return {
    eventId,
    sportId,
    leagueId: null,
    before: { stageType: STAGE_TYPE.LIVE, homeScore: 1, awayScore: 0 },
    after: { stageType: STAGE_TYPE.FINISHED, homeScore: 1, awayScore: 0 },
  };
}
