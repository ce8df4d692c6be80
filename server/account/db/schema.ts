// Tables of the account service. Times are milliseconds since the epoch; flags are 0/1 integers, so the same
// queries run on SQLite and PostgreSQL.

export interface UsersTable {
  id: string;
  namespace: string;
  email: string;
  /** Lowercased email: the login key, unique per namespace. */
  email_key: string;
  name: string;
  /** Self-describing scrypt hash; null for accounts made through a social provider. */
  password_hash: string | null;
  /** A3-7: 1 verified, 2 registration not confirmed. */
  status: number;
  email_verified: number;
  /** A new email asked for by update-user, waiting for its 'verifyEmail' confirmation; absent or null when none. */
  pending_email?: string | null;
  /** When the pending email was asked for. */
  pending_email_at?: number | null;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  /** SHA-256 of the session token (the account `hash`); the token itself is never stored. */
  token_hash: string;
  user_id: string;
  created_at: number;
  /** Last authenticated use, written at most once a minute. */
  last_seen_at: number;
}

export interface CodesTable {
  /** SHA-256 of the 40-hex code sent by email. */
  code_hash: string;
  user_id: string;
  kind: 'verifyAccount' | 'verifyEmail' | 'resetPassword';
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface ConnectionsTable {
  provider: string;
  subject: string;
  user_id: string;
  created_at: number;
}

export interface UserDataTable {
  user_id: string;
  project_id: number;
  data: string;
  private_data: string;
  /** Bumped by every write: writers compare and retry, so concurrent merges lose nothing. */
  version: number;
  updated_at: number;
}

export interface TermsDocumentsTable {
  project_id: number;
  version: number;
  type: 'tou' | 'pp';
  title: string;
  body: string;
  published_at: number;
  archived: number;
}

export interface TermsAgreementsTable {
  user_id: string;
  project_id: number;
  type: 'tou' | 'pp';
  version: number;
  agreed_at: number;
}

export interface MarketingTable {
  user_id: string;
  project_id: number;
  variant: string;
  marketing_approved: number;
  third_parties_approved: number;
  answered_at: number;
  updated_at: number;
}

export interface OutboxTable {
  id: string;
  to_address: string;
  kind: string;
  subject: string;
  body: string;
  created_at: number;
  sent_at: number | null;
  error: string | null;
}

export interface CaptchaSpentTable {
  signature: string;
  expires_at: number;
}

/** One failed (or still running) password check of one limiter key (security/rate-limit.ts). */
export interface LimiterFailuresTable {
  id: string;
  /** Scope and kind first: 'login|a:<namespace>:<email>' or 'login|ip:<address>'. */
  key: string;
  at: number;
  /** 1 while the check runs (an account's reservation), 0 once it failed. */
  running: number;
  /** at plus the window of the limiter that counted it: limiters with other windows share the table. */
  expires_at: number;
}

/** A row per key, upserted first in a limiter transaction: in PostgreSQL the row lock serialises one key's checks. */
export interface LimiterKeysTable {
  key: string;
  touched_at: number;
}

export interface AccountDatabase {
  users: UsersTable;
  sessions: SessionsTable;
  codes: CodesTable;
  connections: ConnectionsTable;
  user_data: UserDataTable;
  terms_documents: TermsDocumentsTable;
  terms_agreements: TermsAgreementsTable;
  marketing: MarketingTable;
  outbox: OutboxTable;
  captcha_spent: CaptchaSpentTable;
  limiter_failures: LimiterFailuresTable;
  limiter_keys: LimiterKeysTable;
}
