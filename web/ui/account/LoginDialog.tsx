// The login dialog (A7-3, A7-4, S1-10, S2-44, S5-5): email and password, social buttons, links to registration and
// password reset, and the translated error of a failed attempt.
import { useSelector } from '@xstate/react';
import { type FormEvent, useState } from 'react';
import { isAcceptableEmail, isNonEmpty } from '../../../src/domain/account-validation';
import type { ProviderInfo } from '../../../src/wire/account';
import type { AccountLoginRef } from './account-actors';
import { Dialog, ErrorMessage, Field } from './Dialog';
import { KK_PROVIDER_NAMES, kkAccount } from './kk-account';
import { accountErrorText } from './messages';
import type { AccountView } from './views';

export interface LoginDialogProps {
  login: AccountLoginRef;
  providers: ProviderInfo[];
  onSocial: (provider: ProviderInfo) => void;
  onNavigate: (view: AccountView) => void;
  onClose: () => void;
}

export function LoginDialog({ login, providers, onSocial, onNavigate, onClose }: LoginDialogProps) {
  const error = useSelector(login, (s) => s.context.error);
  const reason = useSelector(login, (s) => s.context.reason);
  const busy = useSelector(login, (s) => s.hasTag('busy'));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const emailError = touched && !isAcceptableEmail(email.trim()) ? kkAccount.validation.email : null;
  const passwordError = touched && !isNonEmpty(password) ? kkAccount.validation.required : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!isAcceptableEmail(email.trim()) || !isNonEmpty(password)) return;
    login.send({ type: 'LOGIN', email: email.trim(), password });
  };
  const close = () => {
    login.send({ type: 'CANCEL' }); // S2-40
    login.send({ type: 'CLEAR_ERROR' }); // a reopened dialog starts without the last attempt's message
    onClose();
  };

  return (
    <Dialog title={kkAccount.login.title} onClose={close} testId="login-dialog">
      {reason === 'loginNeeded' ? <p className="account-dialog__reason">{kkAccount.login.loginNeeded}</p> : null}
      <form onSubmit={submit} noValidate>
        <Field
          name="email"
          label={kkAccount.email}
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          error={emailError}
        />
        <Field
          name="password"
          label={kkAccount.password}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          error={passwordError}
        />
        <ErrorMessage text={accountErrorText(error)} />
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? kkAccount.busy : kkAccount.login.submit}
        </button>
      </form>
      {providers.length > 0 ? (
        <div className="account-dialog__social">
          <p>{kkAccount.login.social}</p>
          {providers.map((p) => (
            <button
              key={p.provider}
              type="button"
              className={`button account-social account-social--${p.provider}`}
              disabled={busy}
              onClick={() => onSocial(p)}
            >
              {kkAccount.login.socialWith(KK_PROVIDER_NAMES[p.provider] ?? p.provider)}
            </button>
          ))}
        </div>
      ) : null}
      <p className="account-dialog__links">
        <button type="button" className="link-button" onClick={() => onNavigate('forgotten')}>
          {kkAccount.login.forgotten}
        </button>{' '}
        · {kkAccount.login.noAccount}{' '}
        <button type="button" className="link-button" onClick={() => onNavigate('register')}>
          {kkAccount.login.register}
        </button>
      </p>
    </Dialog>
  );
}
