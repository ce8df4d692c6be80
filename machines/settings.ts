// Visitor settings: odds format (S1-7, S3-68), colour theme, the sound toggle (S2-46, S4-39) and the My Games
// group view (S3-62 mygamesGroups).
// The machine holds the choice; where it is kept (cookie, local storage) is provided from outside.
// Under the site root (machines/site.ts) a sound toggle is also sent to the sound machine by systemId.
import { enqueueActions, setup } from 'xstate';
import { DEFAULT_ODDS_FORMAT, isOddsFormat, ODDS_FORMAT_NAMES, type OddsFormat } from '../src/domain/odds-format';

export { DEFAULT_ODDS_FORMAT, ODDS_FORMAT_NAMES };
export type OddsFormatName = OddsFormat;

export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

export interface SettingsContext {
  readonly oddsFormat: OddsFormatName;
  readonly theme: ThemeChoice;
  readonly soundOn: boolean;
  /** S3-62 mygamesGroups (default false): My Games under its leagues rather than one list by start time. */
  readonly myGamesGroups: boolean;
}

export type SettingsEvent =
  | { type: 'settings.oddsFormat'; format: string }
  | { type: 'settings.theme'; theme: ThemeChoice }
  | { type: 'settings.sound'; on: boolean }
  | { type: 'settings.myGamesGroups'; on: boolean };

export type SettingsInput = Partial<SettingsContext>;

export function isOddsFormatName(value: unknown): value is OddsFormatName {
  return isOddsFormat(value);
}

export function isThemeChoice(value: unknown): value is ThemeChoice {
  return typeof value === 'string' && (THEME_CHOICES as readonly string[]).includes(value);
}

export const settingsMachine = setup({
  types: {} as {
    context: SettingsContext;
    events: SettingsEvent;
    input: SettingsInput | undefined;
  },
  actions: {
    /** S9-12: kept 365 days in a cookie (the browser provides it). */
    persistOddsFormat: (_: unknown, _params: { format: OddsFormatName }) => {},
    persistTheme: (_: unknown, _params: { theme: ThemeChoice }) => {},
    /** S4-39: the sound-disabled preference lives in local storage. */
    persistSound: (_: unknown, _params: { on: boolean }) => {},
    persistMyGamesGroups: (_: unknown, _params: { on: boolean }) => {},
  },
}).createMachine({
  id: 'settings',
  context: ({ input }) => ({
    // S5-9: a stored format is used only if it is a known one.
    oddsFormat: isOddsFormatName(input?.oddsFormat) ? input.oddsFormat : DEFAULT_ODDS_FORMAT,
    theme: isThemeChoice(input?.theme) ? input.theme : 'system',
    soundOn: input?.soundOn ?? true,
    myGamesGroups: input?.myGamesGroups ?? false, // S3-62
  }),
  on: {
    'settings.oddsFormat': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        if (!isOddsFormatName(event.format) || event.format === context.oddsFormat) return;
        enqueue.assign({ oddsFormat: event.format });
        enqueue({ type: 'persistOddsFormat', params: { format: event.format } });
      }),
    },
    'settings.theme': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        if (!isThemeChoice(event.theme) || event.theme === context.theme) return;
        enqueue.assign({ theme: event.theme });
        enqueue({ type: 'persistTheme', params: { theme: event.theme } });
      }),
    },
    'settings.myGamesGroups': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        if (event.on === context.myGamesGroups) return;
        enqueue.assign({ myGamesGroups: event.on });
        enqueue({ type: 'persistMyGamesGroups', params: { on: event.on } });
      }),
    },
    'settings.sound': {
      actions: enqueueActions(({ context, event, enqueue, system }) => {
        if (event.on === context.soundOn) return;
        enqueue.assign({ soundOn: event.on });
        enqueue({ type: 'persistSound', params: { on: event.on } });
        // S2-46: the page's sounds (systemId 'sound', a sibling under the site root) follow the toggle live.
        const sound = system.get('sound');
        const setting = { type: 'sound.setting', on: event.on } as const;
        if (sound) enqueue.sendTo(sound, setting);
      }),
    },
  },
});
