// Consent state from the service's consent errors: terms confirmation (A4-1) and marketing statement (A4-2).
import type {
  BackendError,
  MarketingApproval,
  MarketingDetail,
  MarketingVariant,
  TermsAgreements,
  TermsDetail,
} from '../wire/account';

/** A4-2: marketing detail code → variant. */
export const MARKETING_VARIANT_BY_CODE: Readonly<Record<number, MarketingVariant>> = {
  1003: 'EXTENDED_INITIAL',
  1004: 'EXTENDED_PERIODIC',
  1005: 'BASIC_INITIAL',
  1006: 'BASIC_PERIODIC',
};

export function marketingVariantOf(code: number): MarketingVariant {
  return MARKETING_VARIANT_BY_CODE[code] ?? 'NONE';
}

function isBackendError(value: unknown): value is BackendError {
  if (!value || typeof value !== 'object') return false;
  const v = value as { code?: unknown; details?: unknown };
  return (v.code === 'XE8' || v.code === 'XE12') && Array.isArray(v.details);
}

/** Keeps only well-formed consent errors from whatever the service sent. */
export function readBackendErrors(value: unknown): BackendError[] {
  return Array.isArray(value) ? value.filter(isBackendError) : [];
}

/** A4-1, A7-17: the terms documents flagged in the consent errors. */
export function flaggedTerms(errors: readonly BackendError[]): TermsDetail[] {
  const out: TermsDetail[] = [];
  for (const error of errors) {
    if (error.code !== 'XE8') continue;
    for (const detail of error.details)
      if ((detail.type === 'pp' || detail.type === 'tou') && Number.isFinite(detail.version)) out.push(detail);
  }
  return out;
}

/** A4-1: ppConfirmed / touConfirmed become false for each flagged terms type; the errors are kept. */
export function termsStateFrom(base: TermsAgreements): TermsAgreements {
  const errors = readBackendErrors(base.errors);
  const flagged = flaggedTerms(errors);
  return {
    ppConfirmed: base.ppConfirmed !== false && !flagged.some((d) => d.type === 'pp'),
    touConfirmed: base.touConfirmed !== false && !flagged.some((d) => d.type === 'tou'),
    errors,
  };
}

/** A4-2: the marketing-statement-needed error with a marketing detail sets approval required and picks the variant. */
export function marketingApprovalFrom(
  errors: readonly BackendError[],
  current: MarketingApproval | null,
): MarketingApproval {
  const base: MarketingApproval = current ?? {
    required: false,
    variant: 'NONE',
    marketingApproved: false,
    thirdPartiesApproved: false,
  };
  const detail = errors
    .filter((e): e is Extract<BackendError, { code: 'XE12' }> => e.code === 'XE12')
    .flatMap((e) => e.details)
    .find((d: MarketingDetail) => d.type === 'marketing');
  if (!detail) return { ...base, required: false };
  return { ...base, required: true, variant: marketingVariantOf(detail.code) };
}

/** What remains after the user answered: the answered kind of consent error is dropped. */
export function withoutConsentErrors(errors: readonly BackendError[], code: BackendError['code']): BackendError[] {
  return errors.filter((e) => e.code !== code);
}
