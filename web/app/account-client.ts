// The browser's one account client (A1-1), made by the composition root and handed to the account dialogs.
import { AccountClient } from '../../src/account/client';
import { EDITION } from '../../src/domain/edition';

export const ACCOUNT_NAMESPACE = 'kz-scores';

/** `now`: the page's time (the site's clock), for the sync age the client stores (A4-7). */
export function createBrowserAccountClient(now: () => number): AccountClient {
  return new AccountClient(
    {
      mode: 'Production',
      productionUrl: window.location.origin,
      namespace: ACCOUNT_NAMESPACE,
      projectId: EDITION.projectId,
    },
    { storage: window.localStorage, now },
  );
}
