// Forgotten password with captcha (A7-10, S1-10): the answer reads the same whether or not the email has an account.
import { type FormEvent, useState } from 'react';
import type { AccountClient } from '../../../src/account/client';
import { isAcceptableEmail } from '../../../src/domain/account-validation';
import { CaptchaWidget } from './CaptchaWidget';
import { Dialog, ErrorMessage, Field, Notice } from './Dialog';
import { kkAccount } from './kk-account';
import { accountErrorText } from './messages';
import { useCall } from './use-call';

export function ForgottenPasswordDialog({ client, onClose }: { client: AccountClient; onClose: () => void }) {
  const [email, setEmail] = useState('');
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const [touched, setTouched] = useState(false);
  const [state, send] = useCall((address: string, solution: string) => client.forgottenPassword(address, solution));
  const emailError = touched && !isAcceptableEmail(email.trim()) ? kkAccount.validation.email : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!isAcceptableEmail(email.trim()) || !captcha) return;
    await send(email.trim(), captcha);
    setRound((n) => n + 1);
  };

  return (
    <Dialog title={kkAccount.forgotten.title} onClose={onClose} testId="forgotten-dialog">
      {state.done ? (
        <Notice text={kkAccount.forgotten.sent} />
      ) : (
        <form onSubmit={submit} noValidate>
          <p>{kkAccount.forgotten.intro}</p>
          <Field
            name="email"
            label={kkAccount.email}
            type="email"
            autoComplete="email"
            value={email}
            onChange={setEmail}
            error={emailError}
          />
          <CaptchaWidget loadChallenge={() => client.captchaChallenge()} onChange={setCaptcha} resetKey={round} />
          {touched && !captcha ? <p className="account-field__error">{kkAccount.validation.captcha}</p> : null}
          <ErrorMessage text={accountErrorText(state.error)} />
          <button type="submit" className="button button--primary" disabled={state.busy}>
            {state.busy ? kkAccount.busy : kkAccount.forgotten.submit}
          </button>
        </form>
      )}
    </Dialog>
  );
}
