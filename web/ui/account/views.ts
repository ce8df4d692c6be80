// The account dialogs the shell can open.
export type AccountView =
  | 'login'
  | 'register'
  | 'forgotten'
  | 'reset'
  | 'verify'
  | 'changePassword'
  | 'settings'
  | 'consent'
  | 'marketing';

/** What an emailed link carries: a verification (A7-5) or a password reset (A7-8). */
export type AccountLanding =
  | { kind: 'verify'; type: 'verifyAccount' | 'verifyEmail'; code: string; id: string }
  | { kind: 'reset'; code: string; id: string };

/** Reads an emailed link's query (…/account/verify?t=&c=&i= or …/account/reset?c=&i=). */
export function landingFromUrl(pathname: string, search: string): AccountLanding | null {
  const q = new URLSearchParams(search);
  const code = q.get('c');
  const id = q.get('i');
  if (!code || !id) return null;
  if (pathname.endsWith('/account/verify'))
    return { kind: 'verify', type: q.get('t') === 'verifyEmail' ? 'verifyEmail' : 'verifyAccount', code, id };
  if (pathname.endsWith('/account/reset')) return { kind: 'reset', code, id };
  return null;
}
