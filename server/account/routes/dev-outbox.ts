// GET /dev/outbox: the messages the service would have emailed, for developers (registered only in dev mode).
// They come whole, codes included, from the Mailer's memory (since this server started), not from the outbox table.
import type { FastifyInstance } from 'fastify';
import type { Mailer } from '../mail/outbox';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

export function registerDevOutbox(app: FastifyInstance, mailer: Mailer): void {
  app.get('/dev/outbox', async (request, reply) => {
    const q = request.query as { to?: string; format?: string };
    const messages = mailer.devOutbox({ to: q.to });
    reply.header('cache-control', 'no-store');
    if (q.format === 'json' || /application\/json/.test(request.headers.accept ?? '')) return { messages };
    const rows = messages
      .map(
        (m) =>
          `<article><h2>${escapeHtml(m.subject)}</h2><p><b>Кімге:</b> ${escapeHtml(m.to)} · <b>Түрі:</b> ${escapeHtml(m.kind)} · ` +
          `<b>Уақыты:</b> ${escapeHtml(m.createdAt)}${m.sentAt ? ' · жіберілді' : ''}${m.error ? ` · қате: ${escapeHtml(m.error)}` : ''}</p>` +
          `<pre>${linkify(m.body)}</pre></article>`,
      )
      .join('<hr>');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="kk"><head><meta charset="utf-8"><title>Шығыс хаттар</title></head>` +
          `<body><h1>Шығыс хаттар (әзірлеуге арналған)</h1>${rows || '<p>Хат жоқ.</p>'}</body></html>`,
      );
  });
}
