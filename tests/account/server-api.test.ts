// Every call of the account service over loopback (127.0.0.1:0, real fetch, a real SQLite file), with its error codes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GOOD_PASSWORD,
  NS,
  PROJECT,
  type TestServer,
  lastMail,
  linkParams,
  loginAs,
  registerVerified,
  startAccountServer,
} from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startAccountServer();
});
afterAll(async () => server.close());

const basic = (id: string, hash: string) => ({
  authorization: `Basic ${Buffer.from(`${id}:${hash}`).toString('base64')}`,
});
const v5Headers = (id: string, hash: string) => ({ ...basic(id, hash), 'x-platform': 'web', 'x-version': 'client-v4' });

async function registration(email: string, extra: Record<string, unknown> = {}) {
  return server.post('/v3/registration', {
    email,
    password: GOOD_PASSWORD,
    name: 'Aigul_K',
    captcha: await server.captcha(),
    termsofservice: true,
    touApproval: true,
    ppApproval: true,
    namespace: NS,
    project: PROJECT,
    ...extra,
  });
}

describe('v3 registration and verification', () => {
  it('A7-2 registration answers r XY1 and emails a verify link (A3-7 verify)', async () => {
    const answer = await registration('reg1@example.kz');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ r: 'XY1' });
    const mail = await lastMail(server, 'reg1@example.kz');
    expect(mail.kind).toBe('verify');
    const params = linkParams(mail.body);
    expect(params.get('t')).toBe('verifyAccount');
    expect(params.get('c')).toMatch(/^[0-9a-f]{40}$/);
  });

  it('A8-2 XE3 registration duplicate, XE2 captcha mismatch, XE11 validation error', async () => {
    await registration('dup@example.kz');
    expect((await registration('DUP@example.kz')).body).toEqual({ err: 'XE3' });
    expect((await registration('cap@example.kz', { captcha: 'bm90IGEgY2FwdGNoYQ==' })).body).toEqual({ err: 'XE2' });
    expect((await registration('weak@example.kz', { password: 'weakpass' })).body).toEqual({ err: 'XE11' });
    expect((await registration('bad-email@', {})).body).toEqual({ err: 'XE11' });
    expect((await registration('tos@example.kz', { ppApproval: false })).body).toEqual({ err: 'XE11' });
  });

  it('A4-5 A8-2 XE4: login before confirmation raises registration not confirmed', async () => {
    await registration('unconfirmed@example.kz');
    const answer = await server.post('/v3/login', {
      email: 'unconfirmed@example.kz',
      password: GOOD_PASSWORD,
      namespace: NS,
      project: PROJECT,
    });
    expect(answer.body).toEqual({ err: 'XE4' });
  });

  it('A7-5 verification answers r and t; a wrong or reused code is XE5', async () => {
    await registration('ver@example.kz');
    const params = linkParams((await lastMail(server, 'ver@example.kz')).body);
    const body = { t: 'verifyAccount', c: params.get('c'), i: params.get('i'), namespace: NS };
    expect((await server.post('/v3/verification', body)).body).toEqual({ r: 'XY1', t: 'verifyAccount' });
    expect((await server.post('/v3/verification', body)).body).toEqual({ err: 'XE5' }); // single use
    expect((await server.post('/v3/verification', { ...body, c: 'f'.repeat(40) })).body).toEqual({ err: 'XE5' });
    expect((await server.post('/v3/verification', { ...body, t: 'other' })).body).toEqual({ err: 'XE11' });
    await loginAs(server, 'ver@example.kz');
  });
});

describe('v3 login, logout, password and user calls', () => {
  let id: string;
  beforeAll(async () => {
    id = await registerVerified(server, 'user@example.kz');
  });

  it('A7-3 A3-1 login answers id, hash and termsAgreements (ppConfirmed, touConfirmed, errors)', async () => {
    const answer = await server.post('/v3/login', {
      email: 'user@example.kz',
      password: GOOD_PASSWORD,
      namespace: NS,
      project: PROJECT,
    });
    expect(answer.body.id).toBe(id);
    expect(answer.body.hash).toMatch(/^[0-9a-f]{40}$/);
    expect(answer.body.termsAgreements).toMatchObject({ ppConfirmed: true, touConfirmed: true });
    // A4-2: a marketing statement is pending for a new account: err XE12 with err2 (not an error, A8-2)
    expect(answer.body.err).toBe('XE12');
    expect(answer.body.err2).toEqual([
      {
        code: 'XE12',
        name: 'MarketingStatementNeeded',
        details: [{ type: 'marketing', projectId: PROJECT, code: 1003 }],
      },
    ]);
  });

  it('A8-2 XE1 login mismatch for a wrong password and for an unknown email alike', async () => {
    const wrong = await server.post('/v3/login', {
      email: 'user@example.kz',
      password: 'Wrong_123',
      namespace: NS,
      project: PROJECT,
    });
    const unknown = await server.post('/v3/login', {
      email: 'nobody@example.kz',
      password: 'Wrong_123',
      namespace: NS,
      project: PROJECT,
    });
    expect(wrong.body).toEqual({ err: 'XE1' });
    expect(unknown.body).toEqual(wrong.body);
    expect(
      (await server.post('/v3/login', { email: 'user@example.kz', namespace: NS, project: PROJECT })).body,
    ).toEqual({
      err: 'XE11',
    });
  });

  it('A7-13 A6-1 getdata answers data, privateData, profile, terms and marketing info; Basic auth works too', async () => {
    const login = await loginAs(server, 'user@example.kz');
    const viaBody = await server.post('/v4/getdata', { loggedIn: login, project: PROJECT });
    expect(viaBody.body).toMatchObject({
      data: {},
      privateData: {},
      profile: { id, name: 'Aigul_K', email: 'user@example.kz', emailIsVerified: true },
      termsAgreements: { ppConfirmed: true, touConfirmed: true },
      marketingApproval: { required: true, variant: 'EXTENDED_INITIAL' },
      marketingConsent: { projectId: PROJECT, marketingApproved: false },
    });
    const viaHeader = await server.post('/v4/getdata', { project: PROJECT }, basic(login.id, login.hash));
    expect(viaHeader.body.profile).toEqual(viaBody.body.profile);
    expect(
      (await server.post('/v4/getdata', { loggedIn: { id, hash: 'f'.repeat(40) }, project: PROJECT })).body,
    ).toEqual({
      err: 'XE1',
    });
  });

  it('A7-11 A7-20 storemergeddata merges and unmerges dotted keys and answers terms info', async () => {
    const login = await loginAs(server, 'user@example.kz');
    const store = (dataDiff: unknown, key = 'data') =>
      server.post('/v3/storemergeddata', { loggedIn: login, key, dataDiff, project: PROJECT });
    const first = await store({
      merge: { 'myGames.g_1_a': 1, 'myGames.g_1_b': 2, 'settings.odds': 'eu' },
      unmerge: [],
    });
    expect(first.body).toMatchObject({ r: 'XY1', termsAgreements: { ppConfirmed: true, touConfirmed: true } });
    await store({ merge: { 'myTeams.t1': true }, unmerge: ['myGames.g_1_a'] });
    await store({ merge: { secret: 'x' }, unmerge: [] }, 'privateData');
    const data = await server.post('/v4/getdata', { loggedIn: login, project: PROJECT });
    expect(data.body.data).toEqual({ myGames: { g_1_b: 2 }, settings: { odds: 'eu' }, myTeams: { t1: true } });
    expect(data.body.privateData).toEqual({ secret: 'x' });
    expect((await store({ merge: {}, unmerge: [] }, 'other')).body).toEqual({ err: 'XE11' });
    expect((await store('nope')).body).toEqual({ err: 'XE11' });
  });

  it('A7-12 update-user changes the name; a new email (with the current password) waits for its verifyEmail message (A3-7)', async () => {
    await registerVerified(server, 'taken@example.kz');
    const login = await loginAs(server, 'user@example.kz');
    const update = (fields: Record<string, unknown>) =>
      server.post('/v3/update-user', { loggedIn: login, project: PROJECT, ...fields });
    expect((await update({ name: 'Aigul_Seit' })).body).toEqual({ r: 'XY1' });
    expect((await update({ name: 'ab' })).body).toEqual({ err: 'XE11' });
    expect((await update({ email: 'user2@example.kz' })).body).toEqual({ err: 'XE5' });
    // A taken address answers like a free one (takeover.test.ts shows nothing is mailed to it).
    expect((await update({ email: 'taken@example.kz', password: GOOD_PASSWORD })).body).toEqual({ r: 'XY1' });
    expect((await update({ email: 'user2@example.kz', password: GOOD_PASSWORD })).body).toEqual({ r: 'XY1' });
    const data = await server.post('/v4/getdata', { loggedIn: login, project: PROJECT });
    expect(data.body.profile).toMatchObject({ name: 'Aigul_Seit', email: 'user@example.kz', emailIsVerified: true });
    const mail = await lastMail(server, 'user2@example.kz');
    expect(mail.kind).toBe('verifyEmail');
    const params = linkParams(mail.body);
    expect(
      (
        await server.post('/v3/verification', {
          t: 'verifyEmail',
          c: params.get('c'),
          i: params.get('i'),
          namespace: NS,
        })
      ).body,
    ).toEqual({ r: 'XY1', t: 'verifyEmail' });
    const after = await server.post('/v4/getdata', { loggedIn: login, project: PROJECT });
    expect(after.body.profile).toMatchObject({ email: 'user2@example.kz', emailIsVerified: true });
    expect((await update({ email: 'user@example.kz', password: GOOD_PASSWORD })).body).toEqual({ r: 'XY1' });
    const back = linkParams((await lastMail(server, 'user@example.kz')).body);
    await server.post('/v3/verification', { t: 'verifyEmail', c: back.get('c'), i: back.get('i'), namespace: NS });
  });

  it('A7-8 passwordchange with the current password keeps this session and ends the others', async () => {
    const kept = await loginAs(server, 'user@example.kz');
    const other = await loginAs(server, 'user@example.kz');
    const change = (password: string, newpassword: string) =>
      server.post('/v3/passwordchange', { id: kept.id, code: kept.hash, password, newpassword });
    expect((await change('Wrong_123', 'Newpass_1')).body).toEqual({ err: 'XE5' });
    expect((await change(GOOD_PASSWORD, 'weak')).body).toEqual({ err: 'XE11' });
    expect((await change(GOOD_PASSWORD, 'Newpass_1')).body).toEqual({ r: 'XY1' });
    expect((await server.post('/v4/getdata', { loggedIn: kept, project: PROJECT })).body.profile).toBeDefined();
    expect((await server.post('/v4/getdata', { loggedIn: other, project: PROJECT })).body).toEqual({ err: 'XE1' });
    await loginAs(server, 'user@example.kz', 'Newpass_1');
    expect((await change('Newpass_1', GOOD_PASSWORD)).body).toEqual({ r: 'XY1' });
  });

  it('A7-9 A3-7 forgottenpassword answers XY1 and emails a reset code; A7-8 the code sets a new password once', async () => {
    expect(
      (await server.post('/v3/forgottenpassword', { email: 'user@example.kz', namespace: NS, p: PROJECT })).body,
    ).toEqual({
      r: 'XY1',
    });
    const mail = await lastMail(server, 'user@example.kz');
    expect(mail.kind).toBe('forgottenPassword');
    const params = linkParams(mail.body);
    const reset = { id: params.get('i'), code: params.get('c'), newpassword: 'Reset_pass1' };
    expect((await server.post('/v3/passwordchange', { ...reset, newpassword: 'weak' })).body).toEqual({ err: 'XE11' });
    expect((await server.post('/v3/passwordchange', reset)).body).toEqual({ r: 'XY1' });
    expect((await server.post('/v3/passwordchange', reset)).body).toEqual({ err: 'XE5' });
    await loginAs(server, 'user@example.kz', 'Reset_pass1');
    expect((await server.post('/v3/forgottenpassword', { email: 'x', namespace: NS, p: PROJECT })).body).toEqual({
      err: 'XE11',
    });
  });

  it('A7-7 logout ends only this session; a second logout is XE1', async () => {
    const a = await loginAs(server, 'user@example.kz', 'Reset_pass1');
    const b = await loginAs(server, 'user@example.kz', 'Reset_pass1');
    expect((await server.post('/v3/logout', { loggedIn: a })).body).toEqual({ r: 'XY1' });
    expect((await server.post('/v3/logout', { loggedIn: a })).body).toEqual({ err: 'XE1' });
    expect((await server.post('/v4/getdata', { loggedIn: b, project: PROJECT })).body.profile).toBeDefined();
  });
});

describe('v5 calls', () => {
  let login: { id: string; hash: string };
  beforeAll(async () => {
    await registerVerified(server, 'v5@example.kz');
    login = await loginAs(server, 'v5@example.kz');
  });

  it('A7-10 A8-3 forgotten-password with captcha: 202, code 120 for a bad captcha, 100 for bad data', async () => {
    const ok = await server.post('/v5/accounts/forgotten-password', {
      email: 'v5@example.kz',
      captcha: await server.captcha(),
      projectId: PROJECT,
      namespace: NS,
    });
    expect(ok.status).toBe(202);
    expect((await lastMail(server, 'v5@example.kz')).kind).toBe('forgottenPassword');
    const badCaptcha = await server.post('/v5/accounts/forgotten-password', {
      email: 'v5@example.kz',
      captcha: 'e30=',
      projectId: PROJECT,
      namespace: NS,
    });
    expect(badCaptcha.status).toBe(400);
    expect(badCaptcha.body).toEqual({ code: 120, name: 'InvalidCaptcha', message: 'Invalid captcha' });
    const badEmail = await server.post('/v5/accounts/forgotten-password', {
      email: 'nope',
      captcha: 'e30=',
      projectId: PROJECT,
      namespace: NS,
    });
    expect(badEmail.body).toMatchObject({ code: 100, name: 'InvalidRequestData' });
  });

  it('A7-14 A3-6 terms documents per project; A7-15 by version and latest', async () => {
    const list = await server.get(`/v5/terms/tou/documents?archived=false&projectIds=${PROJECT}`);
    const documents = list.body.documents as { type: string; version: number; projectId: number }[];
    expect(documents.map((d) => d.type).sort()).toEqual(['pp', 'tou']);
    expect(documents.every((d) => d.projectId === PROJECT && d.version === 1)).toBe(true);
    const latest = await server.get(`/v5/terms/tou/documents/latest?projectId=${PROJECT}`);
    expect((latest.body.documents as unknown[]).length).toBe(2);
    const v1 = await server.get(`/v5/terms/tou/documents/1?projectId=${PROJECT}`);
    expect(v1.body.documents).toEqual(latest.body.documents);
    const missing = await server.get(`/v5/terms/tou/documents/9?projectId=${PROJECT}`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 130 });
    expect((await server.get('/v5/terms/tou/documents')).body).toMatchObject({ code: 100 });
    expect((await server.get('/v5/terms/tou/documents?projectIds=999')).body).toEqual({ documents: [] });
  });

  it('A7-16 users/me/terms with Basic authorization; 401 without', async () => {
    const answer = await server.get(`/v5/users/me/terms?projectIds=${PROJECT}`, basic(login.id, login.hash));
    expect(answer.body.terms).toEqual([
      { projectId: PROJECT, type: 'tou', agreedVersion: 1, latestVersion: 1, confirmed: true },
      { projectId: PROJECT, type: 'pp', agreedVersion: 1, latestVersion: 1, confirmed: true },
    ]);
    const anonymous = await server.get(`/v5/users/me/terms?projectIds=${PROJECT}`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ code: 110, name: 'Unauthorized' });
  });

  it('A4-1 A7-17 a new terms version is flagged (XE8 in err2) until terms-agreements sends it back', async () => {
    await server.handle.db
      .insertInto('terms_documents')
      .values({ project_id: 48, version: 2, type: 'pp', title: 't', body: 'b', published_at: 0, archived: 0 })
      .execute();
    const getdata = await server.post('/v4/getdata', { loggedIn: login, project: 48 });
    expect(getdata.body.err).toBe('XE8');
    expect(getdata.body.termsAgreements).toEqual({
      ppConfirmed: false,
      touConfirmed: true,
      errors: [{ code: 'XE8', name: 'TermsConfirmationNeeded', details: [{ type: 'pp', projectId: 48, version: 2 }] }],
    });
    const bad = await server.post(
      '/v5/users/me/terms-agreements',
      { projectId: 48, terms: [] },
      basic(login.id, login.hash),
    );
    expect(bad.body).toMatchObject({ code: 100 });
    const agreed = await server.post(
      '/v5/users/me/terms-agreements',
      { projectId: 48, terms: [{ type: 'pp', projectId: 48, version: 2 }] },
      basic(login.id, login.hash),
    );
    expect(agreed.status).toBe(200);
    const after = await server.post('/v4/getdata', { loggedIn: login, project: 48 });
    expect(after.body.err).toBeUndefined();
    expect(after.body.termsAgreements).toEqual({ ppConfirmed: true, touConfirmed: true, errors: [] });
  });

  it('A7-18 marketing-approval needs x-platform and x-version, and clears the pending statement (A4-2)', async () => {
    const approval = {
      projectId: PROJECT,
      variant: 'EXTENDED_INITIAL',
      marketingApproved: true,
      thirdPartiesApproved: false,
    };
    const noHeaders = await server.post('/v5/users/me/marketing-approval', approval, basic(login.id, login.hash));
    expect(noHeaders.body).toMatchObject({ code: 100 });
    const answer = await server.post('/v5/users/me/marketing-approval', approval, v5Headers(login.id, login.hash));
    expect(answer.body).toMatchObject({ projectId: PROJECT, marketingApproved: true, thirdPartiesApproved: false });
    const getdata = await server.post('/v4/getdata', { loggedIn: login, project: PROJECT });
    expect(getdata.body.err).toBeUndefined();
    expect(getdata.body.marketingApproval).toMatchObject({ required: false, variant: 'NONE', marketingApproved: true });
    const badVariant = await server.post(
      '/v5/users/me/marketing-approval',
      { ...approval, variant: 'LOUD' },
      v5Headers(login.id, login.hash),
    );
    expect(badVariant.body).toMatchObject({ code: 100 });
  });

  it('A7-19 marketing-consent GET and PUT', async () => {
    const put = await fetch(`${server.url}/v5/users/me/marketing-consent`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...v5Headers(login.id, login.hash) },
      body: JSON.stringify({ projectId: PROJECT, marketingApproved: false, thirdPartiesApproved: true }),
    });
    expect(await put.json()).toMatchObject({ marketingApproved: false, thirdPartiesApproved: true });
    const get = await server.get(
      `/v5/users/me/marketing-consent?projectId=${PROJECT}`,
      v5Headers(login.id, login.hash),
    );
    expect(get.body).toMatchObject({ projectId: PROJECT, marketingApproved: false, thirdPartiesApproved: true });
    expect(typeof get.body.updatedAt).toBe('string');
  });
});

describe('account deletion', () => {
  it('A7-6 deleteaccount removes the account and its sessions and sends a deleteAccount message (A3-7)', async () => {
    await registerVerified(server, 'gone@example.kz');
    const login = await loginAs(server, 'gone@example.kz');
    const other = await loginAs(server, 'gone@example.kz');
    expect((await server.post('/v3/deleteaccount', { loggedIn: login })).body).toEqual({ r: 'XY1' });
    expect((await lastMail(server, 'gone@example.kz')).kind).toBe('deleteAccount');
    expect((await server.post('/v4/getdata', { loggedIn: other, project: PROJECT })).body).toEqual({ err: 'XE1' });
    expect((await server.post('/v3/deleteaccount', { loggedIn: login })).body).toEqual({ err: 'XE1' });
    const sessions = await server.handle.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', login.id)
      .execute();
    expect(sessions).toEqual([]);
  });
});
