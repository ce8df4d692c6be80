// The replay control API as the timeline bar calls it (server/replay/control-routes.ts answers it).

export interface ReplayState {
  readonly start: number;
  readonly end: number;
  readonly position: number;
  readonly playing: boolean;
  readonly speed: number;
  readonly minSpeed: number;
  readonly maxSpeed: number;
}

export type ReplayCommand =
  | { readonly action: 'play' | 'pause' | 'step' }
  | { readonly action: 'speed'; readonly speed: number }
  | { readonly action: 'seek'; readonly time: number }
  | { readonly action: 'nextEvent'; readonly matchId: string };

/** The state an answer carries, or the error the server gave (null: no replay here). */
export type ReplayAnswer = { readonly state: ReplayState } | { readonly error: string } | null;

function isState(value: unknown): value is ReplayState {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return ['start', 'end', 'position', 'speed', 'minSpeed', 'maxSpeed'].every((key) => typeof v[key] === 'number');
}

async function read(response: Response): Promise<ReplayAnswer> {
  if (response.status === 404 && response.url.endsWith('/replay/state')) return null;
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    return { error: `HTTP ${response.status}` };
  }
  if (response.ok && isState(body)) return { state: body };
  const error = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : null;
  return { error: typeof error === 'string' ? error : `HTTP ${response.status}` };
}

export async function fetchReplayState(): Promise<ReplayAnswer> {
  try {
    return await read(await fetch('/replay/state', { cache: 'no-store' }));
  } catch {
    return { error: 'the replay server does not answer' };
  }
}

export async function sendReplayCommand(command: ReplayCommand): Promise<ReplayAnswer> {
  try {
    const response = await fetch('/replay/control', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(command),
    });
    return await read(response);
  } catch {
    return { error: 'the replay server does not answer' };
  }
}
