// Account settings (A7-12, A7-6, A7-19): name and email, marketing consent, password change, logout and deletion.
import { useActorRef, useSelector } from '@xstate/react';
import { type FormEvent, useMemo, useState } from 'react';
import type { AccountClient } from '../../../src/account/client';
import type { UserFieldsUpdate } from '../../../src/account/api';
import { isAcceptableEmail, isNickname, isOldPassword } from '../../../src/domain/account-validation';
import { type AccountLoginRef, marketingMachineFor } from './account-actors';
import { Dialog, ErrorMessage, Field, Notice } from './Dialog';
import { kkAccount } from './kk-account';
import { accountErrorText } from './messages';
import { useCall } from './use-call';
import type { AccountView } from './views';

export interface AccountSettingsDialogProps {
  client: AccountClient;
  login: AccountLoginRef;
  onNavigate: (view: AccountView) => void;
  onClose: () => void;
}

function MarketingConsentSection({ client }: { client: AccountClient }) {
  const marketing = useActorRef(
    useMemo(() => marketingMachineFor(client), [client]),
    { input: { approval: null } },
  );
  const consent = useSelector(marketing, (s) => s.context.consent);
  const saved = useSelector(marketing, (s) => s.context.saved);
  const error = useSelector(marketing, (s) => s.context.error);
  const editing = useSelector(marketing, (s) => s.matches('editing') || s.matches('saving'));
  if (!editing)
    return (
      <button type="button" className="link-button" onClick={() => marketing.send({ type: 'OPEN_SETTINGS' })}>
        {kkAccount.settings.marketing}
      </button>
    );
  const choose = (patch: Partial<{ marketingApproved: boolean; thirdPartiesApproved: boolean }>) =>
    marketing.send({
      type: 'SAVE',
      marketingApproved: consent?.marketingApproved ?? false,
      thirdPartiesApproved: consent?.thirdPartiesApproved ?? false,
      ...patch,
    });
  return (
    <fieldset className="field account-consent">
      <legend>{kkAccount.settings.marketing}</legend>
      <label>
        <input
          type="checkbox"
          checked={consent?.marketingApproved ?? false}
          onChange={(e) => choose({ marketingApproved: e.currentTarget.checked })}
        />{' '}
        {kkAccount.marketing.marketingApproved}
      </label>
      <label>
        <input
          type="checkbox"
          checked={consent?.thirdPartiesApproved ?? false}
          onChange={(e) => choose({ thirdPartiesApproved: e.currentTarget.checked })}
        />{' '}
        {kkAccount.marketing.thirdPartiesApproved}
      </label>
      {saved ? <Notice text={kkAccount.saved} /> : null}
      <ErrorMessage text={accountErrorText(error)} />
    </fieldset>
  );
}

export function AccountSettingsDialog({ client, login, onNavigate, onClose }: AccountSettingsDialogProps) {
  const profile = client.profile;
  const [name, setName] = useState(profile?.name ?? '');
  const [email, setEmail] = useState(profile?.email ?? '');
  const [password, setPassword] = useState('');
  /** The address a confirmation letter went to; the shown email stays the confirmed one. */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [state, save] = useCall((fields: UserFieldsUpdate) => client.updateUser(fields));
  const loginError = useSelector(login, (s) => s.context.error);
  const busy = useSelector(login, (s) => s.hasTag('busy'));
  const changesEmail = email.trim().toLowerCase() !== (profile?.email ?? '').toLowerCase();
  const errors = {
    name: isNickname(name) ? null : kkAccount.validation.nickname,
    email: isAcceptableEmail(email.trim()) ? null : kkAccount.validation.email,
    password: !changesEmail || isOldPassword(password) ? null : kkAccount.validation.oldPassword,
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (errors.name || errors.email || errors.password) return;
    const fields: UserFieldsUpdate = {};
    if (name !== profile?.name) fields.name = name;
    if (changesEmail) Object.assign(fields, { email: email.trim(), password });
    if (Object.keys(fields).length === 0) return;
    setSentTo(fields.email ?? null);
    void save(fields).then((saved) => {
      if (!saved || !fields.email) return;
      // The change waits for the new address: the form shows the confirmed email again.
      setEmail(profile?.email ?? '');
      setPassword('');
      setTouched(false);
    });
  };

  return (
    <Dialog title={kkAccount.settings.title} onClose={onClose} testId="settings-dialog">
      <form onSubmit={submit} noValidate>
        <h3>{kkAccount.settings.profile}</h3>
        <Field
          name="name"
          label={kkAccount.name}
          value={name}
          onChange={setName}
          error={touched ? errors.name : null}
        />
        <Field
          name="email"
          label={kkAccount.email}
          type="email"
          value={email}
          onChange={setEmail}
          error={touched ? errors.email : null}
        />
        {changesEmail ? (
          <>
            <Field
              name="password"
              label={kkAccount.settings.currentPassword}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={setPassword}
              error={touched ? errors.password : null}
            />
            <p className="account-dialog__hint">{kkAccount.settings.emailChangeHint}</p>
          </>
        ) : null}
        {profile && !client.storage.getBoolean('emailIsVerified') ? (
          <p className="account-dialog__hint">{kkAccount.settings.emailUnverified}</p>
        ) : null}
        {state.done ? <Notice text={sentTo ? kkAccount.settings.emailSent(sentTo) : kkAccount.saved} /> : null}
        <ErrorMessage text={accountErrorText(state.error)} />
        <button type="submit" className="button button--primary" disabled={state.busy}>
          {kkAccount.save}
        </button>
      </form>
      <MarketingConsentSection client={client} />
      <p className="account-dialog__links">
        <button type="button" className="link-button" onClick={() => onNavigate('changePassword')}>
          {kkAccount.settings.changePassword}
        </button>
      </p>
      <ErrorMessage text={accountErrorText(loginError)} />
      <div className="account-dialog__actions">
        <button type="button" className="button" disabled={busy} onClick={() => login.send({ type: 'LOGOUT' })}>
          {kkAccount.settings.logout}
        </button>
        {confirmDelete ? (
          <div role="alertdialog" aria-label={kkAccount.settings.delete} className="account-dialog__confirm">
            <p>{kkAccount.settings.deleteConfirm}</p>
            <button
              type="button"
              className="button button--danger"
              disabled={busy}
              onClick={() => login.send({ type: 'DELETE' })}
            >
              {kkAccount.settings.deleteYes}
            </button>
            <button type="button" className="button" onClick={() => setConfirmDelete(false)}>
              {kkAccount.cancel}
            </button>
          </div>
        ) : (
          <button type="button" className="button button--danger" onClick={() => setConfirmDelete(true)}>
            {kkAccount.settings.delete}
          </button>
        )}
      </div>
    </Dialog>
  );
}
