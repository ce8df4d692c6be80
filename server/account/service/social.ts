// Login through a social provider (A7-4): the ID token is verified against the provider's keys, then the identity
// is matched to a connection, or to an account by an email both sides have verified, or becomes a new account.
import { ACCOUNT_STATUS, type ProviderLoginRequest, SOCIAL_PROVIDERS } from '../../../src/wire/account';
import type { UsersTable } from '../db/schema';
import { OidcTokenError, type OidcVerifier } from '../oidc/verifier';
import { randomId } from '../security/tokens';
import { agreeToTerms } from './consent';
import { type ServiceContext, emailKey } from './context';
import { LegacyFailure } from './errors';
import { findUserByEmail, findUser, isUniqueViolation, type LoginAnswerBody, loginAnswer } from './users';

/** The A7-4 request as the wire types give it (the provider still to be checked). */
export type ProviderLoginInput = ProviderLoginRequest;

export async function loginUsingProvider(
  ctx: ServiceContext,
  verifier: OidcVerifier,
  input: ProviderLoginInput,
): Promise<LoginAnswerBody & { isRegistration: boolean }> {
  if (!(SOCIAL_PROVIDERS as readonly string[]).includes(input.provider) || !verifier.config(input.provider))
    throw new LegacyFailure('XE6'); // provider not implemented
  let identity: Awaited<ReturnType<OidcVerifier['verify']>>;
  try {
    identity = await verifier.verify(input.provider, input.token, input.nonce);
  } catch (error) {
    if (error instanceof OidcTokenError) throw new LegacyFailure('XE1');
    throw error;
  }
  const connection = await ctx.db
    .selectFrom('connections')
    .select('user_id')
    .where('provider', '=', input.provider)
    .where('subject', '=', identity.subject)
    .executeTakeFirst();
  if (connection) {
    const user = await findUser(ctx, connection.user_id);
    if (user) return { ...(await loginAnswer(ctx, user, input.project)), isRegistration: false };
  }
  if (!identity.email) throw new LegacyFailure('XE7'); // provider needs email
  const existing = await findUserByEmail(ctx, input.namespace, identity.email);
  if (existing) {
    // Joining hands the account to whoever holds the provider identity, so both sides must have proven the address:
    // an unconfirmed account may have been registered by someone else (who would keep its password). XE10 then.
    if (!identity.emailVerified || !hasConfirmedEmail(existing)) throw new LegacyFailure('XE10');
    const other = await ctx.db
      .selectFrom('connections')
      .select('subject')
      .where('user_id', '=', existing.id)
      .where('provider', '=', input.provider)
      .executeTakeFirst();
    if (other) throw new LegacyFailure('XE10'); // connection already used: one identity per provider
    await connect(ctx, input.provider, identity.subject, existing.id);
    return { ...(await loginAnswer(ctx, existing, input.project)), isRegistration: false };
  }
  if (input.provider === 'apple' && !identity.emailVerified) throw new LegacyFailure('XE9'); // apple registration fail
  const now = ctx.now();
  const user: UsersTable = {
    id: randomId(),
    namespace: input.namespace,
    email: identity.email,
    email_key: emailKey(identity.email),
    name: identity.name ?? '',
    password_hash: null,
    status: ACCOUNT_STATUS.verified,
    email_verified: identity.emailVerified ? 1 : 0,
    created_at: now,
    updated_at: now,
  };
  try {
    await ctx.db.insertInto('users').values(user).execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new LegacyFailure('XE10');
    throw error;
  }
  await connect(ctx, input.provider, identity.subject, user.id);
  const approved = input.touApproval && input.ppApproval;
  if (approved) await agreeToTerms(ctx, user.id, input.project);
  await ctx.mailer.send('social', user.email, { name: user.name, provider: input.provider });
  return { ...(await loginAnswer(ctx, user, input.project)), isRegistration: true };
}

/** The account's owner has confirmed its email (registration link, email change or password reset). */
function hasConfirmedEmail(user: UsersTable): boolean {
  return Number(user.email_verified) === 1 && Number(user.status) === ACCOUNT_STATUS.verified;
}

async function connect(ctx: ServiceContext, provider: string, subject: string, userId: string): Promise<void> {
  try {
    await ctx.db
      .insertInto('connections')
      .values({ provider, subject, user_id: userId, created_at: ctx.now() })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new LegacyFailure('XE10');
    throw error;
  }
}
