// The landing of an emailed verification link (A7-5): confirms the account or the new email on arrival.
import { useEffect, useRef } from 'react';
import type { AccountClient } from '../../../src/account/client';
import { Dialog, ErrorMessage, Notice } from './Dialog';
import { kkAccount } from './kk-account';
import { accountErrorText } from './messages';
import { useCall } from './use-call';
import type { AccountLanding } from './views';

export interface VerifyLandingProps {
  client: AccountClient;
  landing: Extract<AccountLanding, { kind: 'verify' }>;
  onLogin: () => void;
  onClose: () => void;
}

export function VerifyLanding({ client, landing, onLogin, onClose }: VerifyLandingProps) {
  const [state, verify] = useCall(() => client.verify(landing.type, landing.code, landing.id));
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void verify();
  }, [verify]);
  return (
    <Dialog title={kkAccount.verify.title} onClose={onClose} testId="verify-landing">
      {state.busy || (!state.done && !state.error) ? <Notice text={kkAccount.verify.working} /> : null}
      {state.done ? (
        <>
          <Notice text={landing.type === 'verifyEmail' ? kkAccount.verify.email : kkAccount.verify.account} />
          {landing.type === 'verifyAccount' && !client.isLoggedIn() ? (
            <button type="button" className="button button--primary" onClick={onLogin}>
              {kkAccount.login.submit}
            </button>
          ) : null}
        </>
      ) : null}
      <ErrorMessage text={accountErrorText(state.error)} />
    </Dialog>
  );
}
