// The proof-of-work captcha (S1-10): ticking the box fetches a challenge and solves it in the browser with WebCrypto.
import { useEffect, useRef, useState } from 'react';
import { encodeCaptchaSolution, solveCaptcha } from '../../../src/account/captcha-solver';
import type { CaptchaChallenge } from '../../../src/wire/account';
import { kkAccount } from './kk-account';

export interface CaptchaWidgetProps {
  loadChallenge: () => Promise<CaptchaChallenge>;
  /** The solution payload to send as `captcha`, or null when it must be solved again. */
  onChange: (payload: string | null) => void;
  /** Bumping this asks for a fresh solution (a solution is accepted only once). */
  resetKey?: number;
}

type CaptchaState = 'idle' | 'solving' | 'solved' | 'failed';

export function CaptchaWidget({ loadChallenge, onChange, resetKey = 0 }: CaptchaWidgetProps) {
  const [state, setState] = useState<CaptchaState>('idle');
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new resetKey alone asks for a new solution
  useEffect(() => {
    abort.current?.abort();
    setState('idle');
    onChange(null);
  }, [resetKey]);

  const start = async () => {
    if (state === 'solving' || state === 'solved') return;
    const controller = new AbortController();
    abort.current = controller;
    setState('solving');
    try {
      const challenge = await loadChallenge();
      const number = await solveCaptcha(challenge, { signal: controller.signal });
      if (controller.signal.aborted) return;
      if (number === null) throw new Error('not solved');
      onChange(encodeCaptchaSolution(challenge, number));
      setState('solved');
    } catch {
      if (!controller.signal.aborted) setState('failed');
    }
  };

  return (
    <div className={`account-captcha account-captcha--${state}`} data-testid="captcha">
      <label>
        <input type="checkbox" checked={state === 'solved'} disabled={state === 'solving'} onChange={start} />{' '}
        {kkAccount.captcha.label}
      </label>
      {state === 'solving' ? <span role="status"> {kkAccount.captcha.solving}</span> : null}
      {state === 'solved' ? <span role="status"> ✓ {kkAccount.captcha.solved}</span> : null}
      {state === 'failed' ? <span role="alert"> {kkAccount.captcha.failed}</span> : null}
    </div>
  );
}
