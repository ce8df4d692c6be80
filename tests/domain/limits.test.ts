import { describe, expect, it } from 'vitest';
import * as limits from '../../src/domain/limits';

describe('business constants', () => {
  it('S9-1 S9-2 S9-3 live keep, My Games and calendar limits', () => {
    expect(limits.TIME_KEEP_MATCH_LIVE_S).toBe(180);
    expect([limits.MY_GAMES_PAST_DAYS, limits.MY_GAMES_FUTURE_DAYS, limits.MY_GAMES_MAX_COUNT]).toEqual([1, 7, 500]);
    expect(limits.MY_TEAMS_MAX_COUNT).toBe(200);
    expect(limits.MY_GAMES_LOCAL_EXPIRY_S).toBe(172_800);
    expect(Object.values(limits.MY_GAMES_STORAGE_KEYS)).toEqual([
      'fsdc_my_local',
      'fsdc_my_local_labl',
      'fsdc_my_local_noduel',
      'fsdc_my_local_ts',
    ]);
    expect(limits.CROSS_TAB_SYNC_CHECK_MS).toBe(500);
    expect(limits.CALENDAR_DAYS).toBe(7);
  });

  it('S9-4 sync times, highlights, repair threshold and penalty window', () => {
    expect([limits.SYNC_DEFAULT_S, limits.SYNC_UPDATE_S, limits.SYNC_GAME_S, limits.SYNC_LIVE_TABLES_S]).toEqual([
      10, 5, 5, 10,
    ]);
    expect(limits.REPAIR_CACHE_S * limits.REPAIR_THRESHOLD_FACTOR).toBe(240);
    expect(limits.PENALTY_WINDOW_S).toBe(300);
    expect(limits.SYSTEM_POLL_S).toBe(60);
  });

  it('S9-6 S9-7 S9-9 S9-12 S9-13 counts, news, windows, cookies and formats', () => {
    expect(limits.NON_DUEL_EVENT_COUNTS.tournamentPageWinterSports).toBe(1000);
    expect(limits.NEWS_ALLOWED_COUNTS).toEqual([3, 15, 30]);
    expect(limits.DETAIL_WINDOW_SIZE).toEqual({ width: 688, height: 900 });
    expect(limits.NOTIFICATION_EXPIRE_MS).toBe(180_000);
    expect(limits.COOKIE_DEFAULT_LIFETIME_S).toBe(31_536_000);
    expect([limits.DATE_FORMAT, limits.TIME_FORMAT, limits.APP_VERSION]).toEqual(['d.m.Y', 'H:i', '8.16.0']);
  });

  it('S9-14 ad-block check waits 250 ms, doubles, and gives up past 1000 ms', () => {
    expect(limits.adblockCheckDelays()).toEqual([250, 500, 1000]);
  });
});
