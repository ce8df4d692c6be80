// Account takeover paths over loopback HTTP: a provider login must not join an account whose email nobody confirmed,
// and an email change needs the current password, waits for the new address to confirm it, does not tell whether the
// address is taken and mails a limited number of times.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_CHANGE_REQUESTS_PER_HOUR } from '../../server/account/service/email-change';
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

const HOUR_MS = 60 * 60_000;
let clock = Date.now();
let server: TestServer;
beforeAll(async () => {
  server = await startAccountServer({ now: () => clock, rateLimit: { perAccount: 3 } });
});
afterAll(async () => server.close());

/** A dev-provider ID token for any email, as the provider's sign-in page would hand it over. */
async function providerToken(provider: string, email: string, emailVerified = true): Promise<string> {
  const params = new URLSearchParams({
    client_id: 'kz-scores-dev',
    redirect_uri: 'http://127.0.0.1:3000/kz/',
    state: 's',
    nonce: 'n0nce',
    response_type: 'id_token',
    identity: 'custom',
    email,
    name: 'Victim',
    ...(emailVerified ? { email_verified: 'true' } : {}),
  });
  const redirect = await fetch(`${server.url}/dev/oidc/${provider}/authorize/pick?${params}`, { redirect: 'manual' });
  const location = new URL(redirect.headers.get('location') as string);
  return new URLSearchParams(location.hash.slice(1)).get('id_token') as string;
}

const loginUsing = async (provider: string, email: string, emailVerified = true) =>
  server.post('/v3/loginusingprovider', {
    provider,
    token: await providerToken(provider, email, emailVerified),
    nonce: 'n0nce',
    touApproval: true,
    ppApproval: true,
    namespace: NS,
    project: PROJECT,
  });

async function registerUnverified(email: string, password = GOOD_PASSWORD): Promise<string> {
  const answer = await server.post('/v3/registration', {
    email,
    password,
    name: 'Attacker',
    captcha: await server.captcha(),
    termsofservice: true,
    touApproval: true,
    ppApproval: true,
    namespace: NS,
    project: PROJECT,
  });
  expect(answer.body).toEqual({ r: 'XY1' });
  return linkParams((await lastMail(server, email)).body).get('i') as string;
}

async function mailsTo(to: string): Promise<{ kind: string; body: string }[]> {
  await server.handle.idle();
  const { body } = await server.get(`/dev/outbox?format=json&to=${encodeURIComponent(to)}`);
  return body.messages as { kind: string; body: string }[];
}

const update = (login: { id: string; hash: string }, fields: Record<string, unknown>) =>
  server.post('/v3/update-user', { loggedIn: login, project: PROJECT, ...fields }).then((a) => a.body);

const profile = async (login: { id: string; hash: string }) =>
  (await server.post('/v4/getdata', { loggedIn: login, project: PROJECT })).body.profile as Record<string, unknown>;

const confirm = (mail: { body: string }) => {
  const params = linkParams(mail.body);
  return server
    .post('/v3/verification', { t: 'verifyEmail', c: params.get('c'), i: params.get('i'), namespace: NS })
    .then((a) => a.body);
};

async function userRow(id: string) {
  return server.handle.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describe('A7-4 provider login joins only confirmed accounts', () => {
  it("A7-4 A8-2: an unconfirmed registration of the victim's email is not joined by the victim's provider login (XE10)", async () => {
    const attackerId = await registerUnverified('victim1@example.kz');
    expect((await loginUsing('google', 'victim1@example.kz')).body).toEqual({ err: 'XE10' });
    const row = await userRow(attackerId);
    expect({ status: row.status, email_verified: row.email_verified }).toEqual({ status: 2, email_verified: 0 });
    const connections = await server.handle.db
      .selectFrom('connections')
      .selectAll()
      .where('user_id', '=', attackerId)
      .execute();
    expect(connections).toEqual([]);
    // The registrant's password does not open a session on the victim's identity.
    const login = await server.post('/v3/login', {
      email: 'victim1@example.kz',
      password: GOOD_PASSWORD,
      namespace: NS,
      project: PROJECT,
    });
    expect(login.body).toEqual({ err: 'XE4' });
  });

  it("A7-4 A7-12: switching an account to the victim's email does not capture the victim's later provider login", async () => {
    await registerVerified(server, 'switcher@example.kz');
    const attacker = await loginAs(server, 'switcher@example.kz');
    expect(await update(attacker, { email: 'victim2@example.kz', password: GOOD_PASSWORD })).toEqual({ r: 'XY1' });
    const victim = await loginUsing('google', 'victim2@example.kz');
    expect(victim.body).toMatchObject({ isRegistration: true });
    expect(victim.body.id).not.toBe(attacker.id);
  });

  it('A7-4: a confirmed account is still joined by a provider login with a verified email', async () => {
    const id = await registerVerified(server, 'joined@example.kz');
    expect((await loginUsing('google', 'joined@example.kz')).body).toMatchObject({ id, isRegistration: false });
    expect((await loginUsing('google', 'joined@example.kz')).body).toMatchObject({ id, isRegistration: false });
  });

  it('A7-4: a provider email the provider has not verified never joins, even a confirmed account (XE10)', async () => {
    await registerVerified(server, 'joined2@example.kz');
    expect((await loginUsing('facebook', 'joined2@example.kz', false)).body).toEqual({ err: 'XE10' });
  });
});

describe('A7-12 email change', () => {
  it('A7-12 A8-2: an email change without the current password, or with a wrong one, is refused (XE5)', async () => {
    const id = await registerVerified(server, 'nopass@example.kz');
    const login = await loginAs(server, 'nopass@example.kz');
    expect(await update(login, { email: 'nopass2@example.kz' })).toEqual({ err: 'XE5' });
    expect(await update(login, { email: 'nopass2@example.kz', password: 'Wrong_pass1' })).toEqual({ err: 'XE5' });
    expect(await update(login, { name: 'Renamed_1', email: 'nopass2@example.kz' })).toEqual({ err: 'XE5' });
    const row = await userRow(id);
    expect({ email: row.email, name: row.name, pending: row.pending_email ?? null }).toEqual({
      email: 'nopass@example.kz',
      name: 'Aigul_K',
      pending: null,
    });
    expect(await mailsTo('nopass2@example.kz')).toEqual([]);
  });

  it('A7-12 A8-2: wrong current passwords count as failed logins; while blocked even the right one answers XE13', async () => {
    await registerVerified(server, 'guessed@example.kz');
    const login = await loginAs(server, 'guessed@example.kz');
    for (let i = 0; i < 3; i += 1)
      expect(await update(login, { email: 'guess2@example.kz', password: `Wrong_pass${i}` })).toEqual({ err: 'XE5' });
    expect(await update(login, { email: 'guess2@example.kz', password: GOOD_PASSWORD })).toEqual({ err: 'XE13' });
    const blocked = await server.post('/v3/login', {
      email: 'guessed@example.kz',
      password: GOOD_PASSWORD,
      namespace: NS,
      project: PROJECT,
    });
    expect(blocked.body).toEqual({ err: 'XE13' });
    clock += 16 * 60_000; // the limiter's window passes
    expect(await update(login, { email: 'guess2@example.kz', password: GOOD_PASSWORD })).toEqual({ r: 'XY1' });
  });

  it('A7-12 A7-5: the email stays until the new address confirms with verifyEmail; then it changes, verified', async () => {
    await registerVerified(server, 'mover@example.kz');
    const login = await loginAs(server, 'mover@example.kz');
    expect(await update(login, { email: 'moved@example.kz', password: GOOD_PASSWORD })).toEqual({ r: 'XY1' });
    expect(await profile(login)).toMatchObject({ email: 'mover@example.kz', emailIsVerified: true });
    const failed = await server.post('/v3/login', {
      email: 'moved@example.kz',
      password: GOOD_PASSWORD,
      namespace: NS,
      project: PROJECT,
    });
    expect(failed.body).toEqual({ err: 'XE1' });
    const mail = await lastMail(server, 'moved@example.kz');
    expect(mail.kind).toBe('verifyEmail');
    expect(await confirm(mail)).toEqual({ r: 'XY1', t: 'verifyEmail' });
    expect(await profile(login)).toMatchObject({ email: 'moved@example.kz', emailIsVerified: true });
    await loginAs(server, 'moved@example.kz');
    expect(await confirm(mail)).toEqual({ err: 'XE5' }); // single use
  });

  it('A7-12 A7-5: only the newest request confirms; an older link mailed to another address does not', async () => {
    const id = await registerVerified(server, 'twice@example.kz');
    const login = await loginAs(server, 'twice@example.kz');
    await update(login, { email: 'twice-a@example.kz', password: GOOD_PASSWORD });
    await update(login, { email: 'twice-b@example.kz', password: GOOD_PASSWORD });
    expect(await confirm(await lastMail(server, 'twice-a@example.kz'))).toEqual({ err: 'XE5' });
    expect((await userRow(id)).email).toBe('twice@example.kz');
    expect(await confirm(await lastMail(server, 'twice-b@example.kz'))).toEqual({ r: 'XY1', t: 'verifyEmail' });
    expect((await userRow(id)).email).toBe('twice-b@example.kz');
  });

  it('A7-12 A7-5 A8-2: an address taken before the confirmation fails it with XE3 and nothing changes', async () => {
    const id = await registerVerified(server, 'late@example.kz');
    const login = await loginAs(server, 'late@example.kz');
    await update(login, { email: 'raced@example.kz', password: GOOD_PASSWORD });
    const mail = await lastMail(server, 'raced@example.kz');
    await registerVerified(server, 'raced@example.kz');
    expect(await confirm(mail)).toEqual({ err: 'XE3' });
    const row = await userRow(id);
    expect({ email: row.email, email_verified: row.email_verified }).toEqual({
      email: 'late@example.kz',
      email_verified: 1,
    });
  });

  it('A7-12: a taken address gets the same answer as a free one, and no mail', async () => {
    await registerVerified(server, 'owner@example.kz');
    const before = await mailsTo('owner@example.kz');
    await registerVerified(server, 'prober@example.kz');
    const login = await loginAs(server, 'prober@example.kz');
    const taken = await update(login, { email: 'OWNER@example.kz', password: GOOD_PASSWORD });
    const free = await update(login, { email: 'nobody@example.kz', password: GOOD_PASSWORD });
    expect(taken).toEqual(free);
    expect(taken).toEqual({ r: 'XY1' });
    expect(await mailsTo('owner@example.kz')).toEqual(before);
    expect((await mailsTo('nobody@example.kz')).map((m) => m.kind)).toEqual(['verifyEmail']);
  });

  it(`A7-12 A8-2: at most ${EMAIL_CHANGE_REQUESTS_PER_HOUR} email-change requests an hour (taken addresses count too), then XE13 and no mail`, async () => {
    await registerVerified(server, 'limited@example.kz');
    const login = await loginAs(server, 'limited@example.kz');
    const change = (email: string) => update(login, { email, password: GOOD_PASSWORD });
    expect(await change('owner@example.kz')).toEqual({ r: 'XY1' }); // taken
    for (let i = 1; i < EMAIL_CHANGE_REQUESTS_PER_HOUR; i += 1)
      expect(await change(`limited-${i}@example.kz`)).toEqual({ r: 'XY1' });
    expect(await change('limited-x@example.kz')).toEqual({ err: 'XE13' });
    expect(await mailsTo('limited-x@example.kz')).toEqual([]);
    expect(await update(login, { name: 'Still_named' })).toEqual({ r: 'XY1' });
    clock += HOUR_MS;
    expect(await change('limited-x@example.kz')).toEqual({ r: 'XY1' });
    expect((await mailsTo('limited-x@example.kz')).map((m) => m.kind)).toEqual(['verifyEmail']);
  });

  it('A7-12: a name changes at once without a password', async () => {
    await registerVerified(server, 'named@example.kz');
    const login = await loginAs(server, 'named@example.kz');
    expect(await update(login, { name: 'New_name_1' })).toEqual({ r: 'XY1' });
    expect(await update(login, { name: 'New_name_2', email: 'named@example.kz' })).toEqual({ r: 'XY1' });
    expect(await profile(login)).toMatchObject({ name: 'New_name_2', email: 'named@example.kz' });
  });

  it('A7-12 A8-2: an account made through a provider has no password, so its email cannot change this way (XE5)', async () => {
    const social = await loginUsing('gso', 'social-only@example.kz');
    const login = { id: social.body.id as string, hash: social.body.hash as string };
    expect(await update(login, { email: 'social-new@example.kz', password: GOOD_PASSWORD })).toEqual({ err: 'XE5' });
    expect(await mailsTo('social-new@example.kz')).toEqual([]);
    expect(await profile(login)).toMatchObject({ email: 'social-only@example.kz' });
  });
});
