// The settings window's game notification choice (S3-62 mygamesNotifications: with sound, silent, off) and the
// browser's permission to notify while the page is hidden (the Web Notifications API asks on a click).
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { NOTIFICATION_SETTINGS } from '../../../src/domain/notification-rules';
import { kk } from '../../../src/i18n/kk';
import { useSiteChild } from '../common/actors';

export function NotificationSetting() {
  const notifications = useSiteChild('notifications');
  const setting = useSelector(notifications, (s) => s.context.setting);
  const permission = useSelector(notifications, (s) => s.context.permission);
  const id = useId();
  const askPermission = async () => {
    if (typeof Notification === 'undefined') return;
    const answer = await Notification.requestPermission();
    notifications.send({ type: 'permission.changed', permission: answer });
  };
  return (
    <fieldset className="field field--radios" data-testid="notification-setting">
      <legend>{kk.notifications.setting}</legend>
      {NOTIFICATION_SETTINGS.map((value) => (
        <label key={value}>
          <input
            type="radio"
            name={`${id}-notifications`}
            value={value}
            checked={setting === value}
            onChange={() => notifications.send({ type: 'notifications.setting', setting: value })}
          />
          {kk.notifications[value]}
        </label>
      ))}
      {setting !== 'no' && permission === 'default' ? (
        <button type="button" className="button" onClick={askPermission}>
          {kk.notifications.allowBrowser}
        </button>
      ) : null}
      {setting !== 'no' && permission === 'granted' ? (
        <p className="field__note">{kk.notifications.browserAllowed}</p>
      ) : null}
      {setting !== 'no' && permission === 'denied' ? (
        <p className="field__note">{kk.notifications.browserDenied}</p>
      ) : null}
    </fieldset>
  );
}
