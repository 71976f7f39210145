// Notifier (ARCHITECTURE §5): every email and SMS goes through it. The local default records
// messages in the outbox table (shown at /dev/outbox outside production); with SMTP_URL emails
// also go out by SMTP (nodemailer). SMS have no real adapter yet: they are recorded only.
import { type Db, placeholdersOf, placeholderValues, prepared, schema } from '@vitrine/db';
import { and, desc, eq, sql } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import type { Background } from './background';
import type { Clock } from './clock';

export type MessageKind =
  | 'email_verification'
  | 'password_reset'
  | 'twofa_code'
  | 'twofa_one_touch'
  | 'twofa_enroll'
  | 'phone_verification'
  | 'nft_sold'
  | 'purchase_receipt'
  | 'offer_new'
  | 'offer_accepted'
  | 'offer_expired'
  | 'offer_outbid'
  | 'step_up_code'
  | 'bid_outbid'
  | 'bid_won'
  | 'bid_lost'
  | 'alert'
  | 'drawing_result'
  | 'payout';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  to: string;
  kind: MessageKind;
  subject?: string;
  text: string;
  /** The code the message carries, if any (shown large in the outbox). */
  code?: string;
  /** The link the message carries, if any. */
  link?: string;
}

export interface Notifier {
  send(message: OutgoingMessage): Promise<void>;
}

export interface OutboxMessage {
  id: number;
  channel: string;
  to: string;
  kind: string;
  subject: string;
  text: string;
  code: string | null;
  link: string | null;
  created_at: string;
}

const { outboxMessages } = schema;
const OUTBOX_COLUMNS = ['channel', 'to', 'kind', 'subject', 'text', 'code', 'link', 'createdAt'] as const;

export function createOutbox(db: Db, clock: Clock) {
  return {
    async record(m: OutgoingMessage): Promise<void> {
      // Built once (every sale writes two: the seller's and the buyer's emails).
      await prepared(db, 'outbox_record', (d) =>
        d.insert(outboxMessages).values(placeholdersOf(OUTBOX_COLUMNS) as never),
      ).execute(
        placeholderValues({
          channel: m.channel,
          to: m.to,
          kind: m.kind,
          subject: m.subject ?? '',
          text: m.text,
          code: m.code ?? null,
          link: m.link ?? null,
          createdAt: clock.now(),
        }),
      );
    },

    async list(q: { to?: string; kind?: string; limit: number }): Promise<OutboxMessage[]> {
      const conditions = [];
      if (q.to) conditions.push(eq(sql`lower(${outboxMessages.to})`, q.to.toLowerCase()));
      if (q.kind) conditions.push(eq(outboxMessages.kind, q.kind));
      const rows = await db
        .select()
        .from(outboxMessages)
        .where(conditions.length ? and(...conditions) : undefined)
        .orderBy(desc(outboxMessages.id))
        .limit(q.limit);
      return rows.map((r) => ({
        id: r.id,
        channel: r.channel,
        to: r.to,
        kind: r.kind,
        subject: r.subject,
        text: r.text,
        code: r.code,
        link: r.link,
        created_at: r.createdAt.toISOString(),
      }));
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;

/** Records every message; with an SMTP URL, emails are also sent. */
export function createNotifier(deps: { outbox: Outbox; smtpUrl?: string; mailFrom: string }): Notifier {
  const transport = deps.smtpUrl ? createTransport(deps.smtpUrl) : null;
  return {
    async send(message) {
      await deps.outbox.record(message);
      if (transport && message.channel === 'email') {
        await transport.sendMail({
          from: deps.mailFrom,
          to: message.to,
          subject: message.subject ?? 'Vitrine',
          text: message.text,
        });
      }
    },
  };
}

/**
 * An email's text with its link beneath it, absolute on the web's origin (as the alerts' emails carry theirs), and
 * the link itself for the outbox; the text alone without an origin.
 */
export function withLink(
  webOrigin: (() => string) | undefined,
  text: string,
  path: string,
): { text: string; link?: string } {
  if (!webOrigin) return { text };
  const link = new URL(path, webOrigin()).toString();
  return { text: `${text}\n\n${link}`, link };
}

/**
 * An email to a user after commit, without making the caller wait: its own background task (an address the mail
 * server refuses leaves the others sent), the address read then (`contactOf`), nothing without one. `text` may be
 * built then; `path`: the page its link leads to (`withLink`). Nothing without a notifier or a background queue.
 */
export function emailUserLater(
  deps: {
    notifier?: Notifier | undefined;
    background?: Background | undefined;
    webOrigin?: (() => string) | undefined;
  },
  contactOf: (userId: number) => Promise<{ email: string | null } | null | undefined>,
  userId: number | null,
  message: { kind: MessageKind; subject: string; text: string | (() => Promise<string>); path?: string },
): void {
  const { notifier, background } = deps;
  if (!notifier || !background || userId === null) return;
  background.run(async () => {
    const contact = await contactOf(userId);
    if (!contact?.email) return;
    const text = typeof message.text === 'string' ? message.text : await message.text();
    await notifier.send({
      channel: 'email',
      to: contact.email,
      kind: message.kind,
      subject: message.subject,
      ...(message.path ? withLink(deps.webOrigin, text, message.path) : { text }),
    });
  });
}
