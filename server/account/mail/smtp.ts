// A minimal SMTP client over node:net (RFC 5321): EHLO, MAIL FROM, RCPT TO, DATA, QUIT, plain text UTF-8 bodies.
// Enough for a local relay or a test listener; no TLS or AUTH.
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';

export interface SmtpOptions {
  host: string;
  port: number;
  from?: string;
  heloName?: string;
  timeoutMs?: number;
}

export interface SmtpMessage {
  to: string;
  subject: string;
  body: string;
}

/** SMTP settings from SMTP_HOST / SMTP_PORT / SMTP_FROM, or null when SMTP_HOST is not set. */
export function smtpFromEnv(env: NodeJS.ProcessEnv = process.env): SmtpOptions | null {
  if (!env.SMTP_HOST) return null;
  return { host: env.SMTP_HOST, port: Number(env.SMTP_PORT) || 25, from: env.SMTP_FROM };
}

function encodeHeader(value: string): string {
  return /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

function assertAddress(address: string): void {
  if (!/^[^\s<>\r\n]+@[^\s<>\r\n]+$/.test(address)) throw new Error(`bad address: ${address}`);
}

export function formatMessage(from: string, message: SmtpMessage, date = new Date()): string {
  const body = Buffer.from(message.body, 'utf8')
    .toString('base64')
    .replace(/.{1,76}/g, '$&\r\n');
  return [
    `From: ${from}`,
    `To: ${message.to}`,
    `Subject: ${encodeHeader(message.subject)}`,
    `Date: ${date.toUTCString()}`,
    `Message-ID: <${randomBytes(12).toString('hex')}@${from.split('@')[1] ?? 'localhost'}>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    body,
  ].join('\r\n');
}

class ReplyReader {
  private buffer = '';
  private waiting: ((reply: { code: number; text: string }) => void) | null = null;
  private failed: ((error: Error) => void) | null = null;
  private queue: { code: number; text: string }[] = [];
  constructor(socket: Socket) {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      this.buffer += chunk;
      let index = this.buffer.indexOf('\r\n');
      const lines: string[] = [];
      while (index >= 0) {
        lines.push(this.buffer.slice(0, index));
        this.buffer = this.buffer.slice(index + 2);
        index = this.buffer.indexOf('\r\n');
      }
      for (const line of lines) {
        if (/^\d{3} /.test(line) || /^\d{3}$/.test(line)) {
          this.queue.push({ code: Number(line.slice(0, 3)), text: line.slice(4) });
        }
      }
      this.flush();
    });
    const fail = (error: Error) => this.failed?.(error);
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('SMTP connection closed')));
  }
  private flush(): void {
    if (this.waiting && this.queue.length > 0) {
      const resolve = this.waiting;
      this.waiting = null;
      resolve(this.queue.shift() as { code: number; text: string });
    }
  }
  next(): Promise<{ code: number; text: string }> {
    return new Promise((resolve, reject) => {
      this.waiting = resolve;
      this.failed = reject;
      this.flush();
    });
  }
}

/** Sends one message; rejects on any unexpected reply, connection error or timeout. */
export async function sendSmtp(options: SmtpOptions, message: SmtpMessage): Promise<void> {
  const from = options.from ?? 'no-reply@scores.kz';
  assertAddress(from);
  assertAddress(message.to);
  const socket = connect({ host: options.host, port: options.port });
  socket.setTimeout(options.timeoutMs ?? 10_000, () => socket.destroy(new Error('SMTP timeout')));
  const replies = new ReplyReader(socket);
  const expect = async (ok: number[]) => {
    const reply = await replies.next();
    if (!ok.includes(reply.code)) throw new Error(`SMTP ${reply.code} ${reply.text}`);
  };
  const send = (line: string) => socket.write(`${line}\r\n`);
  try {
    await expect([220]);
    send(`EHLO ${options.heloName ?? 'localhost'}`);
    await expect([250]);
    send(`MAIL FROM:<${from}>`);
    await expect([250]);
    send(`RCPT TO:<${message.to}>`);
    await expect([250, 251]);
    send('DATA');
    await expect([354]);
    const data = formatMessage(from, message).replace(/^\./gm, '..'); // dot-stuffing
    socket.write(`${data}\r\n.\r\n`);
    await expect([250]);
    send('QUIT');
    await expect([221]).catch(() => undefined);
  } finally {
    socket.end();
  }
}
