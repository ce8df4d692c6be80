// The account service's parts put together: what the routes call.
import type { Kysely } from 'kysely';
import type { AccountDatabase } from '../db/schema';
import type { Captcha } from '../captcha';
import type { Mailer } from '../mail/outbox';
import type { OidcVerifier } from '../oidc/verifier';
import type { FailureLimiter } from '../security/rate-limit';
import type { ServiceContext } from './context';

export interface AccountService {
  ctx: ServiceContext;
  captcha: Captcha;
  limiter: FailureLimiter;
  verifier: OidcVerifier;
  /** A7-9, A7-10: queues a reset email (within per-address and per-email limits) to be sent after answering. */
  requestPasswordReset(namespace: string, email: string, address: string): void;
  /** Work done after answering (password-reset emails), tracked so it can be awaited. */
  later(task: () => Promise<void>): void;
  /** A user's synced data changed (A7-11): listeners such as the personal push read it again. */
  dataChanged(userId: string): void;
  onDataChanged(listener: (userId: string) => void): void;
  idle(): Promise<void>;
}

/** What the plugin hands to its onReady callback: tests and tools read the database and wait for background work. */
export interface AccountServiceHandle {
  db: Kysely<AccountDatabase>;
  mailer: Mailer;
  /** Resolves when background work (emails after answering, SMTP sends) has finished. */
  idle(): Promise<void>;
  challenge(): ReturnType<Captcha['createChallenge']>;
}
