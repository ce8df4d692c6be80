// The replay control API, registered only by `scores replay --serve`: GET /replay/state reads the replay clock,
// POST /replay/control {action, …} moves it. Input is checked: an unknown action or a malformed value is 400, a
// match the log does not hold is 404, a step or next event past the last one is 409; a moment outside the day
// is clamped to it. Only JSON bodies are read, so another site's page cannot post here without a CORS preflight
// (which this server never grants). Every page sets a cookie the client reads to show the timeline bar.
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';

/** The cookie that tells the page it is served by a replay (web/ui/replay reads it). */
export const REPLAY_COOKIE = 'scores_replay=1';

export const REPLAY_ACTIONS = ['play', 'pause', 'step', 'speed', 'seek', 'nextEvent'] as const;
export type ReplayAction = (typeof REPLAY_ACTIONS)[number];

export interface ReplayState {
  readonly replay: true;
  /** The day's first and last moments and the replay clock, epoch ms. */
  readonly start: number;
  readonly end: number;
  readonly position: number;
  readonly playing: boolean;
  readonly speed: number;
  readonly minSpeed: number;
  readonly maxSpeed: number;
  /** 1 + the moves back so far (each folds the day again). */
  readonly generation: number;
  /** The last move that folded the world again: how long it took, wall ms. */
  readonly lastRebuildMs: number | null;
}

export type ReplayCommand =
  | { readonly action: 'play' | 'pause' | 'step' }
  | { readonly action: 'speed'; readonly speed: number }
  | { readonly action: 'seek'; readonly time: number }
  | { readonly action: 'nextEvent'; readonly matchId: string };

export type ControlResult = ReplayState | { readonly status: 404 | 409; readonly error: string };

export interface ReplayController {
  state(): ReplayState;
  control(command: ReplayCommand): ControlResult;
}

const MATCH_ID = /^[A-Za-z0-9_]{1,64}$/;

/** The command a request body names, or why it names none. */
export function parseReplayCommand(
  body: unknown,
  speeds: { readonly minSpeed: number; readonly maxSpeed: number },
): ReplayCommand | string {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'the body must be a JSON object';
  const value = body as Record<string, unknown>;
  const action = value.action;
  if (typeof action !== 'string' || !(REPLAY_ACTIONS as readonly string[]).includes(action)) {
    return `unknown action (known: ${REPLAY_ACTIONS.join(', ')})`;
  }
  switch (action as ReplayAction) {
    case 'play':
    case 'pause':
    case 'step':
      return { action: action as 'play' | 'pause' | 'step' };
    case 'speed': {
      const speed = value.speed;
      if (typeof speed !== 'number' || !Number.isFinite(speed) || speed < speeds.minSpeed || speed > speeds.maxSpeed) {
        return `speed must be a number from ${speeds.minSpeed} to ${speeds.maxSpeed}`;
      }
      return { action: 'speed', speed };
    }
    case 'seek': {
      const time = value.time;
      if (typeof time !== 'number' || !Number.isFinite(time)) return 'time must be epoch milliseconds';
      return { action: 'seek', time };
    }
    case 'nextEvent': {
      const matchId = value.matchId;
      if (typeof matchId !== 'string' || !MATCH_ID.test(matchId)) return 'matchId must be a match id';
      return { action: 'nextEvent', matchId };
    }
  }
}

function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-store');
}

export function replayRoutes(controller: ReplayController): FastifyPluginAsync {
  const plugin: FastifyPluginAsync = async (app: FastifyInstance) => {
    // Every page the server sends carries the cookie: this plugin's hooks reach the whole app. Fastify adds a
    // set-cookie header beside any other (a login's session cookie stays).
    app.addHook('onSend', async (_request, reply) => {
      if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
        reply.header('set-cookie', `${REPLAY_COOKIE}; Path=/; SameSite=Strict`);
      }
    });
    app.get('/replay/state', async (_request, reply) => noStore(reply).send(controller.state()));
    app.post('/replay/control', async (request, reply) => {
      const command = parseReplayCommand(request.body, controller.state());
      if (typeof command === 'string') return noStore(reply).code(400).send({ error: command });
      const result = controller.control(command);
      if ('error' in result) return noStore(reply).code(result.status).send({ error: result.error });
      return noStore(reply).send(result);
    });
  };
  // Not encapsulated (what fastify-plugin marks): the cookie hook applies to every route.
  (plugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
  return plugin;
}
