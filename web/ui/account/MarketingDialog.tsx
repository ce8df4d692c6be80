// The marketing statement (A4-2, A3-5, A7-18): basic variants ask about our news, extended ones also about partners;
// periodic variants remind.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import type { AccountClient } from '../../../src/account/client';
import { marketingMachineFor } from './account-actors';
import { Dialog, ErrorMessage } from './Dialog';
import { kkAccount, marketingIntro } from './kk-account';
import { accountErrorText } from './messages';

export function MarketingDialog({ client, onDone }: { client: AccountClient; onDone: () => void }) {
  const marketing = useActorRef(
    useMemo(() => marketingMachineFor(client), [client]),
    { input: { approval: client.marketingApproval } },
  );
  const variant = useSelector(marketing, (s) => s.context.variant);
  const asking = useSelector(marketing, (s) => s.matches('asking') || s.matches('submitting'));
  const busy = useSelector(marketing, (s) => s.hasTag('busy'));
  const error = useSelector(marketing, (s) => s.context.error);
  const [news, setNews] = useState(false);
  const [partners, setPartners] = useState(false);
  useEffect(() => {
    if (!asking) onDone();
  }, [asking, onDone]);
  const extended = variant.startsWith('EXTENDED');
  return (
    <Dialog
      title={kkAccount.marketing.title}
      onClose={() => marketing.send({ type: 'DISMISS' })}
      testId="marketing-dialog"
    >
      <p>{marketingIntro(variant)}</p>
      <label className="account-consent">
        <input type="checkbox" checked={news} onChange={(e) => setNews(e.currentTarget.checked)} />{' '}
        {kkAccount.marketing.marketingApproved}
      </label>
      {extended ? (
        <label className="account-consent">
          <input type="checkbox" checked={partners} onChange={(e) => setPartners(e.currentTarget.checked)} />{' '}
          {kkAccount.marketing.thirdPartiesApproved}
        </label>
      ) : null}
      <ErrorMessage text={accountErrorText(error)} />
      <div className="account-dialog__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={() =>
            marketing.send({ type: 'SUBMIT', marketingApproved: news, thirdPartiesApproved: extended && partners })
          }
        >
          {kkAccount.marketing.submit}
        </button>
        <button type="button" className="button" onClick={() => marketing.send({ type: 'DISMISS' })}>
          {kkAccount.marketing.later}
        </button>
      </div>
    </Dialog>
  );
}
