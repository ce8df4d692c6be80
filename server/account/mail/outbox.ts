// Every message is rendered once, sent through SMTP when configured, and recorded in the outbox table with its codes
// removed: emailed codes exist in clear only in the sent mail (the database keeps their SHA-256 in `codes`). In dev
// mode the Mailer also keeps the latest messages whole in memory for GET /dev/outbox; `scores outbox` reads the table.
import type { Kysely } from 'kysely';
import type { EmailKind } from '../../../src/wire/account';
import type { AccountDatabase, OutboxTable } from '../db/schema';
import { randomId } from '../security/tokens';
import { redactCodes } from './redact';
import { type SmtpOptions, sendSmtp } from './smtp';
import { type MailParams, renderMail } from './templates';

export { REDACTED_CODE, redactCodes } from './redact';

export interface OutboxMessage {
  id: string;
  to: string;
  kind: string;
  subject: string;
  body: string;
  createdAt: string;
  sentAt: string | null;
  error: string | null;
}

/** Messages kept whole in memory in dev mode (the dev outbox's page size). */
export const DEV_OUTBOX_SIZE = 200;
/**
 * Not recorded in the table: the confirmation of a deleted account is written after its rows are gone and would
 * otherwise keep its address on disk.
 */
const UNRECORDED_KINDS: ReadonlySet<EmailKind> = new Set(['deleteAccount']);

export function toOutboxMessage(row: OutboxTable): OutboxMessage {
  return {
    id: row.id,
    to: row.to_address,
    kind: row.kind,
    subject: row.subject,
    body: row.body,
    createdAt: new Date(Number(row.created_at)).toISOString(),
    sentAt: row.sent_at === null ? null : new Date(Number(row.sent_at)).toISOString(),
    error: row.error,
  };
}

/** The recorded messages (codes removed), newest first. */
export async function listOutbox(
  db: Kysely<AccountDatabase>,
  filter: { to?: string; limit?: number } = {},
): Promise<OutboxMessage[]> {
  let query = db.selectFrom('outbox').selectAll();
  if (filter.to) query = query.where('to_address', '=', filter.to.toLowerCase());
  const rows = await query
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.limit ?? 200)
    .execute();
  return rows.map(toOutboxMessage);
}

export interface MailerOptions {
  /** Keep the latest messages whole in memory for the dev outbox (dev mode only: they hold working codes). */
  keepForDev?: boolean;
}

export class Mailer {
  private readonly pending = new Set<Promise<void>>();
  /** Orders messages written within the same millisecond. */
  private sequence = 0;
  /** Dev mode: the latest whole messages, oldest first; null otherwise. */
  private readonly devMessages: OutboxMessage[] | null;
  constructor(
    private readonly db: Kysely<AccountDatabase>,
    private readonly smtp: SmtpOptions | null,
    private readonly now: () => number,
    options: MailerOptions = {},
  ) {
    this.devMessages = options.keepForDev ? [] : null;
  }

  /** Records the message (codes removed) and, with SMTP configured, sends it whole in the background. */
  async send(kind: EmailKind, to: string, params: MailParams): Promise<string> {
    const content = renderMail(kind, params);
    this.sequence = (this.sequence + 1) % 1_000_000;
    const id = `${this.now().toString(36).padStart(10, '0')}${this.sequence.toString(36).padStart(4, '0')}${randomId()}`;
    const row: OutboxTable = {
      id,
      to_address: to.toLowerCase(),
      kind,
      subject: content.subject,
      body: redactCodes(content.body),
      created_at: this.now(),
      sent_at: null,
      error: null,
    };
    const recorded = !UNRECORDED_KINDS.has(kind);
    if (recorded) await this.db.insertInto('outbox').values(row).execute();
    const devCopy = this.keepForDev({ ...toOutboxMessage(row), body: content.body });
    if (this.smtp) {
      const smtp = this.smtp;
      const outcome = (changes: { sent_at: number } | { error: string }) => {
        if (devCopy) Object.assign(devCopy, toOutboxMessage({ ...row, ...changes }), { body: content.body });
        return recorded ? this.db.updateTable('outbox').set(changes).where('id', '=', id).execute() : undefined;
      };
      const task = sendSmtp(smtp, { to, ...content })
        .then(() => outcome({ sent_at: this.now() }))
        .catch((error: unknown) => outcome({ error: error instanceof Error ? error.message : String(error) }))
        .then(() => undefined)
        .finally(() => this.pending.delete(task));
      this.pending.add(task);
    }
    return id;
  }

  private keepForDev(message: OutboxMessage): OutboxMessage | null {
    if (!this.devMessages) return null;
    this.devMessages.push(message);
    if (this.devMessages.length > DEV_OUTBOX_SIZE) this.devMessages.shift();
    return message;
  }

  /** Dev mode: the latest messages whole (with their codes), newest first; empty otherwise. */
  devOutbox(filter: { to?: string } = {}): OutboxMessage[] {
    const to = filter.to?.toLowerCase();
    return (this.devMessages ?? []).filter((m) => !to || m.to === to).reverse();
  }

  /** Resolves when every background send has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}
