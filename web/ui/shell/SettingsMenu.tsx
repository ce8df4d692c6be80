// The settings window: odds format (S1-7, S3-68), theme and sound (S2-46). One window at a time (S2-38).
import { useSelector } from '@xstate/react';
import { useCallback, useId, useRef } from 'react';
import { ODDS_FORMAT_NAMES, THEME_CHOICES, type ThemeChoice } from '../../../machines/settings';
import { kk } from '../../../src/i18n/kk';
import { useSiteChild } from '../common/actors';
import { NotificationSetting } from '../notifications/NotificationSetting';
import { useDismiss } from './popup';

const THEME_LABEL: Readonly<Record<ThemeChoice, string>> = {
  system: kk.settings.themeSystem,
  light: kk.settings.themeLight,
  dark: kk.settings.themeDark,
};

export function SettingsMenu() {
  const windows = useSiteChild('windows');
  const settings = useSiteChild('settings');
  const open = useSelector(windows, (s) => s.context.active === 'settings');
  const oddsFormat = useSelector(settings, (s) => s.context.oddsFormat);
  const theme = useSelector(settings, (s) => s.context.theme);
  const soundOn = useSelector(settings, (s) => s.context.soundOn);
  const ref = useRef<HTMLDivElement>(null);
  const id = useId();
  const close = useCallback(() => windows.send({ type: 'window.close', name: 'settings' }), [windows]);
  useDismiss(open, ref, close);
  return (
    <div className="settings" ref={ref}>
      <button
        type="button"
        className="icon-button"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        aria-label={kk.header.settings}
        title={kk.header.settings}
        onClick={() => windows.send({ type: 'window.toggle', name: 'settings' })}
      >
        <span aria-hidden="true">⚙</span>
      </button>
      {open ? (
        <section id={`${id}-panel`} className="settings__panel popup" aria-label={kk.settings.title}>
          {/* Not a heading: the header, and this window in it, come before the page's H1. */}
          <p className="popup__title">{kk.settings.title}</p>
          <label className="field">
            <span>{kk.settings.oddsFormat}</span>
            <select
              value={oddsFormat}
              data-testid="odds-format"
              onChange={(e) => settings.send({ type: 'settings.oddsFormat', format: e.currentTarget.value })}
            >
              {ODDS_FORMAT_NAMES.map((f) => (
                <option key={f} value={f}>
                  {kk.oddsFormats[f]}
                </option>
              ))}
            </select>
          </label>
          <fieldset className="field field--radios">
            <legend>{kk.settings.theme}</legend>
            {THEME_CHOICES.map((t) => (
              <label key={t}>
                <input
                  type="radio"
                  name={`${id}-theme`}
                  value={t}
                  checked={theme === t}
                  onChange={() => settings.send({ type: 'settings.theme', theme: t })}
                />
                {THEME_LABEL[t]}
              </label>
            ))}
          </fieldset>
          <label className="field field--check">
            <input
              type="checkbox"
              checked={soundOn}
              onChange={(e) => settings.send({ type: 'settings.sound', on: e.currentTarget.checked })}
            />
            {kk.settings.sound}
          </label>
          <NotificationSetting />
          <button type="button" className="button" onClick={close}>
            {kk.settings.close}
          </button>
        </section>
      ) : null}
    </div>
  );
}
