// @vitest-environment happy-dom
// The settings dialog's email change (A7-12): it asks for the current password, sends it, and says in Kazakh that a
// confirmation letter went to the new address while the confirmed email stays shown. A real account client whose
// fetch is a fake service.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountClient } from '../../src/account/client';
import type { FetchLike } from '../../src/account/http';
import { AccountDialogs } from '../../web/ui/account/AccountDialogs';
import { KK_ACCOUNT_ERRORS, kkAccount } from '../../web/ui/account/kk-account';

afterEach(cleanup);

function setup(updateAnswer: (body: Record<string, unknown>) => unknown) {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  const fetchImpl: FetchLike = async (input, init) => {
    const url = new URL(input);
    const body = init?.body ? JSON.parse(String(init.body)) : {};
    calls.push({ path: url.pathname, body });
    const answer = url.pathname === '/v3/update-user' ? updateAnswer(body) : { providers: [] };
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  const storage = new Map([
    ['lsid_id', 'u1'],
    ['lsid_hash', 'h'.repeat(40)],
    ['lsid_name', 'Aigul_K'],
    ['lsid_email', 'aigul@example.kz'],
    ['lsid_emailIsVerified', 'true'],
    ['lsid_ppConfirmed', 'true'],
    ['lsid_touConfirmed', 'true'],
  ]);
  const client = new AccountClient(
    { mode: 'Production', productionUrl: 'http://127.0.0.1:1', namespace: 'kz-scores', projectId: 47 },
    { storage, fetch: fetchImpl, now: () => Date.now() },
  );
  render(<AccountDialogs client={client} view="settings" onViewChange={() => undefined} />);
  const updates = () => calls.filter((c) => c.path === '/v3/update-user').map((c) => c.body);
  return { storage, updates };
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: kkAccount.save }));

describe('settings dialog: email change', () => {
  it('A7-12: a new email needs the current password; the Kazakh notice names the new address, the confirmed email stays', async () => {
    const { storage, updates } = setup(() => ({ r: 'XY1' }));
    expect(screen.queryByLabelText(kkAccount.settings.currentPassword)).toBeNull();
    type(kkAccount.email, 'aigul.new@example.kz');
    save();
    expect(await screen.findByText(kkAccount.validation.oldPassword)).toBeTruthy();
    expect(updates()).toEqual([]);
    type(kkAccount.settings.currentPassword, 'Qwerty_123');
    save();
    expect(await screen.findByText(kkAccount.settings.emailSent('aigul.new@example.kz'))).toBeTruthy();
    expect(updates()).toEqual([
      expect.objectContaining({ email: 'aigul.new@example.kz', password: 'Qwerty_123', project: 47 }),
    ]);
    expect((screen.getByLabelText(kkAccount.email) as HTMLInputElement).value).toBe('aigul@example.kz');
    expect(screen.queryByLabelText(kkAccount.settings.currentPassword)).toBeNull();
    expect(storage.get('lsid_email')).toBe('aigul@example.kz');
  });

  it('A7-12 A8-4: a wrong current password shows the Kazakh password-invalid message and keeps the form', async () => {
    setup(() => ({ err: 'XE5' }));
    type(kkAccount.email, 'aigul.new@example.kz');
    type(kkAccount.settings.currentPassword, 'Wrong_123');
    save();
    expect(await screen.findByText(KK_ACCOUNT_ERRORS.passwordInvalid)).toBeTruthy();
    expect((screen.getByLabelText(kkAccount.email) as HTMLInputElement).value).toBe('aigul.new@example.kz');
    expect(screen.queryByText(kkAccount.settings.emailSent('aigul.new@example.kz'))).toBeNull();
  });

  it('A7-12: a name change alone sends no password and says it is saved', async () => {
    const { storage, updates } = setup(() => ({ r: 'XY1' }));
    type(kkAccount.name, 'Aigul_Seit');
    save();
    expect(await screen.findByText(kkAccount.saved)).toBeTruthy();
    await waitFor(() => expect(storage.get('lsid_name')).toBe('Aigul_Seit'));
    expect(updates()).toEqual([{ name: 'Aigul_Seit', loggedIn: { id: 'u1', hash: 'h'.repeat(40) }, project: 47 }]);
  });
});
