// The account dialogs in the shell's slot. The whole account flow counts as the one 'login' window
// (S2-38): opening it from the header shows the login dialog, opening another window closes it, and
// the dialogs report whether a login flow runs and can be cancelled (S2-39, S2-40).
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { AccountClient } from '../account/client';
import { EDITION } from '../domain/edition';
import { type AccountView, AccountDialogs, landingFromUrl } from '../ui/account/AccountDialogs';
import type { PageActors } from '../ui/common/actors';
import { browserSessionStatus } from '../ui/common/session-status';

export const ACCOUNT_NAMESPACE = 'kz-scores';

export function createBrowserAccountClient(): AccountClient {
  return new AccountClient(
    {
      mode: 'Production',
      productionUrl: window.location.origin,
      namespace: ACCOUNT_NAMESPACE,
      projectId: EDITION.projectId,
    },
    { storage: window.localStorage },
  );
}

export interface AccountSlotProps {
  readonly actors: PageActors;
  /** Default: the browser's account client on this origin. */
  readonly client?: AccountClient;
  /** Set by the composition root so the windows machine's cancelLoginFlow reaches the dialogs. */
  readonly registerCancel: (cancel: () => void) => void;
}

export default function AccountSlot({ actors, client: given, registerCancel }: AccountSlotProps) {
  const client = useMemo(() => given ?? createBrowserAccountClient(), [given]);
  const landing = useMemo(
    () => landingFromUrl(window.location.pathname.replace(/\/$/, ''), window.location.search),
    [],
  );
  // An emailed link's landing is the login window's first dialog: the window opens before its state is first read
  // (idempotent, so StrictMode's second call changes nothing).
  useState(() => {
    if (landing) actors.windows.send({ type: 'window.open', name: 'login' });
  });
  const loginWindow = useSelector(actors.windows, (s) => s.context.active === 'login');
  const [view, setView] = useState<AccountView | null>(landing ? landing.kind : null);
  // The dialog asked for last, read synchronously when a flow ends (state updates land only at the next render).
  const wanted = useRef<AccountView | null>(view);

  // The window opened from the header shows the login dialog; any other window closes the dialogs.
  useEffect(() => {
    const next = loginWindow ? (wanted.current ?? 'login') : null;
    wanted.current = next;
    setView(next);
  }, [loginWindow]);

  useEffect(
    () =>
      registerCancel(() => {
        wanted.current = null;
        setView(null);
      }),
    [registerCancel],
  );

  // Logout, deletion and forced logouts end the session: the header shows the guest's button again.
  useEffect(() => client.onSessionEnd(() => browserSessionStatus().refresh()), [client]);

  const onViewChange = useCallback(
    (next: AccountView | null) => {
      wanted.current = next;
      setView(next);
      if (next === null) actors.windows.send({ type: 'window.close', name: 'login' });
      else actors.windows.send({ type: 'window.open', name: 'login' });
    },
    [actors],
  );

  const onLoginFlowChange = useCallback(
    (running: boolean, cancellable: boolean) => {
      const context = actors.windows.getSnapshot().context;
      if (!running) browserSessionStatus().refresh();
      if (!running) {
        if (!context.loginRunning) return;
        actors.windows.send({ type: 'login.flowEnded' });
        // flowEnded closes the login window, but a dialog still has something to show (the registration notice, a
        // failed login's message, terms or the marketing statement after a login): it keeps its window.
        if (wanted.current !== null) actors.windows.send({ type: 'window.open', name: 'login' });
      } else if (!context.loginRunning) actors.windows.send({ type: 'login.flowStarted', cancelable: cancellable });
      else actors.windows.send({ type: 'login.cancelableChanged', cancelable: cancellable });
    },
    [actors],
  );

  return (
    <AccountDialogs
      client={client}
      view={view}
      onViewChange={onViewChange}
      landing={landing}
      onLoginFlowChange={onLoginFlowChange}
    />
  );
}
