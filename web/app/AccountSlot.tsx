// The account dialogs in the shell's slot. The whole account flow counts as the one 'login' window
// (S2-38): opening it from the header shows the login dialog, opening another window closes it, and
// the dialogs report whether a login flow runs and can be cancelled (S2-39, S2-40). The site's
// 'windows' child emits `login.cancel` when the flow must stop; a flow or session that ended sends
// `session.refresh` to the 'session' child, so the header follows (A3-3). The client is the page's one
// (web/app/account-client.ts), made by the composition root, which also tells the site its logins and logouts.
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { AccountClient } from '../../src/account/client';
import { type AccountView, AccountDialogs, landingFromUrl } from '../ui/account/AccountDialogs';
import { useSiteChild } from '../ui/common/actors';

export interface AccountSlotProps {
  /** The page's account client (web/app/browser-site.ts). */
  readonly client: AccountClient;
}

export default function AccountSlot({ client }: AccountSlotProps) {
  const windows = useSiteChild('windows');
  const session = useSiteChild('session');
  const landing = useMemo(
    () => landingFromUrl(window.location.pathname.replace(/\/$/, ''), window.location.search),
    [],
  );
  // An emailed link's landing is the login window's first dialog: the window opens before its state is first read
  // (idempotent, so StrictMode's second call changes nothing).
  useState(() => {
    if (landing) windows.send({ type: 'window.open', name: 'login' });
  });
  const loginWindow = useSelector(windows, (s) => s.context.active === 'login');
  // S5-5, S8-5: a guest's pin opened the login window; the dialog says why.
  const pins = useSiteChild('pinToggle');
  const loginReason = useSelector(pins, (s) => (s.context.loginNeeded ? 'loginNeeded' : null));
  const [view, setView] = useState<AccountView | null>(landing ? landing.kind : null);
  // The dialog asked for last, read synchronously when a flow ends (state updates land only at the next render).
  const wanted = useRef<AccountView | null>(view);

  // The window opened from the header shows the login dialog; any other window closes the dialogs.
  useEffect(() => {
    const next = loginWindow ? (wanted.current ?? 'login') : null;
    wanted.current = next;
    setView(next);
  }, [loginWindow]);

  // S2-39, S2-40: the windows machine cancels the flow (another window opened, the login window closed).
  useEffect(() => {
    const listening = windows.on('login.cancel', () => {
      wanted.current = null;
      setView(null);
    });
    return () => listening.unsubscribe();
  }, [windows]);

  // Logout, deletion and forced logouts end the session: the header shows the guest's button again.
  useEffect(() => client.onSessionEnd(() => session.send({ type: 'session.refresh' })), [client, session]);

  const onViewChange = useCallback(
    (next: AccountView | null) => {
      wanted.current = next;
      setView(next);
      if (next === null) windows.send({ type: 'window.close', name: 'login' });
      else windows.send({ type: 'window.open', name: 'login' });
    },
    [windows],
  );

  const onLoginFlowChange = useCallback(
    (running: boolean, cancellable: boolean) => {
      const context = windows.getSnapshot().context;
      if (!running) session.send({ type: 'session.refresh' });
      if (!running) {
        if (!context.loginRunning) return;
        windows.send({ type: 'login.flowEnded' });
        // flowEnded closes the login window, but a dialog still has something to show (the registration notice, a
        // failed login's message, terms or the marketing statement after a login): it keeps its window.
        if (wanted.current !== null) windows.send({ type: 'window.open', name: 'login' });
      } else if (!context.loginRunning) windows.send({ type: 'login.flowStarted', cancelable: cancellable });
      else windows.send({ type: 'login.cancelableChanged', cancelable: cancellable });
    },
    [windows, session],
  );

  return (
    <AccountDialogs
      client={client}
      view={view}
      onViewChange={onViewChange}
      landing={landing}
      onLoginFlowChange={onLoginFlowChange}
      loginReason={loginReason}
    />
  );
}
