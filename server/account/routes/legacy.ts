// The v3 and v4 calls (A7-2…A7-9, A7-11…A7-13): always 200 with JSON; failures as err XE… (A8-2), success r XY1.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isValidDataDiff } from '../../../src/wire/dotted';
import { LEGACY_SUCCESS } from '../../../src/wire/account';
import {
  isAcceptableEmail,
  isNewPassword,
  isNickname,
  isNonEmpty,
  NICKNAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
} from '../../../src/domain/account-validation';
import { consentReport } from '../service/consent';
import { isNamespace, isProjectId, isRecord } from '../service/context';
import { DataTooLargeError, mergeUserData, readUserData } from '../service/data';
import { LegacyFailure } from '../service/errors';
import type { AccountService } from '../service/service';
import { authenticate, credentialsOf, endSession } from '../service/sessions';
import { loginUsingProvider } from '../service/social';
import { confirmEmailChange, updateUser } from '../service/email-change';
import { changePassword, deleteAccount, login, register, resetPassword, verify } from '../service/users';

type Body = Record<string, unknown>;
const done = { r: LEGACY_SUCCESS };

function str(body: Body, key: string, max = 512): string {
  const value = body[key];
  if (typeof value !== 'string' || value.length > max) throw new LegacyFailure('XE11');
  return value;
}

function project(body: Body, key = 'project'): number {
  const value = body[key];
  if (!isProjectId(value)) throw new LegacyFailure('XE11');
  return value;
}

function namespace(body: Body): string {
  const value = body.namespace;
  if (!isNamespace(value)) throw new LegacyFailure('XE11');
  return value;
}

export function registerLegacyRoutes(app: FastifyInstance, service: AccountService): void {
  const { ctx } = service;

  const route = (path: string, handler: (body: Body, request: FastifyRequest) => Promise<object>) =>
    app.post(path, async (request) => {
      try {
        if (!isRecord(request.body)) throw new LegacyFailure('XE11');
        return await handler(request.body, request);
      } catch (error) {
        if (error instanceof LegacyFailure) return { err: error.err };
        if (error instanceof DataTooLargeError) return { err: 'XE11' };
        request.log.error({ err: error }, 'account call failed');
        return { err: 'XE0' };
      }
    });

  const user = async (body: Body, request: FastifyRequest) => {
    const credentials = credentialsOf(body, request.headers.authorization);
    const found = credentials ? await authenticate(ctx, credentials.id, credentials.hash) : null;
    if (!found || !credentials) throw new LegacyFailure('XE1');
    return { user: found, hash: String(credentials.hash) };
  };

  // A7-2
  route('/v3/registration', async (body) => {
    const email = str(body, 'email', 254);
    const password = str(body, 'password', PASSWORD_MAX_LENGTH);
    const name = body.name === undefined ? '' : str(body, 'name', NICKNAME_MAX_LENGTH);
    if (!isAcceptableEmail(email) || !isNewPassword(password)) throw new LegacyFailure('XE11');
    if (name !== '' && !isNickname(name)) throw new LegacyFailure('XE11');
    if (body.termsofservice !== true || body.touApproval !== true || body.ppApproval !== true)
      throw new LegacyFailure('XE11'); // A6-1: fixed approvals
    const ns = namespace(body);
    const projectId = project(body);
    if (!(await service.captcha.verify(body.captcha))) throw new LegacyFailure('XE2');
    await register(ctx, { email, password, name, namespace: ns, project: projectId });
    return done;
  });

  // A7-3
  route('/v3/login', async (body, request) => {
    const email = str(body, 'email', 254);
    const password = str(body, 'password', PASSWORD_MAX_LENGTH);
    if (!isNonEmpty(email) || !isNonEmpty(password)) throw new LegacyFailure('XE11');
    return login(ctx, service.limiter, {
      email,
      password,
      namespace: namespace(body),
      project: project(body),
      address: request.ip,
    });
  });

  // A7-4
  route('/v3/loginusingprovider', async (body) =>
    loginUsingProvider(ctx, service.verifier, {
      provider: str(body, 'provider', 32),
      token: str(body, 'token', 8192),
      nonce: body.nonce === undefined ? undefined : str(body, 'nonce', 256),
      touApproval: body.touApproval === true,
      ppApproval: body.ppApproval === true,
      namespace: namespace(body),
      project: project(body),
    }),
  );

  // A7-5: verifyEmail completes an email change started by update-user.
  route('/v3/verification', async (body) => {
    const t = body.t === undefined ? 'verifyAccount' : body.t;
    if (t !== 'verifyAccount' && t !== 'verifyEmail') throw new LegacyFailure('XE11');
    namespace(body);
    const c = str(body, 'c', 64);
    const i = str(body, 'i', 64);
    if (t === 'verifyEmail') await confirmEmailChange(ctx, i, c);
    else await verify(ctx, { c, i });
    return { ...done, t };
  });

  // A7-6
  route('/v3/deleteaccount', async (body, request) => {
    await deleteAccount(ctx, (await user(body, request)).user);
    return done;
  });

  // A7-7
  route('/v3/logout', async (body, request) => {
    await endSession(ctx, (await user(body, request)).hash);
    return done;
  });

  // A7-8
  route('/v3/passwordchange', async (body, request) => {
    const id = str(body, 'id', 64);
    const code = str(body, 'code', 128);
    const newPassword = str(body, 'newpassword', PASSWORD_MAX_LENGTH);
    if (body.password === undefined || body.password === null || body.password === '') {
      await resetPassword(ctx, id, code, newPassword);
    } else {
      const current = await authenticate(ctx, id, code);
      if (!current) throw new LegacyFailure('XE1');
      await changePassword(ctx, service.limiter, current, {
        sessionHash: code,
        oldPassword: str(body, 'password', PASSWORD_MAX_LENGTH),
        newPassword,
        address: request.ip,
      });
    }
    return done;
  });

  // A7-9: the same answer whether or not the email exists; the email is sent after answering.
  route('/v3/forgottenpassword', async (body, request) => {
    const email = str(body, 'email', 254);
    const ns = namespace(body);
    project(body, 'p');
    if (!isAcceptableEmail(email)) throw new LegacyFailure('XE11');
    service.requestPasswordReset(ns, email, request.ip);
    return done;
  });

  // A7-11
  route('/v3/storemergeddata', async (body, request) => {
    const { user: current } = await user(body, request);
    const projectId = project(body);
    const key = body.key;
    if (key !== 'data' && key !== 'privateData') throw new LegacyFailure('XE11');
    const diff = isRecord(body.dataDiff)
      ? { merge: body.dataDiff.merge ?? {}, unmerge: body.dataDiff.unmerge ?? [] }
      : null;
    if (!diff || !isValidDataDiff(diff)) throw new LegacyFailure('XE11'); // includes __proto__ / constructor / prototype
    await mergeUserData(ctx, current.id, projectId, key, diff);
    service.dataChanged(current.id);
    const report = await consentReport(ctx, current.id, projectId);
    return { ...done, termsAgreements: report.termsAgreements };
  });

  // A7-12: a new email waits for confirmation; the answer and its timing are the same whether the address is taken.
  route('/v3/update-user', async (body, request) => {
    const { user: current } = await user(body, request);
    project(body);
    const mail = await updateUser(ctx, service.limiter, current, {
      name: body.name,
      email: body.email,
      password: body.password === undefined ? undefined : str(body, 'password', PASSWORD_MAX_LENGTH),
      address: request.ip,
    });
    if (mail) service.later(mail);
    return done;
  });

  // A7-13
  route('/v4/getdata', async (body, request) => {
    const { user: current } = await user(body, request);
    const projectId = project(body);
    const { data, privateData } = await readUserData(ctx, current.id, projectId);
    const report = await consentReport(ctx, current.id, projectId);
    return {
      data,
      privateData,
      profile: {
        id: current.id,
        name: current.name,
        email: current.email,
        emailIsVerified: Number(current.email_verified) === 1,
      },
      ...report,
    };
  });
}
