// The seam between whoever answers feeds and whoever asks: the HTTP server, the CLI and tests
// all sit on a FeedSource (DESIGN.md). Implementations: the simulated world, a recorded capture.

export interface FeedRequest {
  /** Feed name as in the path after /x/feed/, e.g. `f_1_0_5_kk_1`. */
  readonly feed: string;
  /** The project id of the address (`/<projectId>/x/feed/…`); absent means the edition's (S1-1). */
  readonly projectId?: number;
  /** Request headers, lower-case names. */
  readonly headers: Readonly<Record<string, string | undefined>>;
}

export interface FeedResponse {
  readonly status: number;
  /** Response headers, lower-case names (a `date` header carries server time). */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** A body pushed on a subject (S7-23), e.g. `u_1_1` or `games_kk_<eventId>`. */
export interface PushMessage {
  readonly subject: string;
  readonly body: string;
}

export type Unsubscribe = () => void;

/** What a push listener wants: a source may skip rendering subjects nobody wants. */
export interface PushInterest {
  /** True for subjects the listener reads; without it, every subject. */
  readonly wants?: (subject: string) => boolean;
  /**
   * The subjects the listener reads now, when it can tell: a source pushes the project types and languages these
   * name, beyond its own edition's (S7-23 u_<sport>_<project type>, sys_<project type>).
   */
  readonly subjects?: () => Iterable<string>;
}

export interface FeedSource {
  fetch(request: FeedRequest): FeedResponse | Promise<FeedResponse>;
  /** Push messages as they happen; sources without push return a no-op. */
  onPush(listener: (message: PushMessage) => void, interest?: PushInterest): Unsubscribe;
  /** Current server time in epoch milliseconds (virtual time for the simulated world). */
  now(): number;
}
