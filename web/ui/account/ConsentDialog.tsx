// Terms and privacy consent (A4-1, A7-15, A7-17): the flagged documents with accept or decline (which logs out, A4-6).
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import type { AccountClient } from '../../../src/account/client';
import { consentMachineFor } from './account-actors';
import { Dialog, ErrorMessage } from './Dialog';
import { kkAccount } from './kk-account';
import { accountErrorText } from './messages';

export interface ConsentDialogProps {
  client: AccountClient;
  /** Called once the terms are confirmed. */
  onConfirmed: () => void;
  /** Called when the user declines: the caller logs out. */
  onDeclined: () => void;
}

export function ConsentDialog({ client, onConfirmed, onDeclined }: ConsentDialogProps) {
  const terms = client.terms;
  const consent = useActorRef(
    useMemo(() => consentMachineFor(client), [client]),
    {
      input: { needsTerms: !(terms.ppConfirmed && terms.touConfirmed) },
    },
  );
  const state = useSelector(consent, (s) => s.value);
  const documents = useSelector(consent, (s) => s.context.documents);
  const error = useSelector(consent, (s) => s.context.error);
  const busy = useSelector(consent, (s) => s.hasTag('busy'));
  useEffect(() => {
    if (state === 'confirmed') onConfirmed();
    if (state === 'declined') onDeclined();
  }, [state, onConfirmed, onDeclined]);
  const flagged = new Set(terms.errors.flatMap((e) => (e.code === 'XE8' ? e.details.map((d) => d.type) : [])));
  const shown = documents.filter((d) => flagged.size === 0 || flagged.has(d.type));
  return (
    <Dialog title={kkAccount.consent.title} testId="consent-dialog">
      <p>{kkAccount.consent.intro}</p>
      {shown.map((d) => (
        <article key={`${d.type}-${d.version}`} className="account-terms">
          <h3>{d.type === 'pp' ? kkAccount.consent.pp : kkAccount.consent.tou}</h3>
          <p>{d.body}</p>
        </article>
      ))}
      <ErrorMessage text={accountErrorText(state === 'reviewing' ? error : null)} />
      <div className="account-dialog__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={busy || state !== 'reviewing'}
          onClick={() => consent.send({ type: 'ACCEPT' })}
        >
          {kkAccount.consent.accept}
        </button>
        <button
          type="button"
          className="button"
          disabled={busy || state !== 'reviewing'}
          onClick={() => consent.send({ type: 'DECLINE' })}
        >
          {kkAccount.consent.decline}
        </button>
      </div>
    </Dialog>
  );
}
