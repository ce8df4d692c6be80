// The v5 calls (A7-10, A7-14…A7-19) plus the captcha challenge and the provider list: JSON answers,
// failures as a status with { code, name, message } (A8-3), users by Basic id:hash (A6-1).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MarketingVariant, ProviderInfo, TermsDetail, TermsType } from '../../../src/wire/account';
import { SOCIAL_PROVIDERS } from '../../../src/wire/account';
import { isAcceptableEmail } from '../../../src/domain/account-validation';
import type { UsersTable } from '../db/schema';
import { agreeToTerms, marketingConsent, saveMarketing, toTermsDocument, userTermsState } from '../service/consent';
import { isNamespace, isProjectId, isRecord } from '../service/context';
import { V5Failure } from '../service/errors';
import type { AccountService } from '../service/service';
import { authenticate, basicCredentials } from '../service/sessions';

const VARIANTS: readonly MarketingVariant[] = [
  'BASIC_INITIAL',
  'BASIC_PERIODIC',
  'EXTENDED_INITIAL',
  'EXTENDED_PERIODIC',
  'NONE',
];

function projectIds(value: unknown): number[] {
  const ids = String(value ?? '')
    .split(',')
    .filter((s) => s !== '')
    .map(Number);
  if (ids.length === 0 || ids.length > 20 || !ids.every(isProjectId))
    throw new V5Failure('invalidRequest', 'projectIds must list project ids');
  return ids;
}

function projectId(value: unknown): number {
  const id = typeof value === 'string' ? Number(value) : value;
  if (!isProjectId(id)) throw new V5Failure('invalidRequest', 'projectId is required');
  return id;
}

function bool(body: Record<string, unknown>, key: string): boolean {
  if (typeof body[key] !== 'boolean') throw new V5Failure('invalidRequest', `${key} must be true or false`);
  return body[key] as boolean;
}

export function registerV5Routes(app: FastifyInstance, service: AccountService): void {
  const { ctx } = service;

  const handle =
    <R>(handler: (request: FastifyRequest, reply: FastifyReply) => Promise<R>) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        return await handler(request, reply);
      } catch (error) {
        if (error instanceof V5Failure)
          return reply.code(error.status).send({ code: error.code, name: error.errorName, message: error.message });
        request.log.error({ err: error }, 'account v5 call failed');
        return reply.code(500).send({ code: 199, name: 'InternalError', message: 'Unexpected server error' });
      }
    };

  const user = async (request: FastifyRequest): Promise<UsersTable> => {
    const credentials = basicCredentials(request.headers.authorization);
    const found = credentials ? await authenticate(ctx, credentials.id, credentials.hash) : null;
    if (!found) throw new V5Failure('unauthorized', 'Valid Basic id:hash authorization is required');
    return found;
  };

  const body = (request: FastifyRequest): Record<string, unknown> => {
    if (!isRecord(request.body)) throw new V5Failure('invalidBody', 'A JSON object body is required');
    return request.body;
  };

  const platformHeaders = (request: FastifyRequest) => {
    if (typeof request.headers['x-platform'] !== 'string' || typeof request.headers['x-version'] !== 'string')
      throw new V5Failure('invalidRequest', 'x-platform and x-version headers are required');
  };

  app.get('/v5/captcha/challenge', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return service.captcha.createChallenge();
  });

  app.get(
    '/v5/accounts/providers',
    handle(async () => {
      const providers: ProviderInfo[] = [];
      for (const provider of SOCIAL_PROVIDERS) {
        const config = service.verifier.config(provider);
        if (!config) continue;
        try {
          const { authorization_endpoint } = await service.verifier.discover(config);
          providers.push({
            provider,
            issuer: config.issuer,
            authorizationEndpoint: authorization_endpoint,
            clientId: config.clientId,
          });
        } catch {
          // a provider whose discovery fails is left out of the list
        }
      }
      return { providers };
    }),
  );

  // A7-10: the same answer whether or not the email exists.
  app.post(
    '/v5/accounts/forgotten-password',
    handle(async (request, reply) => {
      const b = body(request);
      const email = b.email;
      if (typeof email !== 'string' || !isAcceptableEmail(email))
        throw new V5Failure('invalidRequest', 'email is invalid');
      projectId(b.projectId);
      if (!isNamespace(b.namespace)) throw new V5Failure('invalidRequest', 'namespace is required');
      if (!(await service.captcha.verify(b.captcha))) throw new V5Failure('invalidCaptcha', 'Invalid captcha');
      service.requestPasswordReset(b.namespace, email, request.ip);
      return reply.code(202).send({ status: 'accepted' });
    }),
  );

  // A7-14
  app.get(
    '/v5/terms/tou/documents',
    handle(async (request) => {
      const q = request.query as Record<string, unknown>;
      const ids = projectIds(q.projectIds);
      let query = ctx.db.selectFrom('terms_documents').selectAll().where('project_id', 'in', ids);
      if (q.archived !== 'true') query = query.where('archived', '=', 0);
      const rows = await query
        .where('published_at', '<=', ctx.now())
        .orderBy('project_id')
        .orderBy('version')
        .execute();
      return { documents: rows.map(toTermsDocument) };
    }),
  );

  // A7-15
  app.get(
    '/v5/terms/tou/documents/:version',
    handle(async (request) => {
      const { version } = request.params as { version: string };
      const id = projectId((request.query as Record<string, unknown>).projectId);
      const rows = await ctx.db
        .selectFrom('terms_documents')
        .selectAll()
        .where('project_id', '=', id)
        .where('published_at', '<=', ctx.now())
        .orderBy('version', 'desc')
        .execute();
      let picked = rows;
      if (version === 'latest') {
        const seen = new Set<TermsType>();
        picked = rows.filter((r) => !seen.has(r.type) && seen.add(r.type));
      } else {
        const wanted = Number(version);
        if (!Number.isInteger(wanted) || wanted <= 0)
          throw new V5Failure('invalidRequest', 'version must be a number or latest');
        picked = rows.filter((r) => Number(r.version) === wanted);
      }
      if (picked.length === 0) throw new V5Failure('notFound', 'No such terms version');
      return { documents: picked.map(toTermsDocument) };
    }),
  );

  // A7-16
  app.get(
    '/v5/users/me/terms',
    handle(async (request) => {
      const current = await user(request);
      const ids = projectIds((request.query as Record<string, unknown>).projectIds);
      const terms = [];
      for (const id of ids) terms.push(...(await userTermsState(ctx, current.id, id)));
      return { terms };
    }),
  );

  // A7-17
  app.post(
    '/v5/users/me/terms-agreements',
    handle(async (request) => {
      const current = await user(request);
      const b = body(request);
      const id = projectId(b.projectId);
      const terms = b.terms;
      const valid =
        Array.isArray(terms) &&
        terms.length > 0 &&
        terms.length <= 10 &&
        terms.every(
          (t) =>
            isRecord(t) &&
            (t.type === 'tou' || t.type === 'pp') &&
            Number.isInteger(t.version) &&
            Number(t.version) > 0,
        );
      if (!valid) throw new V5Failure('invalidRequest', 'terms must list { type, version } items');
      await agreeToTerms(
        ctx,
        current.id,
        id,
        (terms as TermsDetail[]).map((t) => ({ type: t.type, version: t.version, projectId: id })),
      );
      return { terms: await userTermsState(ctx, current.id, id) };
    }),
  );

  // A7-18
  app.post(
    '/v5/users/me/marketing-approval',
    handle(async (request) => {
      platformHeaders(request);
      const current = await user(request);
      const b = body(request);
      const id = projectId(b.projectId);
      if (!VARIANTS.includes(b.variant as MarketingVariant))
        throw new V5Failure('invalidRequest', 'variant is invalid');
      return saveMarketing(ctx, current.id, id, {
        variant: b.variant as MarketingVariant,
        marketingApproved: bool(b, 'marketingApproved'),
        thirdPartiesApproved: bool(b, 'thirdPartiesApproved'),
      });
    }),
  );

  // A7-19
  app.get(
    '/v5/users/me/marketing-consent',
    handle(async (request) => {
      platformHeaders(request);
      const current = await user(request);
      return marketingConsent(ctx, current.id, projectId((request.query as Record<string, unknown>).projectId));
    }),
  );

  app.put(
    '/v5/users/me/marketing-consent',
    handle(async (request) => {
      platformHeaders(request);
      const current = await user(request);
      const b = body(request);
      const id = projectId(b.projectId);
      return saveMarketing(ctx, current.id, id, {
        variant: 'NONE',
        marketingApproved: bool(b, 'marketingApproved'),
        thirdPartiesApproved: bool(b, 'thirdPartiesApproved'),
      });
    }),
  );
}
