// Loads the real recorded feeds shared beside the project (fixtures/real-feeds).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REAL_FEEDS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../fixtures/real-feeds');

export const REAL_FEED_FILES: readonly string[] = readdirSync(REAL_FEEDS_DIR)
  .filter((f) => f.endsWith('.txt'))
  .sort();

export function realFeedPath(file: string): string {
  return join(REAL_FEEDS_DIR, file);
}

export function realFeed(file: string): string {
  return readFileSync(realFeedPath(file), 'utf8');
}

export const FOOTBALL_TODAY = 'EliasMumo__prime-sportdata__football_day_today.txt';
export const FOOTBALL_YESTERDAY = 'EliasMumo__prime-sportdata__football_day_yesterday.txt';
export const FOOTBALL_TOMORROW = 'EliasMumo__prime-sportdata__football_day_tomorrow.txt';
export const BASKETBALL_TODAY = 'EliasMumo__prime-sportdata__basketball_day_today.txt';
export const TENNIS_TODAY = 'EliasMumo__prime-sportdata__tennis_day_today_PREFIX.txt';
export const TOURNAMENT_2016 = 'Lookyan__betbot__tests_test_parser_tournament_feed_2016.txt';
export const ODDS_2016 = 'Lookyan__betbot__tests_test_parser_df_dos_odds_2016.txt';
export const CORE = 'DeporS__value-bet-live-detection__dc_1_KbUrxW1T_core.txt';
export const SUMMARY = 'EliasMumo__prime-sportdata__summary_df_su_1_O6KrS6uP.txt';
export const H2H = 'EliasMumo__prime-sportdata__h2h_df_hh_1_KxrZoe94.txt';
export const HASHES = 'Wq5881898__worldcup-monitor__tests_test_flashscore_g_1_summary_hashes.txt';
export const TENNIS_GAME = 'tsenoner__TennisArc__df_mhs_between_games.txt';
