// The SMTP transport against a tiny SMTP listener on loopback.
import { once } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendSmtp, smtpFromEnv } from '../../server/account/mail/smtp';
import { NS, PROJECT, type TestServer, startAccountServer } from './helpers';

interface Received {
  from: string;
  to: string[];
  data: string;
}

/** Accepts mail and keeps it; rejects recipients at reject.example. */
function smtpListener(): { server: Server; received: Received[] } {
  const received: Received[] = [];
  const server = createServer((socket: Socket) => {
    let buffer = '';
    let current: Received = { from: '', to: [], data: '' };
    let inData = false;
    socket.setEncoding('utf8');
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: '', to: [], data: '' };
          socket.write('250 queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        if (/^EHLO/i.test(line)) socket.write('250-test\r\n250 8BITMIME\r\n');
        else if (/^MAIL FROM:/i.test(line)) {
          current.from = line.slice(10);
          socket.write('250 ok\r\n');
        } else if (/^RCPT TO:/i.test(line)) {
          if (line.includes('reject.example')) socket.write('550 no such user\r\n');
          else {
            current.to.push(line.slice(8));
            socket.write('250 ok\r\n');
          }
        } else if (/^DATA/i.test(line)) {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (/^QUIT/i.test(line)) {
          socket.end('221 bye\r\n');
        } else socket.write('502 unknown\r\n');
      }
    });
  });
  return { server, received };
}

let listener: ReturnType<typeof smtpListener>;
let port = 0;
let account: TestServer;

beforeAll(async () => {
  listener = smtpListener();
  listener.server.listen(0, '127.0.0.1');
  await once(listener.server, 'listening');
  port = (listener.server.address() as { port: number }).port;
  account = await startAccountServer({ smtp: { host: '127.0.0.1', port, from: 'no-reply@scores.kz' } });
});
afterAll(async () => {
  await account.close();
  listener.server.close();
});

describe('SMTP transport', () => {
  it('A3-7 a message is sent with UTF-8 subject and base64 body, dot lines stuffed', async () => {
    await sendSmtp(
      { host: '127.0.0.1', port },
      { to: 'aigul@example.kz', subject: 'Сәлем', body: 'Бірінші жол\n.\nсоңы' },
    );
    const mail = listener.received.at(-1) as Received;
    expect(mail.to).toEqual(['<aigul@example.kz>']);
    expect(mail.data).toContain(`Subject: =?UTF-8?B?${Buffer.from('Сәлем').toString('base64')}?=`);
    const body = mail.data.split('\r\n\r\n')[1].replace(/\r\n/g, '');
    expect(Buffer.from(body, 'base64').toString('utf8')).toBe('Бірінші жол\n.\nсоңы');
  });

  it('A3-7 a rejected recipient rejects the send; header injection is refused', async () => {
    await expect(
      sendSmtp({ host: '127.0.0.1', port }, { to: 'x@reject.example', subject: 's', body: 'b' }),
    ).rejects.toThrow(/550/);
    await expect(
      sendSmtp({ host: '127.0.0.1', port }, { to: 'x@example.kz\r\nBcc: y@example.kz', subject: 's', body: 'b' }),
    ).rejects.toThrow(/bad address/);
  });

  it('A3-7 the service writes the outbox and sends through SMTP, recording the send', async () => {
    const before = listener.received.length;
    await account.post('/v3/registration', {
      email: 'smtp@example.kz',
      password: 'Qwerty_123',
      name: 'Smtp_user',
      captcha: await account.captcha(),
      termsofservice: true,
      touApproval: true,
      ppApproval: true,
      namespace: NS,
      project: PROJECT,
    });
    await account.handle.idle();
    expect(listener.received.length).toBe(before + 1);
    expect(listener.received.at(-1)?.to).toEqual(['<smtp@example.kz>']);
    const { body } = await account.get('/dev/outbox?format=json&to=smtp@example.kz');
    const [message] = body.messages as { sentAt: string | null; error: string | null; kind: string }[];
    expect(message.kind).toBe('verify');
    expect(message.sentAt).not.toBeNull();
    expect(message.error).toBeNull();
  });

  it('A3-7 SMTP settings come from SMTP_HOST and SMTP_PORT', () => {
    expect(smtpFromEnv({})).toBeNull();
    expect(smtpFromEnv({ SMTP_HOST: 'mail.local', SMTP_PORT: '2525' })).toEqual({
      host: 'mail.local',
      port: 2525,
      from: undefined,
    });
  });
});
