// The account service as a Fastify plugin: every call of A7 over SQLite (or any Kysely database), emails to an
// outbox (and SMTP when configured), a proof-of-work captcha and social login through OpenID Connect. Only with
// `dev: true` (`scores serve --dev`) does it also serve /dev/outbox and a local OpenID provider that plays all four
// providers: both hand out working codes and tokens to anyone, so they are never on by default.
import { randomBytes } from 'node:crypto';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyError, FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { V5_ERROR } from '../../src/wire/account';
import { EDITION } from '../../src/domain/edition';
import { Captcha, DEFAULT_CAPTCHA_MAX_NUMBER } from './captcha';
import { migrateAccountDb } from './db/migrations';
import { DEFAULT_ACCOUNT_DB_FILE, openAccountDbAt } from './db/open';
import type { AccountDatabase } from './db/schema';
import { DEV_OIDC_CLIENT_ID, devOidcPlugin, devOidcProviders, ownOrigin } from './dev-oidc/plugin';
import { Mailer } from './mail/outbox';
import { type SmtpOptions, smtpFromEnv } from './mail/smtp';
import { type OidcProviders, OidcVerifier } from './oidc/verifier';
import { registerDevOutbox } from './routes/dev-outbox';
import { registerLegacyRoutes } from './routes/legacy';
import { registerV5Routes } from './routes/v5';
import { DEFAULT_SCRYPT_LOG_N } from './security/password';
import { FailureLimiter, type RateLimitOptions } from './security/rate-limit';
import { emailKey, type MarketingPolicy, type ServiceContext } from './service/context';
import type { AccountService, AccountServiceHandle } from './service/service';
import { sendPasswordReset } from './service/users';
import { attachPersonalPush } from './personal-push';

export type { AccountServiceHandle } from './service/service';
export type { AccountDatabase } from './db/schema';
export { DEV_OIDC_CLIENT_ID };

export interface AccountOidcOptions {
  /** Real providers (issuer + client id); when absent in dev mode the local dev provider is used. */
  providers?: OidcProviders;
  /** Origin of the dev provider's issuers (default: this server's own address). */
  devIssuerBase?: string;
}

export interface AccountPluginOptions {
  /** SQLite file (default data/accounts.sqlite; ':memory:' for a throwaway database) or a postgres:// URL. */
  dbFile?: string;
  /** A ready Kysely database (any dialect); migrated on start and not closed by the plugin. */
  db?: Kysely<AccountDatabase>;
  /**
   * Development mode: serves /dev/outbox and, without real providers, the local OpenID provider. Off unless set
   * explicitly (NODE_ENV is not read), so a forgotten variable can never open them.
   */
  dev?: boolean;
  /** SMTP relay; default from SMTP_HOST / SMTP_PORT, null for none. */
  smtp?: SmtpOptions | null;
  oidc?: AccountOidcOptions;
  /** Site origin for emailed links (default PUBLIC_URL, else this server's own listening address). */
  publicUrl?: string;
  /** HMAC key of captcha signatures (default ACCOUNT_SECRET or random per process). */
  secret?: string;
  /** log2 of scrypt's N; 17 by default, lower only in tests. */
  scryptLogN?: number;
  captchaMaxNumber?: number;
  /** Failed password checks per account and address (XE13). */
  rateLimit?: RateLimitOptions;
  /** Requests per address to the whole account API (default 300 a minute); null for no cap. */
  requestLimit?: RequestLimitOptions | null;
  /** Largest accepted request body in bytes (default 64 KiB): larger answers 413. */
  bodyLimit?: number;
  /** Projects that ask for a marketing statement (default: this edition, extended). */
  marketing?: Record<number, MarketingPolicy>;
  now?: () => number;
  onReady?: (handle: AccountServiceHandle) => void;
}

export interface RequestLimitOptions {
  max: number;
  timeWindowMs: number;
}

export const DEFAULT_BODY_LIMIT = 64 * 1024;
/** Generous: a person never comes near it, a script hammering the API does. */
export const DEFAULT_REQUEST_LIMIT: RequestLimitOptions = { max: 300, timeWindowMs: 60_000 };
const DAY_MS = 24 * 60 * 60_000;

/** Parser errors (bad JSON, wrong media type, too large) answer with the v5 error shape. */
function parserErrorBody(error: FastifyError): {
  status: number;
  body: { code: number; name: string; message: string };
} {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  if (status === 413)
    return { status, body: { code: 101, name: 'InvalidRequestBody', message: 'Request body is too large' } };
  if (status === 415)
    return { status, body: { code: 101, name: 'InvalidRequestBody', message: 'Only application/json is accepted' } };
  if (status < 500)
    return { status, body: { code: 101, name: 'InvalidRequestBody', message: 'Request body is not valid JSON' } };
  return { status, body: { code: 199, name: 'InternalError', message: 'Unexpected server error' } };
}

/** Over the request cap: legacy calls answer 200 with XE13 (A8-2), v5 calls 429 TooManyRequests (A8-3). */
function tooManyRequestsBody(url: string): { status: number; body: object } {
  if (/^\/v[34]\//.test(url)) return { status: 200, body: { err: 'XE13' } };
  return { status: 429, body: { ...V5_ERROR.tooManyRequests, message: 'Too many requests' } };
}

export const accountPlugin: FastifyPluginAsync<AccountPluginOptions> = async (app, options) => {
  const dev = options.dev === true;
  const now = options.now ?? Date.now;
  const ownsDb = !options.db;
  const db = options.db ?? openAccountDbAt(options.dbFile ?? DEFAULT_ACCOUNT_DB_FILE);
  await migrateAccountDb(db as unknown as Kysely<unknown>);
  if (ownsDb) app.addHook('onClose', async () => db.destroy());

  const smtp = options.smtp === undefined ? smtpFromEnv() : options.smtp;
  const mailer = new Mailer(db, smtp, now, { keepForDev: dev });
  const configuredPublicUrl = options.publicUrl ?? process.env.PUBLIC_URL;
  const ctx: ServiceContext = {
    db,
    mailer,
    now,
    settings: {
      scryptLogN: options.scryptLogN ?? DEFAULT_SCRYPT_LOG_N,
      // Read when a mail is written: without a configured origin, links point at the port actually listened on.
      get publicUrl() {
        return configuredPublicUrl ?? ownOrigin(app);
      },
      routePrefix: EDITION.routePrefix,
      verifyCodeTtlMs: 3 * DAY_MS,
      resetCodeTtlMs: 60 * 60_000,
      marketing: options.marketing ?? { [EDITION.projectId]: 'EXTENDED' },
      marketingPeriodMs: 180 * DAY_MS,
    },
  };
  const secret = options.secret ?? process.env.ACCOUNT_SECRET ?? randomBytes(32).toString('hex');
  const captcha = new Captcha(db, { secret, maxNumber: options.captchaMaxNumber ?? DEFAULT_CAPTCHA_MAX_NUMBER, now });
  const useDevOidc = dev && !options.oidc?.providers;
  const verifier = new OidcVerifier(() =>
    useDevOidc ? devOidcProviders(options.oidc?.devIssuerBase ?? ownOrigin(app)) : (options.oidc?.providers ?? {}),
  );
  // Both limiters count in the database, so every server on it shares them (security/rate-limit.ts).
  const resetLimiter = new FailureLimiter(db, { perAccount: 5, perAddress: 30, windowMs: 15 * 60_000 }, now, 'reset');
  const pending = new Set<Promise<void>>();
  const dataListeners = new Set<(userId: string) => void>();
  const service: AccountService = {
    ctx,
    captcha,
    limiter: new FailureLimiter(db, options.rateLimit, now),
    verifier,
    later(task) {
      const run = Promise.resolve()
        .then(task)
        .catch((error: unknown) => app.log.error({ err: error }, 'account background task failed'))
        .finally(() => pending.delete(run));
      pending.add(run);
    },
    requestPasswordReset(namespace, email, address) {
      const account = `${namespace}:${emailKey(email)}`;
      service.later(async () => {
        if (await resetLimiter.consume(account, address)) await sendPasswordReset(ctx, namespace, email);
      });
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
      await mailer.idle();
    },
    dataChanged(userId) {
      for (const listener of dataListeners) listener(userId);
    },
    onDataChanged(listener) {
      dataListeners.add(listener);
    },
  };

  // JSON only (415 otherwise), size-limited (413), no prototype keys.
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (_request, text, done) => {
    if (text === '') return done(null, undefined);
    try {
      done(
        null,
        JSON.parse(text as string, (key, value) => {
          if (key === '__proto__') throw new Error('prototype key');
          return value;
        }),
      );
    } catch {
      done(Object.assign(new Error('Request body is not valid JSON'), { statusCode: 400 }), undefined);
    }
  });
  app.addHook('onRoute', (route) => {
    route.bodyLimit ??= bodyLimit;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body } = error.statusCode === 429 ? tooManyRequestsBody(request.url) : parserErrorBody(error);
    if (status >= 500) request.log.error({ err: error }, 'account request failed');
    return reply.code(status).send(body);
  });

  const requestLimit = options.requestLimit === undefined ? DEFAULT_REQUEST_LIMIT : options.requestLimit;
  if (requestLimit)
    await app.register(fastifyRateLimit, {
      max: requestLimit.max,
      timeWindow: requestLimit.timeWindowMs,
      // Development tools (dev mode only) are polled by tests and never exposed.
      allowList: (request) => request.url.startsWith('/dev/'),
      errorResponseBuilder: () => Object.assign(new Error('Too many requests'), { statusCode: 429 }),
    });
  registerLegacyRoutes(app, service);
  registerV5Routes(app, service);
  attachPersonalPush(app, service); // S7-23 lsid_: on the server's push gateway, when it has one
  if (dev) {
    registerDevOutbox(app, mailer);
    if (useDevOidc) await app.register(devOidcPlugin, { issuerBase: options.oidc?.devIssuerBase });
  }

  options.onReady?.({
    db,
    mailer,
    idle: () => service.idle(),
    challenge: () => captcha.createChallenge(),
  });
};

/**
 * The account plugin as one of server/app.ts's extraPlugins: takes the server's account database file
 * (`scores serve --db <file or postgres:// URL>`, decorated as app.dbFile) when no file is given.
 */
export function accountExtraPlugin(options: AccountPluginOptions = {}): FastifyPluginAsync {
  return async (app) => {
    const dbFile = options.dbFile ?? (app as unknown as { dbFile?: string }).dbFile;
    await app.register(accountPlugin, { ...options, dbFile });
  };
}
