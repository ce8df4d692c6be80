// Logging in the way a visitor does: the header's button, the login dialog, and the marketing statement that holds
// the login's data merge until it is answered (A4-2, A4-3). Resolves once the merge has run.
import type { Page } from 'playwright-core';
import { kkAccount } from '../../../web/ui/account/kk-account';

export async function logInFromHeader(page: Page, email: string, password: string): Promise<void> {
  await page.getByTestId('login-button').click();
  const dialog = page.getByTestId('login-dialog');
  await dialog.getByLabel(kkAccount.email).fill(email);
  await dialog.getByLabel(kkAccount.password).fill(password);
  await dialog.locator('button[type=submit]').click();
  await dialog.waitFor({ state: 'detached' });
  await page.waitForFunction(
    () =>
      document.querySelector('[data-testid="marketing-dialog"]') !== null ||
      (localStorage.getItem('lsid_id') !== null && localStorage.getItem('lsid_storeAfterLoginNeeded') === null),
  );
  const marketing = page.getByTestId('marketing-dialog');
  if ((await marketing.count()) > 0) {
    await marketing.getByRole('button', { name: kkAccount.marketing.submit }).click();
    await marketing.waitFor({ state: 'detached' });
    await page.waitForFunction(() => localStorage.getItem('lsid_storeAfterLoginNeeded') === null);
  }
}
