// Every message goes to the outbox table (readable at GET /dev/outbox and with `scores outbox`); when SMTP is
// configured it is also sent, and the row records when (or why not).
import type { Kysely } from 'kysely';
import type { EmailKind } from '../../../src/account/wire';
import type { AccountDatabase, OutboxTable } from '../db/schema';
import { randomId } from '../security/tokens';
import { type SmtpOptions, sendSmtp } from './smtp';
import { type MailParams, renderMail } from './templates';

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

export class Mailer {
  private readonly pending = new Set<Promise<void>>();
  /** Orders messages written within the same millisecond. */
  private sequence = 0;
  constructor(
    private readonly db: Kysely<AccountDatabase>,
    private readonly smtp: SmtpOptions | null,
    private readonly now: () => number,
  ) {}

  /** Writes the message to the outbox and, with SMTP configured, sends it in the background. */
  async send(kind: EmailKind, to: string, params: MailParams): Promise<string> {
    const content = renderMail(kind, params);
    this.sequence = (this.sequence + 1) % 1_000_000;
    const id = `${this.now().toString(36).padStart(10, '0')}${this.sequence.toString(36).padStart(4, '0')}${randomId()}`;
    await this.db
      .insertInto('outbox')
      .values({
        id,
        to_address: to.toLowerCase(),
        kind,
        subject: content.subject,
        body: content.body,
        created_at: this.now(),
        sent_at: null,
        error: null,
      })
      .execute();
    if (this.smtp) {
      const smtp = this.smtp;
      const task = sendSmtp(smtp, { to, ...content })
        .then(() => this.db.updateTable('outbox').set({ sent_at: this.now() }).where('id', '=', id).execute())
        .catch((error: unknown) =>
          this.db
            .updateTable('outbox')
            .set({ error: error instanceof Error ? error.message : String(error) })
            .where('id', '=', id)
            .execute(),
        )
        .then(() => undefined)
        .finally(() => this.pending.delete(task));
      this.pending.add(task);
    }
    return id;
  }

  /** Resolves when every background send has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}
