// Accounts in real Chromium against the real server: registration with the in-page captcha, the emailed links read
// from the dev outbox, login, terms consent, password reset and change, deletion, social login through the local
// OpenID provider, and the one-window rule while a login flow runs. Every text checked is the Kazakh one.
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDITION } from '../../src/domain/edition';
import { KK_ACCOUNT_ERRORS, kkAccount } from '../../web/ui/account/kk-account';
import { kk } from '../../src/i18n/kk';
import { type AccountSite, createVerifiedUser, linkIn, startAccountSite } from './support/account-site';
import { buildClient, launchBrowser, newPage, removeDir } from './support/site';

let dir: string;
let site: AccountSite;
let browser: Browser;

beforeAll(async () => {
  dir = await buildClient();
  site = await startAccountSite(dir);
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  if (dir) removeDir(dir);
});

const P = EDITION.routePrefix;
const PASSWORD = 'Bastau-Kupiya1';

async function openSite(page: Page): Promise<void> {
  await page.goto(`${site.url}${P}/football/`);
  await page.getByTestId('login-button').waitFor();
}

/** The header button: the login dialog for a guest, the account settings for a logged-in user. */
async function openAccount(page: Page): Promise<void> {
  await page.getByTestId('login-button').click();
}

async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  const dialog = page.getByTestId('login-dialog');
  await dialog.getByRole('heading', { name: kkAccount.login.title }).waitFor();
  await dialog.getByLabel(kkAccount.email).fill(email);
  await dialog.getByLabel(kkAccount.password).fill(password);
  await dialog.locator('button[type=submit]').click();
}

async function solveCaptchaInPage(page: Page, dialogTestId: string): Promise<void> {
  const dialog = page.getByTestId(dialogTestId);
  // The box ticks only once the proof of work is found, so a plain click (not check()).
  await dialog.getByLabel(kkAccount.captcha.label).click();
  await dialog.getByText(kkAccount.captcha.solved).waitFor({ timeout: 30_000 });
}

/** After a login the marketing statement (A4-2) may ask once; "later" closes it. */
async function dismissMarketing(page: Page): Promise<void> {
  const marketing = page.getByTestId('marketing-dialog');
  await marketing.getByRole('heading', { name: kkAccount.marketing.title }).waitFor();
  expect(await marketing.textContent()).toContain(kkAccount.marketing.initial);
  await marketing.getByRole('button', { name: kkAccount.marketing.later }).click();
  await marketing.waitFor({ state: 'detached' });
}

async function storedUserId(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('lsid_id'));
}

async function expectSettingsOf(page: Page, email: string): Promise<void> {
  // A3-3: once logged in, the header's account button says so.
  await page.locator('[data-testid="login-button"][data-logged-in="true"]').waitFor();
  expect(await page.getByTestId('login-button').textContent()).not.toBe(kk.header.login);
  await openAccount(page);
  const settings = page.getByTestId('settings-dialog');
  await settings.getByRole('heading', { name: kkAccount.settings.title }).waitFor();
  expect(await settings.getByLabel(kkAccount.email).inputValue()).toBe(email);
}

async function logOut(page: Page): Promise<void> {
  const settings = page.getByTestId('settings-dialog');
  await settings.getByRole('button', { name: kkAccount.settings.logout }).click();
  await settings.waitFor({ state: 'detached' });
  await page.waitForFunction(() => window.localStorage.getItem('lsid_id') === null);
  await page.locator('[data-testid="login-button"][data-logged-in="false"]').waitFor();
  expect(await page.getByTestId('login-button').textContent()).toBe(kk.header.login);
  // A guest's header button opens the login dialog again.
  await openAccount(page);
  await page.getByTestId('login-dialog').waitFor();
  await page.getByTestId('login-dialog').getByRole('button', { name: kkAccount.close }).click();
}

/** Holds every request to a path until released, so a login flow stays running. */
async function holdRequests(page: Page, path: string): Promise<{ release: () => void; held: Promise<void> }> {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let seen: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    seen = resolve;
  });
  await page.route(`**${path}`, async (route: Route) => {
    seen();
    await gate;
    await route.continue();
  });
  return { release, held };
}

describe('accounts in Chromium', () => {
  it('A7-2 A7-5 A7-3 A4-1 A7-17 A7-7 S1-10 register with the captcha, verify from the outbox, log in, accept terms, log out', async () => {
    const { page, context } = await newPage(browser);
    const email = 'aset.register@example.kz';
    const name = 'Aset_Qazaq';
    await openSite(page);
    expect(await page.getByTestId('login-button').textContent()).toBe(kk.header.login);

    await openAccount(page);
    await page.getByTestId('login-dialog').getByRole('button', { name: kkAccount.login.register }).click();
    const registration = page.getByTestId('registration-dialog');
    await registration.getByRole('heading', { name: kkAccount.register.title }).waitFor();
    expect(await registration.textContent()).toContain(kkAccount.register.terms);
    // Without the captcha the form refuses, in Kazakh.
    await registration.getByLabel(kkAccount.email).fill(email);
    await registration.getByLabel(kkAccount.name).fill(name);
    await registration.getByLabel(kkAccount.password).fill(PASSWORD);
    await registration.locator('button[type=submit]').click();
    await registration.getByText(kkAccount.validation.captcha).waitFor();
    await solveCaptchaInPage(page, 'registration-dialog');
    await registration.locator('button[type=submit]').click();
    await registration.getByText(kkAccount.register.done(email)).waitFor();
    await registration.getByRole('button', { name: kkAccount.close }).click();

    // Not confirmed yet: a correct password gets the Kazakh "not verified" message.
    await openAccount(page);
    await fillLogin(page, email, PASSWORD);
    await page.getByTestId('login-dialog').getByText(KK_ACCOUNT_ERRORS.accountNotVerified).waitFor();
    await page.getByTestId('login-dialog').getByRole('button', { name: kkAccount.close }).click();

    const mail = await site.mail(email, 'verify');
    expect(mail.subject).toBe('Тіркелгіні растаңыз');
    const link = linkIn(mail, `${P}/account/verify`);
    expect(new URL(link).origin).toBe(site.url);
    await page.goto(link);
    const landing = page.getByTestId('verify-landing');
    await landing.getByRole('heading', { name: kkAccount.verify.title }).waitFor();
    await landing.getByText(kkAccount.verify.account).waitFor();

    // New terms since registration: the login asks for consent (A4-1).
    await site.publishTerms(2);
    await landing.getByRole('button', { name: kkAccount.login.submit }).click();
    await fillLogin(page, email, PASSWORD);
    const consent = page.getByTestId('consent-dialog');
    await consent.getByRole('heading', { name: kkAccount.consent.title }).waitFor();
    await consent.getByRole('heading', { name: kkAccount.consent.tou }).waitFor();
    await consent.getByRole('heading', { name: kkAccount.consent.pp }).waitFor();
    expect(await consent.textContent()).toContain('Жаңартылған пайдалану шарттары, нұсқа 2.');
    await consent.getByRole('button', { name: kkAccount.consent.accept }).click();
    await dismissMarketing(page);

    const userId = await storedUserId(page);
    expect(userId).not.toBeNull();
    const agreed = await site.handle.db
      .selectFrom('terms_agreements')
      .select(['type', 'version'])
      .where('user_id', '=', userId as string)
      .execute();
    expect(agreed.map((a) => `${a.type}${a.version}`).sort()).toEqual(['pp2', 'tou2']);

    await expectSettingsOf(page, email);
    expect(await page.getByTestId('settings-dialog').getByLabel(kkAccount.name).inputValue()).toBe(name);
    await logOut(page);
    await context.close();
  }, 60_000);

  it('A7-10 A7-8 A7-6 A8-4 reset a forgotten password from the outbox, change it in settings, delete the account', async () => {
    const email = 'dana.reset@example.kz';
    await createVerifiedUser(site, email, PASSWORD, 'Dana_Reset');
    const { page, context } = await newPage(browser);
    await openSite(page);

    await openAccount(page);
    await page.getByTestId('login-dialog').getByRole('button', { name: kkAccount.login.forgotten }).click();
    const forgotten = page.getByTestId('forgotten-dialog');
    await forgotten.getByRole('heading', { name: kkAccount.forgotten.title }).waitFor();
    await forgotten.getByLabel(kkAccount.email).fill(email);
    await solveCaptchaInPage(page, 'forgotten-dialog');
    await forgotten.getByRole('button', { name: kkAccount.forgotten.submit }).click();
    await forgotten.getByText(kkAccount.forgotten.sent).waitFor();

    const mail = await site.mail(email, 'forgottenPassword');
    expect(mail.subject).toBe('Құпиясөзді қалпына келтіру');
    await page.goto(linkIn(mail, `${P}/account/reset`));
    const reset = page.getByTestId('reset-dialog');
    await reset.getByRole('heading', { name: kkAccount.reset.title }).waitFor();
    const resetPassword = 'Jana-Kupiya2';
    await reset.getByLabel(kkAccount.change.new, { exact: true }).fill(resetPassword);
    await reset.getByLabel(kkAccount.change.repeat).fill('Basqa-Kupiya2');
    await reset.getByRole('button', { name: kkAccount.reset.submit }).click();
    await reset.getByText(kkAccount.validation.repeat).waitFor();
    await reset.getByLabel(kkAccount.change.repeat).fill(resetPassword);
    await reset.getByRole('button', { name: kkAccount.reset.submit }).click();
    await reset.getByText(kkAccount.reset.done).waitFor();
    await reset.getByRole('button', { name: kkAccount.login.submit }).click();

    // The old password no longer works; the new one does.
    await fillLogin(page, email, PASSWORD);
    await page.getByTestId('login-dialog').getByText(KK_ACCOUNT_ERRORS.loginFailed).waitFor();
    await fillLogin(page, email, resetPassword);
    await dismissMarketing(page);

    await expectSettingsOf(page, email);
    await page.getByTestId('settings-dialog').getByRole('button', { name: kkAccount.settings.changePassword }).click();
    const change = page.getByTestId('password-change-dialog');
    await change.getByRole('heading', { name: kkAccount.change.title }).waitFor();
    const changedPassword = 'Ekinshi-Kupiya3';
    await change.getByLabel(kkAccount.change.old).fill('Qate-Kupiya9');
    await change.getByLabel(kkAccount.change.new, { exact: true }).fill(changedPassword);
    await change.getByLabel(kkAccount.change.repeat).fill(changedPassword);
    await change.getByRole('button', { name: kkAccount.change.submit }).click();
    await change.getByText(KK_ACCOUNT_ERRORS.passwordInvalid).waitFor();
    await change.getByLabel(kkAccount.change.old).fill(resetPassword);
    await change.getByRole('button', { name: kkAccount.change.submit }).click();
    await change.getByText(kkAccount.change.done).waitFor();
    await change.getByRole('button', { name: kkAccount.close }).click();

    await expectSettingsOf(page, email);
    const settings = page.getByTestId('settings-dialog');
    await settings.getByRole('button', { name: kkAccount.settings.delete }).click();
    const confirm = settings.getByRole('alertdialog', { name: kkAccount.settings.delete });
    expect(await confirm.textContent()).toContain(kkAccount.settings.deleteConfirm);
    await confirm.getByRole('button', { name: kkAccount.settings.deleteYes }).click();
    await settings.waitFor({ state: 'detached' });
    await page.waitForFunction(() => window.localStorage.getItem('lsid_id') === null);
    expect((await site.mail(email, 'deleteAccount')).subject).toBe('Тіркелгіңіз жойылды');

    // The account is gone: its last password fails with the Kazakh login-failed message.
    await openAccount(page);
    await fillLogin(page, email, changedPassword);
    await page.getByTestId('login-dialog').getByText(KK_ACCOUNT_ERRORS.loginFailed).waitFor();
    expect(await storedUserId(page)).toBeNull();
    await context.close();
  }, 60_000);

  it('A7-4 social login through the local OpenID provider for google and apple', async () => {
    for (const [provider, label] of [
      ['google', 'Google'],
      ['apple', 'Apple'],
    ] as const) {
      const { page, context } = await newPage(browser);
      await openSite(page);
      await openAccount(page);
      const login = page.getByTestId('login-dialog');
      await login.getByText(kkAccount.login.social).waitFor();
      await login.getByRole('button', { name: kkAccount.login.socialWith(label) }).click();
      await page.waitForURL(new RegExp(`/dev/oidc/${provider}/authorize`));
      await page.getByRole('heading', { name: `Сынақ провайдері: ${provider}` }).waitFor();
      await page.getByRole('link', { name: 'Айгүл Сейітова' }).click();
      await page.waitForURL(new RegExp(`${P}/football/$`));
      await dismissMarketing(page);
      const email = `aigul.${provider}@example.kz`;
      await expectSettingsOf(page, email);
      expect((await site.mail(email, 'social')).body).toContain(provider);
      await logOut(page);

      // A second sign-in with the same identity logs into the same account, no new registration.
      const firstId = await site.handle.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      await openAccount(page);
      await page
        .getByTestId('login-dialog')
        .getByRole('button', { name: kkAccount.login.socialWith(label) })
        .click();
      await page.getByRole('link', { name: 'Айгүл Сейітова' }).click();
      await page.waitForURL(new RegExp(`${P}/football/$`));
      await page.waitForFunction(() => window.localStorage.getItem('lsid_id') !== null);
      expect(await storedUserId(page)).toBe(firstId.id);
      await context.close();
    }
  }, 60_000);

  it('S2-38 S2-39 S2-40 one window at a time while a login flow runs; closing the login window cancels it', async () => {
    const email = 'nurlan.windows@example.kz';
    await createVerifiedUser(site, email, PASSWORD, 'Nurlan_W');
    const { page, context } = await newPage(browser);
    await openSite(page);
    const login = page.getByTestId('login-dialog');
    const siteSettings = page.getByRole('button', { name: kk.header.settings });
    const settingsPanel = page.getByRole('region', { name: kk.settings.title });
    // The account dialogs are modal (their backdrop covers the header), so the other window is opened the way any
    // script of the page would: a click event on the header's settings button.
    const openSiteSettings = () => siteSettings.dispatchEvent('click');

    // S2-38: opening the settings window closes the open login dialog, and the other way round.
    await openAccount(page);
    await login.waitFor();
    await openSiteSettings();
    await settingsPanel.waitFor();
    await login.waitFor({ state: 'detached' });
    await openAccount(page);
    await login.waitFor();
    await settingsPanel.waitFor({ state: 'detached' });

    // S2-39: a running (cancellable) login gives way to another window, and the login does not take effect.
    let gate = await holdRequests(page, '/v3/login');
    await fillLogin(page, email, PASSWORD);
    await gate.held;
    await login.getByRole('button', { name: kkAccount.busy }).waitFor();
    await openSiteSettings();
    await settingsPanel.waitFor();
    await login.waitFor({ state: 'detached' });
    gate.release();
    await page.waitForLoadState('networkidle');
    await page.unroute('**/v3/login');
    expect(await storedUserId(page)).toBeNull();
    await openAccount(page);
    await login.getByRole('heading', { name: kkAccount.login.title }).waitFor();

    // S2-40: closing the login window cancels the running flow.
    gate = await holdRequests(page, '/v3/login');
    await fillLogin(page, email, PASSWORD);
    await gate.held;
    await login.getByRole('button', { name: kkAccount.close }).click();
    await login.waitFor({ state: 'detached' });
    gate.release();
    await page.waitForLoadState('networkidle');
    await page.unroute('**/v3/login');
    expect(await storedUserId(page)).toBeNull();
    await openAccount(page);
    await login.getByRole('heading', { name: kkAccount.login.title }).waitFor();

    // S2-39: a flow that cannot be cancelled (logging out) keeps its window; the settings window does not open.
    await fillLogin(page, email, PASSWORD);
    await dismissMarketing(page);
    await openAccount(page);
    const account = page.getByTestId('settings-dialog');
    await account.waitFor();
    gate = await holdRequests(page, '/v3/logout');
    await account.getByRole('button', { name: kkAccount.settings.logout }).click();
    await gate.held;
    await openSiteSettings();
    expect(await settingsPanel.count()).toBe(0);
    expect(await account.count()).toBe(1);
    gate.release();
    await account.waitFor({ state: 'detached' });
    await page.waitForFunction(() => window.localStorage.getItem('lsid_id') === null);
    await context.close();
  }, 60_000);
});
