// Terms documents and agreements per project (A3-6, A4-1, A7-14…A7-17) and marketing statements (A4-2, A7-18, A7-19).
import type { Kysely } from 'kysely';
import type {
  BackendError,
  MarketingApproval,
  MarketingConsent,
  MarketingVariant,
  TermsAgreements,
  TermsDetail,
  TermsDocument,
  TermsType,
  UserTermsState,
} from '../../../src/wire/account';
import type { AccountDatabase, TermsDocumentsTable } from '../db/schema';
import type { ServiceContext } from './context';

const TERMS_TYPES: readonly TermsType[] = ['tou', 'pp'];

export function toTermsDocument(row: TermsDocumentsTable): TermsDocument {
  return {
    projectId: Number(row.project_id),
    version: Number(row.version),
    type: row.type,
    title: row.title,
    body: row.body,
    publishedAt: new Date(Number(row.published_at)).toISOString(),
    archived: Number(row.archived) === 1,
  };
}

/** The latest published version of each terms type of a project. */
export async function latestVersions(
  db: Kysely<AccountDatabase>,
  projectId: number,
  now: number,
): Promise<Map<TermsType, number>> {
  const rows = await db
    .selectFrom('terms_documents')
    .select(['type', (eb) => eb.fn.max('version').as('version')])
    .where('project_id', '=', projectId)
    .where('published_at', '<=', now)
    .groupBy('type')
    .execute();
  return new Map(rows.map((r) => [r.type, Number(r.version)]));
}

export async function userTermsState(
  ctx: ServiceContext,
  userId: string,
  projectId: number,
): Promise<UserTermsState[]> {
  const latest = await latestVersions(ctx.db, projectId, ctx.now());
  const agreed = await ctx.db
    .selectFrom('terms_agreements')
    .select(['type', 'version'])
    .where('user_id', '=', userId)
    .where('project_id', '=', projectId)
    .execute();
  const agreedByType = new Map(agreed.map((a) => [a.type, Number(a.version)]));
  const out: UserTermsState[] = [];
  for (const type of TERMS_TYPES) {
    const latestVersion = latest.get(type);
    if (latestVersion === undefined) continue;
    const agreedVersion = agreedByType.get(type) ?? null;
    out.push({ projectId, type, agreedVersion, latestVersion, confirmed: (agreedVersion ?? 0) >= latestVersion });
  }
  return out;
}

/** Records agreement to the given terms (or, with no list, to every latest version of the project). */
export async function agreeToTerms(
  ctx: ServiceContext,
  userId: string,
  projectId: number,
  terms?: readonly TermsDetail[],
): Promise<void> {
  const latest = await latestVersions(ctx.db, projectId, ctx.now());
  const wanted = terms ?? [...latest].map(([type, version]) => ({ type, version, projectId }));
  for (const detail of wanted) {
    const latestVersion = latest.get(detail.type);
    if (latestVersion === undefined) continue;
    const version = Math.min(detail.version, latestVersion); // never agree to a version that does not exist
    await ctx.db
      .insertInto('terms_agreements')
      .values({ user_id: userId, project_id: projectId, type: detail.type, version, agreed_at: ctx.now() })
      .onConflict((oc) => oc.columns(['user_id', 'project_id', 'type']).doUpdateSet({ version, agreed_at: ctx.now() }))
      .execute();
  }
}

const VARIANT_CODE: Record<string, number> = {
  EXTENDED_INITIAL: 1003,
  EXTENDED_PERIODIC: 1004,
  BASIC_INITIAL: 1005,
  BASIC_PERIODIC: 1006,
}; // A4-2

/** A4-2: which marketing statement (if any) the user should answer now. */
export async function pendingMarketingVariant(
  ctx: ServiceContext,
  userId: string,
  projectId: number,
): Promise<MarketingVariant> {
  const policy = ctx.settings.marketing[projectId];
  if (!policy) return 'NONE';
  const row = await ctx.db
    .selectFrom('marketing')
    .selectAll()
    .where('user_id', '=', userId)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  if (!row) return `${policy}_INITIAL`;
  const declined = Number(row.marketing_approved) === 0;
  if (declined && ctx.now() - Number(row.answered_at) >= ctx.settings.marketingPeriodMs) return `${policy}_PERIODIC`;
  return 'NONE';
}

export interface ConsentReport {
  termsAgreements: TermsAgreements;
  marketingApproval: MarketingApproval;
  marketingConsent: MarketingConsent;
  /** err / err2 for legacy answers (A8-2); absent when nothing is pending. */
  err?: 'XE8' | 'XE12';
  err2?: BackendError[];
}

export async function marketingConsent(
  ctx: ServiceContext,
  userId: string,
  projectId: number,
): Promise<MarketingConsent> {
  const row = await ctx.db
    .selectFrom('marketing')
    .selectAll()
    .where('user_id', '=', userId)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return {
    projectId,
    marketingApproved: Number(row?.marketing_approved ?? 0) === 1,
    thirdPartiesApproved: Number(row?.third_parties_approved ?? 0) === 1,
    updatedAt: row ? new Date(Number(row.updated_at)).toISOString() : null,
  };
}

/** Terms and marketing state with the consent errors a login, getdata or storemergeddata answer carries. */
export async function consentReport(ctx: ServiceContext, userId: string, projectId: number): Promise<ConsentReport> {
  const terms = await userTermsState(ctx, userId, projectId);
  const unconfirmed = terms.filter((t) => !t.confirmed);
  const errors: BackendError[] = [];
  if (unconfirmed.length > 0)
    errors.push({
      code: 'XE8',
      name: 'TermsConfirmationNeeded',
      details: unconfirmed.map((t) => ({ type: t.type, projectId, version: t.latestVersion })),
    });
  const variant = await pendingMarketingVariant(ctx, userId, projectId);
  if (variant !== 'NONE')
    errors.push({
      code: 'XE12',
      name: 'MarketingStatementNeeded',
      details: [{ type: 'marketing', projectId, code: VARIANT_CODE[variant] }],
    });
  const consent = await marketingConsent(ctx, userId, projectId);
  const report: ConsentReport = {
    termsAgreements: {
      ppConfirmed: !unconfirmed.some((t) => t.type === 'pp'),
      touConfirmed: !unconfirmed.some((t) => t.type === 'tou'),
      errors,
    },
    marketingApproval: {
      required: variant !== 'NONE',
      variant,
      marketingApproved: consent.marketingApproved,
      thirdPartiesApproved: consent.thirdPartiesApproved,
    },
    marketingConsent: consent,
  };
  if (errors.length > 0) {
    report.err = errors[0].code;
    report.err2 = errors;
  }
  return report;
}

/** A7-18, A7-19: stores an answer to a marketing statement or a consent change. */
export async function saveMarketing(
  ctx: ServiceContext,
  userId: string,
  projectId: number,
  values: { variant: string; marketingApproved: boolean; thirdPartiesApproved: boolean },
): Promise<MarketingConsent> {
  const now = ctx.now();
  const row = {
    variant: values.variant,
    marketing_approved: values.marketingApproved ? 1 : 0,
    third_parties_approved: values.thirdPartiesApproved ? 1 : 0,
    answered_at: now,
    updated_at: now,
  };
  await ctx.db
    .insertInto('marketing')
    .values({ user_id: userId, project_id: projectId, ...row })
    .onConflict((oc) => oc.columns(['user_id', 'project_id']).doUpdateSet(row))
    .execute();
  return marketingConsent(ctx, userId, projectId);
}
