// The language box (S2-41): shown once after 3 visits, as one of the one-at-a-time windows (S2-38).
import { useSelector } from '@xstate/react';
import { useCallback, useRef } from 'react';
import { kk } from '../../../src/i18n/kk';
import { useSiteChild } from '../common/actors';
import { useDismiss } from './popup';

export function LangBox() {
  const windows = useSiteChild('windows');
  const open = useSelector(windows, (s) => s.context.active === 'langBox');
  const ref = useRef<HTMLElement>(null);
  const close = useCallback(() => windows.send({ type: 'window.close', name: 'langBox' }), [windows]);
  useDismiss(open, ref, close);
  if (!open) return null;
  return (
    <section ref={ref} className="lang-box popup" aria-label={kk.windows.langBoxTitle} data-testid="lang-box">
      <h2 className="popup__title">{kk.windows.langBoxTitle}</h2>
      <p>{kk.windows.langBoxText}</p>
      <button type="button" className="button" onClick={close}>
        {kk.windows.close}
      </button>
    </section>
  );
}
