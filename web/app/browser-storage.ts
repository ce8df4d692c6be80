// Where the browser keeps the visitor's choices: the odds format in a cookie for 365 days (S9-12),
// theme, sound and the language-box flag in local storage (S4-39).
import type { SettingsInput } from '../../machines/settings';
import { isOddsFormatName, isThemeChoice } from '../../machines/settings';
import { cookieAssignment, readCookie } from '../ui/list/collapsed-leagues';

export const ODDS_FORMAT_COOKIE = 'fsdc_odds_format';
const ODDS_FORMAT_MAX_AGE_S = 365 * 86_400; // S9-12 odds format cookie 365 days
export const THEME_KEY = 'fsdc_theme';
export const SOUND_DISABLED_KEY = 'fsdc_sound_disabled'; // S4-39
export const LANG_BOX_KEY = 'fsdc_langbox_shown';
export const VISITS_KEY = 'fsdc_visits';
export const MY_GAMES_GROUPS_KEY = 'fsdc_mygames_groups'; // S3-62 mygamesGroups

function storageGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function storageSet(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // private mode: the choice lasts for this page only
  }
}

/** S4-39: sounds are off by default on Apple devices and Safari. */
function appleOrSafari(): boolean {
  const ua = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  return /iPhone|iPad|iPod|Macintosh/.test(ua) || (/Safari\//.test(ua) && !/Chrome|Chromium|Edg\//.test(ua));
}

export function readSettings(): SettingsInput {
  const format = readCookie(document.cookie, ODDS_FORMAT_COOKIE);
  const theme = storageGet(THEME_KEY);
  const sound = storageGet(SOUND_DISABLED_KEY);
  return {
    oddsFormat: isOddsFormatName(format) ? format : undefined, // S5-9
    theme: isThemeChoice(theme) ? theme : 'system',
    soundOn: sound === null ? !appleOrSafari() : sound !== '1',
    myGamesGroups: storageGet(MY_GAMES_GROUPS_KEY) === '1',
  };
}

export const persistence = {
  oddsFormat(format: string): void {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is async and missing in some browsers; cookieAssignment builds the value
    document.cookie = cookieAssignment(ODDS_FORMAT_COOKIE, format, ODDS_FORMAT_MAX_AGE_S);
  },
  theme(theme: string): void {
    storageSet(THEME_KEY, theme);
  },
  sound(on: boolean): void {
    storageSet(SOUND_DISABLED_KEY, on ? '0' : '1');
  },
  myGamesGroups(on: boolean): void {
    storageSet(MY_GAMES_GROUPS_KEY, on ? '1' : '0');
  },
  langBoxShown(): boolean {
    return storageGet(LANG_BOX_KEY) === '1';
  },
  rememberLangBox(): void {
    storageSet(LANG_BOX_KEY, '1');
  },
  /** Counts this visit and returns the total. */
  countVisit(): number {
    const visits = (Number(storageGet(VISITS_KEY)) || 0) + 1;
    storageSet(VISITS_KEY, String(visits));
    return visits;
  },
};
