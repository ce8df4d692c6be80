// `scores outbox [--to <email>] [--json] [--db <file>]`: the messages the account service recorded in its outbox
// (verification, reset, social), newest first. The table keeps links without their codes; a developer who needs a
// working link reads GET /dev/outbox of `scores serve --dev`.
import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { DEFAULT_ACCOUNT_DB_FILE, openAccountDb } from '../../server/account/db/open';
import { isPostgresUrl } from '../../server/account/db/postgres';
import { listOutbox, type OutboxMessage } from '../../server/account/mail/outbox';

export interface OutboxOptions {
  to?: string;
  json?: boolean;
  db?: string;
  limit?: number;
}

export function formatOutbox(messages: readonly OutboxMessage[]): string {
  if (messages.length === 0) return 'No messages.';
  return messages
    .map((m) => {
      const status = m.error ? `failed: ${m.error}` : m.sentAt ? `sent ${m.sentAt}` : 'outbox only';
      const body = m.body
        .split('\n')
        .map((line) => `    ${line}`)
        .join('\n');
      return `${m.createdAt}  ${m.kind}  → ${m.to}  (${status})\n  ${m.subject}\n${body}`;
    })
    .join('\n\n');
}

/** The outbox as text or JSON; an absent database file has no messages. db may be a postgres:// URL. */
export async function readOutbox(options: OutboxOptions): Promise<string> {
  const file = options.db ?? DEFAULT_ACCOUNT_DB_FILE;
  let messages: OutboxMessage[] = [];
  if (isPostgresUrl(file) || existsSync(file)) {
    const db = await openAccountDb(file);
    try {
      messages = await listOutbox(db, { to: options.to, limit: options.limit });
    } finally {
      await db.destroy();
    }
  }
  return options.json ? JSON.stringify({ messages }) : formatOutbox(messages);
}

export function registerOutbox(program: Command): void {
  program
    .command('outbox')
    .description('Show the emails the account service recorded, newest first (links without their codes)')
    .option('--to <email>', 'only messages to this address')
    .option('--json', 'print one JSON object { messages: [...] }')
    .option('--db <file>', 'account database file or postgres:// URL', DEFAULT_ACCOUNT_DB_FILE)
    .option('--limit <n>', 'at most this many messages', (v) => Number.parseInt(v, 10), 50)
    .action(async (options: OutboxOptions) => {
      process.stdout.write(`${await readOutbox(options)}\n`);
    });
}
