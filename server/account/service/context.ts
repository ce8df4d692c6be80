// What every part of the account service shares: the database, the clock, settings and helpers.
import type { Kysely } from 'kysely';
import type { AccountDatabase } from '../db/schema';
import type { Mailer } from '../mail/outbox';

export type MarketingPolicy = 'BASIC' | 'EXTENDED';

export interface ServiceSettings {
  /** log2 of scrypt's N (17 by default). */
  scryptLogN: number;
  /** Site origin used in emailed links (never taken from request headers). */
  publicUrl: string;
  /** Route prefix of the edition, e.g. /kz. */
  routePrefix: string;
  verifyCodeTtlMs: number;
  resetCodeTtlMs: number;
  /** Projects that ask for a marketing statement, and which kind (A4-2). */
  marketing: Record<number, MarketingPolicy>;
  /** An unanswered or declined statement is asked again after this long (periodic variants). */
  marketingPeriodMs: number;
}

export interface ServiceContext {
  db: Kysely<AccountDatabase>;
  mailer: Mailer;
  now: () => number;
  settings: ServiceSettings;
}

export function link(ctx: ServiceContext, path: string, params: Record<string, string>): string {
  return `${ctx.settings.publicUrl.replace(/\/$/, '')}${ctx.settings.routePrefix}${path}?${new URLSearchParams(params)}`;
}

export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isProjectId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 && value < 1_000_000;
}

export function isNamespace(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_.-]{1,64}$/.test(value);
}
