// The account dialogs in the shell's slot. The whole account flow counts as the one 'login' window
// (S2-38): opening it from the header shows the login dialog, opening another window closes it, and
// the dialogs report whether a login flow runs and can be cancelled (S2-39, S2-40).
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { AccountClient } from '../account/client';
import { EDITION } from '../domain/edition';
import { type AccountView, AccountDialogs, landingFromUrl } from '../ui/account/AccountDialogs';
import type { PageActors } from '../ui/common/actors';

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
  const loginWindow = useSelector(actors.windows, (s) => s.context.active === 'login');
  const landing = useMemo(
    () => landingFromUrl(window.location.pathname.replace(/\/$/, ''), window.location.search),
    [],
  );
  const [view, setView] = useState<AccountView | null>(landing ? landing.kind : null);

  // The window opened from the header shows the login dialog; any other window closes the dialogs.
  useEffect(() => {
    setView((current) => (loginWindow ? (current ?? 'login') : null));
  }, [loginWindow]);

  useEffect(() => registerCancel(() => setView(null)), [registerCancel]);

  const onViewChange = useCallback(
    (next: AccountView | null) => {
      setView(next);
      if (next === null) actors.windows.send({ type: 'window.close', name: 'login' });
      else actors.windows.send({ type: 'window.open', name: 'login' });
    },
    [actors],
  );

  const onLoginFlowChange = useCallback(
    (running: boolean, cancellable: boolean) => {
      const context = actors.windows.getSnapshot().context;
      if (!running) {
        if (context.loginRunning) actors.windows.send({ type: 'login.flowEnded' });
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
