// The account dialogs' entry the site shell mounts (in its account slot): login (with social sign-in), registration,
// verification and reset landings, forgotten password, password change, settings, terms consent and the marketing
// statement. It keeps the login flow in step with the stored user (forced logout A4-6, other tabs A4-8). The account
// data sync while logged in (A4-7) is the site's 'accountSync' child, not the dialogs'.
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createActor } from 'xstate';
import { socialHandOffMachine } from '../../../machines/social-hand-off';
import type { AccountClient } from '../../../src/account/client';
import { readSocialCallback, socialAuthorizeUrl } from '../../../src/account/social-redirect';
import type { KeyValueStorage } from '../../../src/account/storage';
import type { ProviderInfo } from '../../../src/wire/account';
import { type AccountLoginRef, loginMachineFor } from './account-actors';
import { AccountSettingsDialog } from './AccountSettingsDialog';
import { ConsentDialog } from './ConsentDialog';
import { ForgottenPasswordDialog } from './ForgottenPasswordDialog';
import { LoginDialog } from './LoginDialog';
import { MarketingDialog } from './MarketingDialog';
import { PasswordChangeDialog, ResetPasswordDialog } from './PasswordForms';
import { RegistrationDialog } from './RegistrationDialog';
import { VerifyLanding } from './VerifyLanding';
import type { AccountLanding, AccountView } from './views';
import './account.css';

export type { AccountLanding, AccountView } from './views';
export { landingFromUrl } from './views';

/** Browser hooks for social sign-in; the defaults use window.location and sessionStorage. */
export interface SocialBrowser {
  redirectUri: string;
  navigate: (url: string) => void;
  session: KeyValueStorage;
  /** The page's fragment on arrival (where the provider puts the id_token). */
  hash: string;
  clearHash: () => void;
}

export interface AccountDialogsProps {
  client: AccountClient;
  /** The open dialog, or null. The shell maps its 'login' window to 'login' (S2-38). */
  view: AccountView | null;
  onViewChange: (view: AccountView | null) => void;
  /** An emailed link's data when the page was opened from one. */
  landing?: AccountLanding | null;
  /** A login flow actor made elsewhere (e.g. shared with the shell); by default one is made from the client. */
  login?: AccountLoginRef;
  social?: Partial<SocialBrowser>;
  /** S2-39: tells the shell whether a login flow runs and whether it can be cancelled. */
  onLoginFlowChange?: (running: boolean, cancellable: boolean) => void;
  /** S5-5: why the login dialog opens, e.g. 'loginNeeded' when a guest tried a user-only function. */
  loginReason?: string | null;
}

function browserSocial(): SocialBrowser {
  const hasWindow = typeof window !== 'undefined';
  return {
    redirectUri: hasWindow ? `${window.location.origin}${window.location.pathname}` : '',
    navigate: (url) => window.location.assign(url),
    session: hasWindow
      ? window.sessionStorage
      : { getItem: () => null, setItem: () => undefined, removeItem: () => undefined },
    hash: hasWindow ? window.location.hash : '',
    clearHash: () => {
      if (hasWindow) window.history.replaceState(null, '', `${window.location.pathname}${window.location.search}`);
    },
  };
}

export function AccountDialogs(props: AccountDialogsProps) {
  const { client, view, onViewChange, landing } = props;
  const ownLogin = useActorRef(
    useMemo(() => loginMachineFor(client), [client]),
    { input: { loggedIn: client.isLoggedIn() } },
  );
  const login = props.login ?? ownLogin;
  const [social] = useState<SocialBrowser>(() => ({ ...browserSocial(), ...props.social }));
  const [providers, setProviders] = useState<ProviderInfo[]>([]);
  const close = useCallback(() => onViewChange(null), [onViewChange]);

  // A4-6, A4-8: the stored user changed outside the flow.
  useEffect(() => {
    const offEnd = client.onSessionEnd(() => login.send({ type: 'SESSION_ENDED' }));
    const offTab = client.onOtherTabChange((change) =>
      login.send({ type: change.loggedIn ? 'SESSION_STARTED' : 'SESSION_ENDED' }),
    );
    const offWatch = typeof window !== 'undefined' ? client.watchOtherTabs(window) : () => undefined;
    return () => {
      offEnd();
      offTab();
      offWatch();
    };
  }, [client, login]);

  // A7-4: back from the provider with an id_token. The callback is read once (reading spends it) and handed to the
  // login flow a task later (machines/social-hand-off.ts).
  const socialCallback = useRef<ReturnType<typeof readSocialCallback> | undefined>(undefined);
  useEffect(() => {
    if (socialCallback.current === undefined) {
      socialCallback.current = readSocialCallback(social.hash, social.session);
      if (socialCallback.current) social.clearHash();
    }
    const callback = socialCallback.current;
    if (!callback) return;
    const handOff = socialHandOffMachine.provide({
      actions: {
        handOff: () => {
          socialCallback.current = null;
          // The returning sign-in runs in the login window (S2-38), so closing it cancels the flow (S2-40).
          onViewChange('login');
          login.send({
            type: 'LOGIN_PROVIDER',
            provider: callback.provider,
            token: callback.token,
            nonce: callback.nonce,
          });
        },
      },
    });
    // On the login actor's own clock (its system's), so a simulated clock runs the hand-off too.
    const waiting = createActor(handOff, { clock: login.system._clock }).start();
    return () => {
      waiting.stop();
    };
  }, [login, social, onViewChange]);

  // S2-39, S2-40: the window closed (by the visitor or because another window opened) cancels a running login.
  useEffect(() => {
    if (view === null && login.getSnapshot().hasTag('cancellable')) login.send({ type: 'CANCEL' });
  }, [view, login]);

  useEffect(() => {
    if (view !== 'login' || providers.length > 0) return;
    client.providers().then(setProviders, () => setProviders([]));
  }, [client, view, providers.length]);

  // S5-5: the reason the login dialog was opened for; once withdrawn (its window closed, however), the next login
  // dialog opens without it.
  const { loginReason } = props;
  const askedReason = useRef<string | null>(null);
  useEffect(() => {
    if (loginReason) login.send({ type: 'REQUIRE_LOGIN', reason: loginReason });
    else if (askedReason.current) login.send({ type: 'CLEAR_ERROR' });
    askedReason.current = loginReason ?? null;
  }, [login, loginReason]);

  // After a login: terms first (A4-1), then the marketing statement (A4-2), then close.
  const outcome = useSelector(login, (s) => (s.matches('loggedIn') ? s.context.outcome : null));
  useEffect(() => {
    if (!outcome) return;
    if (outcome.needsTerms) onViewChange('consent');
    else if (outcome.needsMarketing) onViewChange('marketing');
    else onViewChange(null);
    login.send({ type: 'OUTCOME_HANDLED' });
  }, [outcome, onViewChange, login]);
  // Logging out or deleting still shows the settings the visitor acted in (not the login dialog).
  const settledLogin = useSelector(
    login,
    (s) => (s.matches('loggedIn') && s.context.outcome === null) || s.matches('loggingOut') || s.matches('deleting'),
  );

  // Logged out while an account dialog was open (logout, deletion, forced): close it. The header's window shows the
  // settings to a logged-in user, so it closes too instead of turning into the login dialog.
  const signedIn = useSelector(login, (s) => s.matches('loggedIn') || s.matches('loggingOut') || s.matches('deleting'));
  const wasSignedIn = useRef(signedIn);
  useEffect(() => {
    const ended = wasSignedIn.current && !signedIn;
    wasSignedIn.current = signedIn;
    if (ended && view !== null) onViewChange(null);
  }, [signedIn, view, onViewChange]);

  const running = useSelector(login, (s) => s.hasTag('busy'));
  const cancellable = useSelector(login, (s) => s.hasTag('cancellable'));
  const { onLoginFlowChange } = props;
  useEffect(() => onLoginFlowChange?.(running, cancellable), [running, cancellable, onLoginFlowChange]);

  const afterConsent = useCallback(
    () => onViewChange(client.marketingApproval?.required ? 'marketing' : null),
    [client, onViewChange],
  );
  const declined = useCallback(() => {
    login.send({ type: 'LOGOUT' });
    onViewChange(null);
  }, [login, onViewChange]);

  let dialog = null;
  // A logged-in user opening the login window (the header button) gets the account settings.
  if (view === 'login' && settledLogin)
    dialog = <AccountSettingsDialog client={client} login={login} onNavigate={onViewChange} onClose={close} />;
  else if (view === 'login')
    dialog = (
      <LoginDialog
        login={login}
        providers={providers}
        onSocial={(p) => social.navigate(socialAuthorizeUrl(p, social.redirectUri, social.session))}
        onNavigate={onViewChange}
        onClose={close}
      />
    );
  else if (view === 'register')
    dialog = <RegistrationDialog client={client} login={login} onNavigate={onViewChange} onClose={close} />;
  else if (view === 'forgotten') dialog = <ForgottenPasswordDialog client={client} onClose={close} />;
  else if (view === 'changePassword') dialog = <PasswordChangeDialog client={client} onClose={close} />;
  else if (view === 'settings')
    dialog = <AccountSettingsDialog client={client} login={login} onNavigate={onViewChange} onClose={close} />;
  else if (view === 'consent')
    dialog = <ConsentDialog client={client} onConfirmed={afterConsent} onDeclined={declined} />;
  else if (view === 'marketing') dialog = <MarketingDialog client={client} onDone={close} />;
  else if (view === 'verify' && landing?.kind === 'verify')
    dialog = <VerifyLanding client={client} landing={landing} onLogin={() => onViewChange('login')} onClose={close} />;
  else if (view === 'reset' && landing?.kind === 'reset')
    dialog = (
      <ResetPasswordDialog
        client={client}
        id={landing.id}
        code={landing.code}
        onLogin={() => onViewChange('login')}
        onClose={close}
      />
    );

  return <>{dialog}</>;
}
