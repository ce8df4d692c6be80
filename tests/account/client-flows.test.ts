// The account client against the real service over loopback: every call, the after-login merge, consent,
// marketing, logout/deletion and forced logout, and HTTP-level failures.
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCaptchaSolution, solveCaptcha } from '../../src/account/captcha-solver';
import { type AccountClientConfig, AccountClient } from '../../src/account/client';
import { AccountError, TechnicalError } from '../../src/account/errors';
import type { FetchLike } from '../../src/account/http';
import {
  GOOD_PASSWORD,
  NS,
  PROJECT,
  type TestServer,
  lastMail,
  linkParams,
  registerVerified,
  startAccountServer,
} from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startAccountServer({ marketing: {} });
});
afterAll(async () => server.close());

function makeClient(
  storage = new Map<string, string>(),
  extra: Partial<AccountClientConfig> = {},
  fetchImpl?: FetchLike,
) {
  const errors: AccountError[] = [];
  const client = new AccountClient(
    { mode: 'Production', productionUrl: server.url, namespace: NS, projectId: PROJECT, ...extra },
    { storage, onError: (e) => errors.push(e), fetch: fetchImpl, now: () => Date.now() },
  );
  return { client, storage, errors };
}

async function solved(client: AccountClient): Promise<string> {
  const challenge = await client.captchaChallenge();
  return encodeCaptchaSolution(challenge, (await solveCaptcha(challenge)) as number);
}

describe('client calls', () => {
  it('A1-1 A7-2 A6-1 registration through the client sends the fixed approvals and solves the captcha', async () => {
    const seen: unknown[] = [];
    const spy: FetchLike = (input, init) => {
      if (String(input).endsWith('/v3/registration')) seen.push(JSON.parse(String(init?.body)));
      return fetch(input, init);
    };
    const { client } = makeClient(new Map(), {}, spy);
    await client.register({
      email: 'c1@example.kz',
      password: GOOD_PASSWORD,
      name: 'Client_1',
      captcha: await solved(client),
    });
    expect(seen[0]).toMatchObject({
      termsofservice: true,
      touApproval: true,
      ppApproval: true,
      namespace: NS,
      project: PROJECT,
    });
    await expect(
      client.register({
        email: 'c1@example.kz',
        password: GOOD_PASSWORD,
        name: 'Client_1',
        captcha: await solved(client),
      }),
    ).rejects.toMatchObject({ code: 1006 });
    await expect(
      client.register({ email: 'c2@example.kz', password: GOOD_PASSWORD, name: 'Client_2', captcha: 'e30=' }),
    ).rejects.toMatchObject({
      code: 1005,
    });
  });

  it('A7-5 verification through the client answers the type; A4-5 login before it raises 1002', async () => {
    const { client, errors } = makeClient();
    await expect(client.login('c1@example.kz', GOOD_PASSWORD)).rejects.toMatchObject({ code: 1002 });
    expect(errors.map((e) => e.code)).toEqual([1002]); // A8-4: errors pass to the supplied handler
    const params = linkParams((await lastMail(server, 'c1@example.kz')).body);
    expect(await client.verify('verifyAccount', params.get('c') as string, params.get('i') as string)).toBe(
      'verifyAccount',
    );
    await expect(
      client.verify('verifyAccount', params.get('c') as string, params.get('i') as string),
    ).rejects.toMatchObject({
      code: 1004,
    });
  });

  it('A7-3 A3-2 A3-3 login stores id, hash, profile and terms; A7-13 data arrives', async () => {
    const { client, storage } = makeClient();
    const outcome = await client.login('c1@example.kz', GOOD_PASSWORD);
    expect(outcome).toMatchObject({ isRegistration: false, needsTerms: false, needsMarketing: false });
    expect(client.isLoggedIn()).toBe(true);
    expect(storage.get('lsid_hash')).toMatch(/^[0-9a-f]{40}$/);
    expect(client.profile).toEqual({ id: outcome.id, name: 'Client_1', email: 'c1@example.kz', emailIsVerified: true });
    expect(storage.get('lsid_ppConfirmed')).toBe('true');
    await expect(makeClient().client.login('c1@example.kz', 'Wrong_pass1')).rejects.toMatchObject({ code: 1001 });
  });

  it('A4-3 after login with empty server data, local data is uploaded as a merge and kept', async () => {
    await registerVerified(server, 'merge@example.kz');
    const guest = new Map([['lsid_data', JSON.stringify({ myGames: { g_1_x: 1 } })]]);
    const { client, storage } = makeClient(guest);
    await client.login('merge@example.kz', GOOD_PASSWORD);
    expect(JSON.parse(storage.get('lsid_data') as string)).toEqual({ myGames: { g_1_x: 1 } });
    expect(storage.has('lsid_storeAfterLoginNeeded')).toBe(false);
    // the server has it now: another device sees it
    const other = makeClient();
    await other.client.login('merge@example.kz', GOOD_PASSWORD);
    expect(JSON.parse(other.storage.get('lsid_data') as string)).toEqual({ myGames: { g_1_x: 1 } });
    // and when the server has data, the server's data wins over local data
    const third = makeClient(new Map([['lsid_data', JSON.stringify({ other: 1 })]]));
    await third.client.login('merge@example.kz', GOOD_PASSWORD);
    expect(JSON.parse(third.storage.get('lsid_data') as string)).toEqual({ myGames: { g_1_x: 1 } });
  });

  it('A7-11 A7-20 storeMergedData applies locally and on the server; A4-7 syncData fetches it', async () => {
    const a = makeClient();
    await a.client.login('merge@example.kz', GOOD_PASSWORD);
    await a.client.storeMergedData('data', { merge: { 'myTeams.t_1': 1 }, unmerge: ['myGames.g_1_x'] });
    expect(JSON.parse(a.storage.get('lsid_data') as string)).toEqual({ myGames: {}, myTeams: { t_1: 1 } });
    const b = makeClient();
    await b.client.login('merge@example.kz', GOOD_PASSWORD);
    await a.client.storeMergedData('privateData', { merge: { note: 'x' }, unmerge: [] });
    await b.client.syncData();
    expect(JSON.parse(b.storage.get('lsid_privateData') as string)).toEqual({ note: 'x' });
    expect(b.client.lastSyncedAt()).toBeGreaterThan(0);
  });

  it('A7-12 update-user: the name is stored at once; a new email, sent with the password, only after it is confirmed', async () => {
    const { client, storage } = makeClient();
    await client.login('merge@example.kz', GOOD_PASSWORD);
    await expect(client.updateUser({ email: 'merge2@example.kz' })).rejects.toMatchObject({ code: 1004 });
    await client.updateUser({ name: 'Merged_1', email: 'merge2@example.kz', password: GOOD_PASSWORD });
    expect(storage.get('lsid_email')).toBe('merge@example.kz');
    expect(storage.get('lsid_name')).toBe('Merged_1');
    const params = linkParams((await lastMail(server, 'merge2@example.kz')).body);
    await client.verify('verifyEmail', params.get('c') as string, params.get('i') as string);
    await client.syncData();
    expect(storage.get('lsid_email')).toBe('merge2@example.kz');
    expect(storage.get('lsid_emailIsVerified')).toBe('true');
    await client.updateUser({ email: 'merge@example.kz', password: GOOD_PASSWORD });
    const back = linkParams((await lastMail(server, 'merge@example.kz')).body);
    await client.verify('verifyEmail', back.get('c') as string, back.get('i') as string);
  });

  it('A7-8 A7-9 A7-10 password change, forgotten password (with and without captcha) and reset through the client', async () => {
    const { client } = makeClient();
    await client.login('merge@example.kz', GOOD_PASSWORD);
    await expect(client.changePassword('Wrong_pass1', 'Next_pass1')).rejects.toMatchObject({ code: 1004 });
    expect(client.isLoggedIn()).toBe(true);
    await client.changePassword(GOOD_PASSWORD, 'Next_pass1');
    await client.forgottenPassword('merge@example.kz');
    await expect(client.forgottenPassword('merge@example.kz', 'e30=')).rejects.toMatchObject({ code: 1005 });
    await client.forgottenPassword('merge@example.kz', await solved(client));
    const params = linkParams((await lastMail(server, 'merge@example.kz')).body);
    await client.resetPassword(params.get('i') as string, params.get('c') as string, GOOD_PASSWORD);
    await expect(
      client.resetPassword(params.get('i') as string, params.get('c') as string, GOOD_PASSWORD),
    ).rejects.toMatchObject({
      code: 1004,
    });
  });

  it('A7-14 A7-15 terms documents through the client', async () => {
    const { client } = makeClient();
    const latest = await client.termsDocuments();
    expect(latest.documents.map((d) => d.type).sort()).toEqual(['pp', 'tou']);
    const list = await client.api.termsDocuments();
    expect(list.documents.length).toBe(2);
  });
});

describe('logout, deletion and forced logout', () => {
  it('A4-4 logout clears the stored user only if the call succeeds', async () => {
    await registerVerified(server, 'out@example.kz');
    const down: FetchLike = async () => {
      throw new TypeError('fetch failed');
    };
    const online = makeClient();
    await online.client.login('out@example.kz', GOOD_PASSWORD);
    const offline = makeClient(online.storage, {}, down);
    await expect(offline.client.logout()).rejects.toBeInstanceOf(TechnicalError);
    expect(offline.client.isLoggedIn()).toBe(true);
    const ended: string[] = [];
    online.client.onSessionEnd((r) => ended.push(r));
    await online.client.logout();
    expect(online.client.isLoggedIn()).toBe(false);
    expect(online.storage.size).toBe(0);
    expect(ended).toEqual(['logout']);
  });

  it('A4-4 account deletion clears the stored user even if the call fails', async () => {
    await registerVerified(server, 'del@example.kz');
    const a = makeClient();
    await a.client.login('del@example.kz', GOOD_PASSWORD);
    const failing = makeClient(new Map(a.storage), {}, async () => new Response('oops', { status: 502 }));
    await expect(failing.client.deleteAccount()).rejects.toBeInstanceOf(TechnicalError);
    expect(failing.client.isLoggedIn()).toBe(false);
    await a.client.deleteAccount();
    expect(a.client.isLoggedIn()).toBe(false);
    await expect(makeClient().client.login('del@example.kz', GOOD_PASSWORD)).rejects.toMatchObject({ code: 1001 });
  });

  it('A4-6 S6-3 a login mismatch (1001) always logs out, e.g. after a password reset elsewhere', async () => {
    await registerVerified(server, 'forced@example.kz');
    const { client } = makeClient();
    await client.login('forced@example.kz', GOOD_PASSWORD);
    const ended: string[] = [];
    client.onSessionEnd((r) => ended.push(r));
    await server.post('/v3/forgottenpassword', { email: 'forced@example.kz', namespace: NS, p: PROJECT });
    const params = linkParams((await lastMail(server, 'forced@example.kz')).body);
    await makeClient().client.resetPassword(params.get('i') as string, params.get('c') as string, 'Other_pass1');
    await expect(client.syncData()).rejects.toMatchObject({ code: 1001 });
    expect(client.isLoggedIn()).toBe(false);
    expect(ended).toEqual(['forced']);
  });

  it('A4-6 with both terms confirmed another error keeps the user; with terms unconfirmed it logs out', async () => {
    await registerVerified(server, 'keep@example.kz');
    const { client, storage } = makeClient();
    await client.login('keep@example.kz', GOOD_PASSWORD);
    await expect(client.updateUser({ name: 'x' })).rejects.toMatchObject({ code: 1003 });
    expect(client.isLoggedIn()).toBe(true);
    storage.set('lsid_touConfirmed', 'false');
    await expect(client.updateUser({ name: 'x' })).rejects.toMatchObject({ code: 1003 });
    expect(client.isLoggedIn()).toBe(false);
  });
});

describe('consent and marketing through the client', () => {
  it('A4-1 A4-3 A7-17 flagged terms: storeAfterLoginNeeded until accepted, then the merge runs', async () => {
    await registerVerified(server, 'terms@example.kz');
    await server.handle.db
      .insertInto('terms_documents')
      .values({
        project_id: PROJECT,
        version: 2,
        type: 'tou',
        title: 'ПШ 2',
        body: 'жаңа',
        published_at: 0,
        archived: 0,
      })
      .execute();
    const { client, storage } = makeClient(new Map([['lsid_data', JSON.stringify({ local: 1 })]]));
    const outcome = await client.login('terms@example.kz', GOOD_PASSWORD);
    expect(outcome.needsTerms).toBe(true);
    expect(storage.get('lsid_touConfirmed')).toBe('false');
    expect(storage.get('lsid_ppConfirmed')).toBe('true');
    expect(storage.get('lsid_storeAfterLoginNeeded')).toBe('true');
    expect(JSON.parse(storage.get('lsid_backendErrors') as string)[0]).toMatchObject({ code: 'XE8' });
    await client.acceptTerms();
    expect(storage.get('lsid_touConfirmed')).toBe('true');
    expect(storage.has('lsid_storeAfterLoginNeeded')).toBe(false);
    const other = makeClient();
    await other.client.login('terms@example.kz', GOOD_PASSWORD);
    expect(JSON.parse(other.storage.get('lsid_data') as string)).toEqual({ local: 1 });
    await server.handle.db.deleteFrom('terms_documents').where('version', '=', 2).execute();
  });

  it('A4-2 A7-18 A7-19 a pending marketing statement sets approval required with its variant; answering clears it', async () => {
    const marketingServer = await startAccountServer({ marketing: { [PROJECT]: 'BASIC' } });
    try {
      await registerVerified(marketingServer, 'mk@example.kz');
      const client = new AccountClient(
        {
          mode: 'Sandbox',
          productionUrl: 'http://127.0.0.1:9',
          sandboxUrl: marketingServer.url,
          namespace: NS,
          projectId: PROJECT,
        },
        { storage: new Map(), now: () => Date.now() },
      );
      const outcome = await client.login('mk@example.kz', GOOD_PASSWORD);
      expect(outcome.needsMarketing).toBe(true);
      expect(client.marketingApproval).toMatchObject({ required: true, variant: 'BASIC_INITIAL' });
      expect(client.storage.getBoolean('storeAfterLoginNeeded')).toBe(true);
      await client.submitMarketingApproval(true, false);
      expect(client.marketingApproval).toMatchObject({
        required: false,
        marketingApproved: true,
        thirdPartiesApproved: false,
      });
      expect(client.storage.getBoolean('storeAfterLoginNeeded')).toBe(false);
      const consent = await client.putMarketingConsent(false, true);
      expect(consent).toMatchObject({ marketingApproved: false, thirdPartiesApproved: true });
      expect(client.storage.getJson('marketingConsent', null)).toMatchObject({ thirdPartiesApproved: true });
      expect(await client.getMarketingConsent()).toMatchObject({ marketingApproved: false });
    } finally {
      await marketingServer.close();
    }
  });
});

describe('HTTP-level failures', () => {
  it('A8-4 an HTTP failure without a product code becomes a technical error with the API error as cause', async () => {
    const { client } = makeClient(new Map(), {}, async () => new Response('{"message":"down"}', { status: 503 }));
    const error = await client.login('x@example.kz', 'Whatever_1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TechnicalError);
    expect((error as TechnicalError).cause).toMatchObject({ name: 'ApiError', status: 503, message: 'down' });
  });

  it('A7-1 A9-2 the timeout is configurable (default 30000 ms): no answer in time is a missing response', async () => {
    const hanging = createServer(() => undefined);
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const port = (hanging.address() as { port: number }).port;
    try {
      const client = new AccountClient(
        {
          mode: 'Production',
          productionUrl: `http://127.0.0.1:${port}`,
          namespace: NS,
          projectId: PROJECT,
          timeoutMs: 50,
        },
        { storage: new Map(), now: () => Date.now() },
      );
      const error = await client.login('x@example.kz', 'Whatever_1').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TechnicalError);
      expect((error as TechnicalError).cause).toMatchObject({ name: 'MissingResponseError' });
      expect(
        new AccountClient(
          { mode: 'Production', productionUrl: 'http://x', namespace: NS, projectId: 1 },
          { storage: new Map(), now: () => Date.now() },
        ).api,
      ).toBeDefined();
    } finally {
      hanging.closeAllConnections();
      hanging.close();
    }
  });

  it('A7-20 setAppVersion sends the app version with each call', async () => {
    const headers: string[] = [];
    const { client } = makeClient(new Map(), {}, (input, init) => {
      headers.push(String(((init?.headers ?? {}) as Record<string, string>)['x-app-version']));
      return fetch(input, init);
    });
    client.setAppVersion('2.4.1');
    await client.termsDocuments();
    expect(headers).toEqual(['2.4.1']);
  });

  it('A7-18 A9-1 v5 marketing calls send x-platform web and x-version client-v4 with Basic authorization', async () => {
    const sent: Record<string, string>[] = [];
    const { client, storage } = makeClient(
      new Map([
        ['lsid_id', 'u'],
        ['lsid_hash', 'h'],
      ]),
      {},
      async (_input, init) => {
        sent.push(init?.headers as Record<string, string>);
        return new Response(
          JSON.stringify({ projectId: 47, marketingApproved: true, thirdPartiesApproved: false, updatedAt: null }),
        );
      },
    );
    await client.getMarketingConsent();
    expect(sent[0]).toMatchObject({
      'x-platform': 'web',
      'x-version': 'client-v4',
      authorization: `Basic ${btoa('u:h')}`,
    });
    expect(storage.get('lsid_marketingConsent')).toContain('"marketingApproved":true');
    expect(AccountError).toBeDefined();
  });
});
