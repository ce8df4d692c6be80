// What the pin toggle (the site's 'pinToggle' child) tells the visitor outside a league's heading:
// - a guest's pin opens the login window (S5-5, S8-5), whose dialog reads the login-needed reason from the
//   machine; once that window closes the reason is dismissed, so the next login is an ordinary one;
// - a pin the server did not take is put back by the machine, and a logged-in user gets a small technical error
//   that can be dismissed (S4-35, S8-6).
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { kk } from '../../../src/i18n/kk';
import { useSiteChild } from '../common/actors';
import './pins.css';

export function PinNotice() {
  const pins = useSiteChild('pinToggle');
  const windows = useSiteChild('windows');

  useEffect(() => {
    const listening = pins.on('pin.loginNeeded', () => windows.send({ type: 'window.open', name: 'login' }));
    return () => listening.unsubscribe();
  }, [pins, windows]);

  const loginNeeded = useSelector(pins, (s) => s.context.loginNeeded);
  const loginOpen = useSelector(windows, (s) => s.context.active === 'login');
  useEffect(() => {
    if (loginNeeded && !loginOpen) pins.send({ type: 'pin.dismiss' });
  }, [pins, loginNeeded, loginOpen]);

  // S4-35: logged-in users only.
  const failed = useSelector(pins, (s) => s.context.loggedIn && s.context.error !== null);
  if (!failed) return null;
  return (
    <div className="pin-notice" role="alert" data-testid="pin-error">
      <p>{kk.pins.failed}</p>
      <button
        type="button"
        aria-label={kk.pins.dismiss}
        title={kk.pins.dismiss}
        onClick={() => pins.send({ type: 'pin.dismiss' })}
      >
        ×
      </button>
    </div>
  );
}
