// Versioned schema of the account service, applied by Kysely's Migrator from this in-code provider.
// Only portable DDL (text, integer, bigint, composite keys, indexes), so SQLite and PostgreSQL both run it.
import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import { redactCodes } from '../mail/redact';
import { TERMS_SEED } from './terms-seed';

const migrations: Record<string, Migration> = {
  '2025_01_001_accounts': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('namespace', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('email_key', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text')
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('email_verified', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('users_namespace_email_key', ['namespace', 'email_key'])
        .execute();
      await db.schema
        .createTable('sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
      await db.schema
        .createTable('codes')
        .addColumn('code_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('codes_user').on('codes').column('user_id').execute();
      await db.schema
        .createTable('connections')
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('connections_pk', ['provider', 'subject'])
        .execute();
      await db.schema.createIndex('connections_user').on('connections').columns(['user_id', 'provider']).execute();
      await db.schema
        .createTable('user_data')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('project_id', 'integer', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('private_data', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('user_data_pk', ['user_id', 'project_id'])
        .execute();
      await db.schema
        .createTable('terms_documents')
        .addColumn('project_id', 'integer', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('published_at', 'bigint', (c) => c.notNull())
        .addColumn('archived', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('terms_documents_pk', ['project_id', 'version', 'type'])
        .execute();
      await db.schema
        .createTable('terms_agreements')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('project_id', 'integer', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('agreed_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('terms_agreements_pk', ['user_id', 'project_id', 'type'])
        .execute();
      await db.schema
        .createTable('marketing')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('project_id', 'integer', (c) => c.notNull())
        .addColumn('variant', 'text', (c) => c.notNull())
        .addColumn('marketing_approved', 'integer', (c) => c.notNull())
        .addColumn('third_parties_approved', 'integer', (c) => c.notNull())
        .addColumn('answered_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('marketing_pk', ['user_id', 'project_id'])
        .execute();
      await db.schema
        .createTable('outbox')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('to_address', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('sent_at', 'bigint')
        .addColumn('error', 'text')
        .execute();
      await db.schema.createIndex('outbox_to').on('outbox').columns(['to_address', 'created_at']).execute();
      await db.schema
        .createTable('captcha_spent')
        .addColumn('signature', 'text', (c) => c.primaryKey())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'captcha_spent',
        'outbox',
        'marketing',
        'terms_agreements',
        'terms_documents',
        'user_data',
        'connections',
        'codes',
        'sessions',
        'users',
      ])
        await db.schema.dropTable(table).ifExists().execute();
    },
  },
  '2025_01_002_terms_seed': {
    async up(db: Kysely<unknown>) {
      // biome-ignore lint/suspicious/noExplicitAny: the migration runs against an untyped Kysely
      await (db as Kysely<any>).insertInto('terms_documents').values(TERMS_SEED).execute();
    },
    async down(db: Kysely<unknown>) {
      // biome-ignore lint/suspicious/noExplicitAny: the migration runs against an untyped Kysely
      await (db as Kysely<any>).deleteFrom('terms_documents').where('version', '=', 1).execute();
    },
  },
  '2025_02_003_session_last_seen': {
    // Sessions expire after an idle time as well as a maximum age (service/sessions.ts).
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('sessions')
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      // biome-ignore lint/suspicious/noExplicitAny: the migration runs against an untyped Kysely
      await (db as Kysely<any>)
        .updateTable('sessions')
        .set((eb) => ({ last_seen_at: eb.ref('created_at') }))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('sessions').dropColumn('last_seen_at').execute();
    },
  },
  '2025_02_004_outbox_without_codes': {
    // Mail recorded before codes were removed from the outbox table loses them now.
    async up(db: Kysely<unknown>) {
      // biome-ignore lint/suspicious/noExplicitAny: the migration runs against an untyped Kysely
      const untyped = db as Kysely<any>;
      const rows: { id: string; body: string }[] = await untyped.selectFrom('outbox').select(['id', 'body']).execute();
      for (const row of rows) {
        const body = redactCodes(row.body);
        if (body !== row.body) await untyped.updateTable('outbox').set({ body }).where('id', '=', row.id).execute();
      }
    },
    async down() {}, // the codes are gone
  },
  '2025_02_005_pending_email': {
    // A changed email waits here until the new address confirms it (service/email-change.ts).
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('pending_email', 'text').execute();
      await db.schema.alterTable('users').addColumn('pending_email_at', 'bigint').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('users').dropColumn('pending_email_at').execute();
      await db.schema.alterTable('users').dropColumn('pending_email').execute();
    },
  },
  '2025_03_006_failure_limiter': {
    // Failed password checks live in the database, so every server on one database counts them together
    // (security/rate-limit.ts). limiter_keys holds one row per key, locked by an upsert to serialise its checks.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('limiter_failures')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('running', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('limiter_failures_key').on('limiter_failures').columns(['key', 'at']).execute();
      await db.schema.createIndex('limiter_failures_expiry').on('limiter_failures').column('expires_at').execute();
      await db.schema
        .createTable('limiter_keys')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('touched_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('limiter_keys').ifExists().execute();
      await db.schema.dropTable('limiter_failures').ifExists().execute();
    },
  },
};

export const accountMigrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};

/** Brings the schema to the latest version; throws with the failing migration's error. */
export async function migrateAccountDb(db: Kysely<unknown>): Promise<void> {
  const migrator = new Migrator({ db, provider: accountMigrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`account migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
