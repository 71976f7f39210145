// The outbox of the local Notifier, outside production: /dev/outbox (HTML) and /dev/outbox.json.
// Only with its key (`?key=` or `Authorization: Bearer <key>`): it holds reset links and codes.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { send } from '../../http/errors';
import type { OutboxMessage } from '../../lib/notifier';

const query = z.object({
  key: z.string().max(500).optional(),
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

const digest = (s: string) => createHash('sha256').update(s).digest();

/** The key from `?key=` or a bearer header, compared in constant time. */
function hasKey(request: FastifyRequest, key: string): boolean {
  const q = (request.query as { key?: string }).key;
  const auth = request.headers.authorization;
  const given = q ?? (auth?.startsWith('Bearer ') ? auth.slice(7).trim() : undefined);
  return given !== undefined && timingSafeEqual(digest(given), digest(key));
}

function refuse(reply: FastifyReply) {
  return send(reply, {
    statusCode: 401,
    errorType: 'unauthorized',
    message: 'The outbox needs its key: open the link `npm start` printed.',
  });
}

/** A link to this page with the key kept. */
const pageLink = (key: string, params: Record<string, string>) =>
  `/dev/outbox?${new URLSearchParams({ ...params, key }).toString()}`;

function row(m: OutboxMessage, key: string): string {
  return `<li data-testid="outbox-message" data-kind="${escapeHtml(m.kind)}" data-to="${escapeHtml(m.to)}">
<p class="meta"><time>${escapeHtml(m.created_at)}</time> · ${escapeHtml(m.channel)} · ${escapeHtml(m.kind)} · to <a href="${escapeHtml(pageLink(key, { to: m.to }))}"><strong>${escapeHtml(m.to)}</strong></a></p>
${m.subject ? `<h2>${escapeHtml(m.subject)}</h2>` : ''}
${m.code ? `<p class="code" data-testid="outbox-code">${escapeHtml(m.code)}</p>` : ''}
<p>${linkify(m.text)}</p>
</li>`;
}

export const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const key = app.config.outboxKey;
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!hasKey(request, key)) return refuse(reply);
  });

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
    async (request) => {
      return { results: await app.services.accounts.outbox.list(request.query) };
    },
  );

  app.get('/dev/outbox', { schema: { hide: true, querystring: query } }, async (request, reply) => {
    const messages = await app.services.accounts.outbox.list({
      ...request.query,
      limit: request.query.limit,
    });
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="referrer" content="no-referrer"><title>Outbox</title>
<style>body{font:15px system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}ul{list-style:none;padding:0}li{border:1px solid #ddd;border-radius:8px;padding:1rem;margin:0 0 1rem}.meta{color:#666;font-size:13px;margin:0}.code{font:700 28px ui-monospace,monospace;letter-spacing:.2em;margin:.5rem 0}h2{font-size:17px;margin:.5rem 0}a{word-break:break-all}</style></head>
<body><h1>Outbox</h1><p>Emails and text messages the app sent (newest first). Development only. <a href="${escapeHtml(pageLink(key, {}))}">All recipients</a></p>
${messages.length ? `<ul>${messages.map((m) => row(m, key)).join('')}</ul>` : '<p data-testid="outbox-empty">No messages yet.</p>'}</body></html>`;
  });
};
