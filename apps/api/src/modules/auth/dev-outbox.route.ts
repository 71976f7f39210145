// The outbox of the local Notifier, outside production: /dev/outbox (HTML) and /dev/outbox.json.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OutboxMessage } from '../../lib/notifier';

const query = z.object({
  to: z.string().max(320).optional(),
  kind: z.string().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Escaped text with its http(s) links made clickable. */
function linkify(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"]+)/g)
    .map((part, i) =>
      i % 2 === 1
        ? `<a href="${escapeHtml(part)}" data-testid="outbox-link">${escapeHtml(part)}</a>`
        : escapeHtml(part),
    )
    .join('');
}

function row(m: OutboxMessage): string {
  return `<li data-testid="outbox-message" data-kind="${escapeHtml(m.kind)}" data-to="${escapeHtml(m.to)}">
<p class="meta"><time>${escapeHtml(m.created_at)}</time> · ${escapeHtml(m.channel)} · ${escapeHtml(m.kind)} · to <strong>${escapeHtml(m.to)}</strong></p>
${m.subject ? `<h2>${escapeHtml(m.subject)}</h2>` : ''}
${m.code ? `<p class="code" data-testid="outbox-code">${escapeHtml(m.code)}</p>` : ''}
<p>${linkify(m.text)}</p>
</li>`;
}

export const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dev/outbox.json',
    {
      schema: {
        hide: true,
        querystring: query,
        response: {
          200: z.object({
            results: z.array(
              z.object({
                id: z.number().int(),
                channel: z.string(),
                to: z.string(),
                kind: z.string(),
                subject: z.string(),
                text: z.string(),
                code: z.string().nullable(),
                link: z.string().nullable(),
                created_at: z.string(),
              }),
            ),
          }),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { results: await app.services.accounts.outbox.list(request.query) };
    },
  );

  app.get('/dev/outbox', { schema: { hide: true, querystring: query } }, async (request, reply) => {
    const messages = await app.services.accounts.outbox.list({
      ...request.query,
      limit: request.query.limit,
    });
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Outbox</title>
<style>body{font:15px system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}ul{list-style:none;padding:0}li{border:1px solid #ddd;border-radius:8px;padding:1rem;margin:0 0 1rem}.meta{color:#666;font-size:13px;margin:0}.code{font:700 28px ui-monospace,monospace;letter-spacing:.2em;margin:.5rem 0}h2{font-size:17px;margin:.5rem 0}a{word-break:break-all}</style></head>
<body><h1>Outbox</h1><p>Emails and text messages the app sent (newest first). Development only.</p>
${messages.length ? `<ul>${messages.map(row).join('')}</ul>` : '<p data-testid="outbox-empty">No messages yet.</p>'}</body></html>`;
  });
};
