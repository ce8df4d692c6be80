// @vitest-environment happy-dom
// The header's account button follows the site's session machine (A3-3, A4-8).
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { storedSessionKeys } from '../../machines/session-status';
import { Header } from '../../web/ui/shell/Header';
import { renderPage } from './support/render';

afterEach(cleanup);

describe('header session status', () => {
  it('A3-3 A4-8 the account button turns to the user once both keys are stored, also from another tab', () => {
    const stored = new Map<string, string>();
    const storage = { getItem: (key: string) => stored.get(key) ?? null };
    const { site, actors } = renderPage(<Header currentSportId={1} />, {
      site: { input: { session: { read: () => storedSessionKeys(storage) } } },
    });
    const button = () => screen.getByTestId('login-button');
    expect(button().getAttribute('data-logged-in')).toBe('false');
    stored.set('lsid_id', '7');
    stored.set('lsid_name', 'Айгүл');
    act(() => site.send({ type: 'storage.changed', key: 'lsid_id' }));
    expect(button().getAttribute('data-logged-in')).toBe('false'); // no hash yet
    stored.set('lsid_hash', 'abc');
    act(() => site.send({ type: 'storage.changed', key: 'lsid_hash' }));
    expect(button().getAttribute('data-logged-in')).toBe('true');
    expect(button().textContent).toBe('Айгүл');
    stored.clear(); // logged out in this tab: the dialogs send session.refresh when the flow ends
    act(() => actors.session.send({ type: 'session.refresh' }));
    expect(button().getAttribute('data-logged-in')).toBe('false');
  });
});
