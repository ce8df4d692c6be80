// Business constants and limits (S9-1…S9-14), each named after what it limits and citing its spec id.

// S9-1 time_keep_match_live: a match that left live stays marked live this long.
export const TIME_KEEP_MATCH_LIVE_S = 180;

// S9-2 My Games and My Teams
export const MY_GAMES_PAST_DAYS = 1; // S9-2
export const MY_GAMES_FUTURE_DAYS = 7; // S9-2
export const MY_GAMES_MAX_COUNT = 500; // S9-2 maximum_count
export const MY_TEAMS_MAX_COUNT = 200; // S9-2
export const MY_GAMES_LOCAL_EXPIRY_S = 172_800; // S9-2 local storage expiry
export const MY_GAMES_STORAGE_KEYS = Object.freeze({
  games: 'fsdc_my_local', // S9-2
  labels: 'fsdc_my_local_labl', // S9-2
  noDuel: 'fsdc_my_local_noduel', // S9-2
  timestamp: 'fsdc_my_local_ts', // S9-2
});
export const CROSS_TAB_SYNC_CHECK_MS = 500; // S9-2, S4-31

// S9-3 calendar range in days
export const CALENDAR_DAYS = 7;

// S9-4 sync times and highlights, in seconds
export const SYNC_DEFAULT_S = 10; // S9-4
export const SYNC_UPDATE_S = 5; // S9-4
export const SYNC_GAME_S = 5; // S9-4
export const SYNC_LIVE_TABLES_S = 10; // S9-4
export const GOAL_HIGHLIGHT_S = 60; // S9-4
export const CORRECTION_HIGHLIGHT_S = 15; // S9-4
export const PENALTY_HIGHLIGHT_S = 60; // S9-4
export const COUNTER_DURATION_S = 60; // S9-4 counter_duration_time
export const SCORES_CHANGED_HIGHLIGHT_S = 60; // S9-4
export const COUNTER_REFRESH_S = 5; // S9-4
export const SYSTEM_POLL_S = 60; // S9-4, S4-2
export const REPAIR_CACHE_S = 300; // S9-4, S4-3 repair threshold 300 s …
export const REPAIR_THRESHOLD_FACTOR = 0.8; // S9-4, S4-3 … times 0.8
export const PENALTY_WINDOW_S = 5 * 60; // S9-4, S4-24 penalty window 5 min

// S9-5 odds and caches
export const PREMATCH_ODDS_SYNC_S = 60; // S9-5
export const ODDS_CACHE_S = 180; // S9-5
export const SQL_CACHE_S = 30; // S9-5
export const ODDS_FEED_DELAY_MS = 100; // S9-5
export const REDRAW_DEBOUNCE_MS = 100; // S9-5

// S9-6 event counts for no-duel sports and tournament pages
export const NON_DUEL_EVENT_COUNTS = Object.freeze({
  myGames: 10, // S9-6
  mainDefault: 40, // S9-6
  golf: 30, // S9-6
  cycling: 10, // S9-6
  winterSports: 10, // S9-6
  motorsport: 40, // S9-6
  tournamentPageWinterSports: 1000, // S9-6
  participantPageMeetings: 5, // S9-6
  participantPageEvents: 10, // S9-6
});
export const TOURNAMENT_SUMMARY_BLOCK_MATCHES = 10; // S9-6
export const TOURNAMENT_DATA_PART = 100; // S9-6

// S9-7 news feed
export const NEWS_PAST_DAYS = 14; // S9-7
export const NEWS_DEFAULT_COUNT = 15; // S9-7
export const NEWS_ALLOWED_COUNTS: readonly number[] = Object.freeze([3, 15, 30]); // S9-7

// S9-8
export const LANGUAGE_BOX_AFTER_VISITS = 3; // S9-8, S2-41
export const LIVE_BETTING_ROTATE_MS = 30_000; // S9-8

// S9-9 detail window and notifications
export const DETAIL_WINDOW_SIZE = Object.freeze({ width: 688, height: 900 }); // S9-9, S2-33
export const NOTIFICATION_EXPIRE_MS = 180_000; // S9-9
export const NOTIFICATION_CHECK_MS = 1000; // S9-9
export const NOTIFICATION_BOX_WIDTH_PX = 262; // S9-9
export const NOTIFICATION_BOX_GAP_PX = 8; // S9-9
export const NOTIFICATION_LOGO_MAX_SIDE = 2; // S9-9 a logo shows only when the side code is at most 2

// S9-10 ads
export const AD_BOTTOM_REFRESH_S = 45; // S9-10
export const AD_ZONE_SIZES: readonly string[] = Object.freeze(['970x90', '300x600', '140x240', '320x50', '728x90']); // S9-10

// S9-11 sound and redraw delays
export const IOS_SOUND_QUEUE_MS = 1000; // S9-11
export const IOS_SOUND_MANAGER_DELAY_MS = 2500; // S9-11
export const LIVE_TABLE_REDRAW_DELAY_MS = 100; // S9-11

// S9-12 cookies
export const COOKIE_DEFAULT_LIFETIME_S = 31_536_000; // S9-12
export const ODDS_FORMAT_COOKIE_DAYS = 365; // S9-12
export const ANALYTICS_COOKIE_YEARS = 2; // S9-12

// S9-13 logging, version and formats
export const LOG_SAMPLE_PERCENT = 1; // S9-13
export const APP_VERSION = '8.16.0'; // S9-13
export const DATE_FORMAT = 'd.m.Y'; // S9-13
export const TIME_FORMAT = 'H:i'; // S9-13
export const THOUSANDS_SEPARATOR = ' '; // S9-13

// S9-14 ad-block check: starts at 250 ms, doubles, gives up past 1000 ms
export const ADBLOCK_CHECK_START_MS = 250; // S9-14
export const ADBLOCK_CHECK_GIVE_UP_MS = 1000; // S9-14

/** S9-14: the ad-block check waits, in order (250, 500, 1000). */
export function adblockCheckDelays(): number[] {
  const delays: number[] = [];
  for (let ms = ADBLOCK_CHECK_START_MS; ms <= ADBLOCK_CHECK_GIVE_UP_MS; ms *= 2) delays.push(ms);
  return delays;
}

// S5-12 legal-age confirmation is kept 90 days
export const AGE_CONFIRMATION_KEEP_S = 7_776_000;
