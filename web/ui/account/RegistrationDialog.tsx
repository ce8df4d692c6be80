// Registration (A7-2, A5-1, A5-3, A5-4, S1-10): email, name, password and the proof-of-work captcha.
import { useSelector } from '@xstate/react';
import { type FormEvent, useState } from 'react';
import type { AccountClient } from '../../../src/account/client';
import { isAcceptableEmail, isNewPassword, isNickname } from '../../../src/domain/account-validation';
import type { AccountLoginRef } from './account-actors';
import { CaptchaWidget } from './CaptchaWidget';
import { Dialog, ErrorMessage, Field, Notice } from './Dialog';
import { kkAccount } from './kk-account';
import { accountErrorText } from './messages';
import type { AccountView } from './views';

export interface RegistrationDialogProps {
  client: AccountClient;
  login: AccountLoginRef;
  onNavigate: (view: AccountView) => void;
  onClose: () => void;
}

export function RegistrationDialog({ client, login, onNavigate, onClose }: RegistrationDialogProps) {
  const state = useSelector(login, (s) => s.value);
  const error = useSelector(login, (s) => s.context.error);
  const registeredEmail = useSelector(login, (s) => s.context.registeredEmail);
  const busy = useSelector(login, (s) => s.hasTag('busy'));
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const [touched, setTouched] = useState(false);
  const [submitted, setSubmitted] = useState(false);

  const errors = {
    email: isAcceptableEmail(email.trim()) ? null : kkAccount.validation.email,
    name: name === '' || isNickname(name) ? null : kkAccount.validation.nickname,
    password: isNewPassword(password) ? null : kkAccount.validation.newPassword,
    captcha: captcha ? null : kkAccount.validation.captcha,
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.values(errors).some(Boolean) || !captcha) return;
    login.send({ type: 'REGISTER', input: { email: email.trim(), name, password, captcha } });
    setSubmitted(true);
    setCaptchaRound((n) => n + 1); // a captcha solution is accepted once
  };

  if (submitted && state === 'registered')
    return (
      <Dialog title={kkAccount.register.title} onClose={onClose} testId="registration-dialog">
        <Notice text={kkAccount.register.done(registeredEmail ?? email)} />
      </Dialog>
    );

  return (
    <Dialog
      title={kkAccount.register.title}
      onClose={() => {
        login.send({ type: 'CANCEL' });
        onClose();
      }}
      testId="registration-dialog"
    >
      <form onSubmit={submit} noValidate>
        <Field
          name="email"
          label={kkAccount.email}
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          error={touched ? errors.email : null}
        />
        <Field
          name="name"
          label={kkAccount.name}
          autoComplete="nickname"
          value={name}
          onChange={setName}
          error={touched ? errors.name : null}
        />
        <Field
          name="password"
          label={kkAccount.password}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          error={touched ? errors.password : null}
        />
        <CaptchaWidget loadChallenge={() => client.captchaChallenge()} onChange={setCaptcha} resetKey={captchaRound} />
        {touched && errors.captcha ? <p className="account-field__error">{errors.captcha}</p> : null}
        <p className="account-dialog__hint">{kkAccount.register.terms}</p>
        <ErrorMessage text={submitted ? accountErrorText(error) : null} />
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? kkAccount.busy : kkAccount.register.submit}
        </button>
      </form>
      <p className="account-dialog__links">
        <button type="button" className="link-button" onClick={() => onNavigate('login')}>
          {kkAccount.register.haveAccount}
        </button>
      </p>
    </Dialog>
  );
}
