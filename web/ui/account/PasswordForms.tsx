// Setting a new password: with the emailed reset code (A7-8 reset) or with the current password (A7-8 change).
import { type FormEvent, useState } from 'react';
import type { AccountClient } from '../../../src/account/client';
import { isNewPassword, isOldPassword } from '../../../src/domain/account-validation';
import { Dialog, ErrorMessage, Field, Notice } from './Dialog';
import { kkAccount } from './kk-account';
import { accountErrorText } from './messages';
import { useCall } from './use-call';

function useNewPassword() {
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const errors = {
    password: isNewPassword(password) ? null : kkAccount.validation.newPassword,
    repeat: repeat === password ? null : kkAccount.validation.repeat,
  };
  return { password, setPassword, repeat, setRepeat, errors };
}

/** The new password and its repeat, with their errors once the form was submitted. */
function NewPasswordFields({ form, touched }: { form: ReturnType<typeof useNewPassword>; touched: boolean }) {
  return (
    <>
      <Field
        name="newpassword"
        label={kkAccount.change.new}
        type="password"
        autoComplete="new-password"
        value={form.password}
        onChange={form.setPassword}
        error={touched ? form.errors.password : null}
      />
      <Field
        name="repeat"
        label={kkAccount.change.repeat}
        type="password"
        autoComplete="new-password"
        value={form.repeat}
        onChange={form.setRepeat}
        error={touched ? form.errors.repeat : null}
      />
    </>
  );
}

export function ResetPasswordDialog(props: {
  client: AccountClient;
  id: string;
  code: string;
  onLogin: () => void;
  onClose: () => void;
}) {
  const form = useNewPassword();
  const [touched, setTouched] = useState(false);
  const [state, reset] = useCall((password: string) => props.client.resetPassword(props.id, props.code, password));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (form.errors.password || form.errors.repeat) return;
    void reset(form.password);
  };
  return (
    <Dialog title={kkAccount.reset.title} onClose={props.onClose} testId="reset-dialog">
      {state.done ? (
        <>
          <Notice text={kkAccount.reset.done} />
          <button type="button" className="button button--primary" onClick={props.onLogin}>
            {kkAccount.login.submit}
          </button>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <NewPasswordFields form={form} touched={touched} />
          <ErrorMessage text={accountErrorText(state.error)} />
          <button type="submit" className="button button--primary" disabled={state.busy}>
            {state.busy ? kkAccount.busy : kkAccount.reset.submit}
          </button>
        </form>
      )}
    </Dialog>
  );
}

export function PasswordChangeDialog({ client, onClose }: { client: AccountClient; onClose: () => void }) {
  const form = useNewPassword();
  const [old, setOld] = useState('');
  const [touched, setTouched] = useState(false);
  const [state, change] = useCall((current: string, next: string) => client.changePassword(current, next));
  const oldError = isOldPassword(old) ? null : kkAccount.validation.oldPassword;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (oldError || form.errors.password || form.errors.repeat) return;
    void change(old, form.password);
  };
  return (
    <Dialog title={kkAccount.change.title} onClose={onClose} testId="password-change-dialog">
      {state.done ? (
        <Notice text={kkAccount.change.done} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Field
            name="password"
            label={kkAccount.change.old}
            type="password"
            autoComplete="current-password"
            value={old}
            onChange={setOld}
            error={touched ? oldError : null}
          />
          <NewPasswordFields form={form} touched={touched} />
          <ErrorMessage text={accountErrorText(state.error)} />
          <button type="submit" className="button button--primary" disabled={state.busy}>
            {state.busy ? kkAccount.busy : kkAccount.change.submit}
          </button>
        </form>
      )}
    </Dialog>
  );
}
