// The language box (S2-41): shown once after 3 visits, as one of the one-at-a-time windows (S2-38).
import { useSelector } from '@xstate/react';
import { kk } from '../../../src/i18n/kk';
import { useSiteChild } from '../common/actors';

export function LangBox() {
  const windows = useSiteChild('windows');
  const open = useSelector(windows, (s) => s.context.active === 'langBox');
  if (!open) return null;
  return (
    <section className="lang-box popup" aria-label={kk.windows.langBoxTitle} data-testid="lang-box">
      <h2 className="popup__title">{kk.windows.langBoxTitle}</h2>
      <p>{kk.windows.langBoxText}</p>
      <button type="button" className="button" onClick={() => windows.send({ type: 'window.close', name: 'langBox' })}>
        {kk.windows.close}
      </button>
    </section>
  );
}
