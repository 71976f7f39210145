// A local fake of Stripe's HTTP API for tests: a node http server on 127.0.0.1:0 implementing just the
// calls the Stripe provider makes (PaymentIntents create / retrieve / capture / cancel, refunds), with
// Stripe's answers and errors, idempotency keys (a replayed key answers the first answer) and the test
// payment methods: pm_card_visa succeeds, pm_card_visa_chargeDeclined declines (402 card_error),
// pm_card_authenticationRequired (4000 0027 6000 3184) needs 3-D Secure; `{one of them}__{n}` is the same card, as a
// PaymentMethod a stand-in Stripe.js made (e2e/support/fake-stripe-js.ts). The buyer's 3-D Secure step
// (done by Stripe.js in a browser) is `POST /fake/3ds/{id}?result=pass|fail`, or `authenticate(id)`.
// A retrieve with `expand[]=payment_method` answers the PaymentMethod object (its `card.brand`, `card.last4`).
// Customers (`POST /v1/customers`) and a PaymentMethod's attachment to one (`GET /v1/payment_methods/{id}`,
// `POST /v1/payment_methods/{id}/attach`) as Stripe has them: a PaymentMethod confirmed on a PaymentIntent without
// a customer may not be used again; one attached to a customer pays only with that customer named; attaching
// Stripe's own test ids (`pm_card_visa`) makes a new PaymentMethod each time, as Stripe's test mode does.
// It also builds the webhook events Stripe would send, for the test to sign.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_STRIPE_KEY = 'sk_test_fake_vitrine';
export const FAKE_WEBHOOK_SECRET = 'whsec_fake_vitrine_test_secret';

/** Stripe's test PaymentMethods (the 4242, 0002 and 3184 cards). */
export const STRIPE_TEST_PMS = {
  succeeds: 'pm_card_visa',
  declines: 'pm_card_visa_chargeDeclined',
  requiresAction: 'pm_card_authenticationRequired',
} as const;

/** The cards behind the test PaymentMethods, as Stripe describes them (`card.brand`, `card.last4`). */
const TEST_PM_CARDS: Record<string, { brand: string; last4: string }> = {
  [STRIPE_TEST_PMS.succeeds]: { brand: 'visa', last4: '4242' },
  [STRIPE_TEST_PMS.declines]: { brand: 'visa', last4: '0002' },
  [STRIPE_TEST_PMS.requiresAction]: { brand: 'visa', last4: '3184' },
};

/**
 * The test PaymentMethod behind an id: Stripe's own test ids, or one a stand-in Stripe.js made for a test card
 * (`{test id}__{n}`: Stripe.js makes a new PaymentMethod each time a card is paid with).
 */
export function testPaymentMethodOf(id: string): string {
  return id.split('__')[0] ?? id;
}

/** A test PaymentMethod as `GET /v1/payment_methods/{id}` (or an expanded `payment_method`) answers it. */
function paymentMethodObject(id: string, customer: string | null = null) {
  const card = TEST_PM_CARDS[testPaymentMethodOf(id)];
  return {
    id,
    object: 'payment_method',
    customer,
    type: 'card',
    card: card
      ? {
          brand: card.brand,
          last4: card.last4,
          exp_month: 12,
          exp_year: 2034,
          country: 'US',
          funding: 'credit',
        }
      : null,
    livemode: false,
  };
}

/** Whether a GET asked to expand `field` (`expand[]=…` or `expand[0]=…`, as the SDK sends it). */
function expands(form: URLSearchParams, field: string): boolean {
  for (const [k, v] of form) if (/^expand\[\d*\]$/.test(k) && v === field) return true;
  return false;
}

interface FakeIntent {
  id: string;
  object: 'payment_intent';
  /** What Stripe.js is given to run the buyer's step in the browser (`{id}_secret_…`). */
  client_secret: string;
  amount: number;
  amount_capturable: number;
  amount_received: number;
  currency: string;
  status: 'requires_payment_method' | 'requires_action' | 'requires_capture' | 'succeeded' | 'canceled';
  capture_method: string;
  customer: string | null;
  payment_method: string | null;
  metadata: Record<string, string>;
  next_action: null | { type: string; redirect_to_url?: { url: string; return_url: string | null } };
  last_payment_error: null | { type: string; code: string; decline_code?: string; message: string };
  latest_charge: string | null;
  canceled_at: number | null;
  created: number;
  livemode: false;
  /** Not Stripe's: what was refunded, for tests. */
  amount_refunded: number;
}

export interface FakeStripeRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  replayed: boolean;
}

type Answer = { status: number; body: unknown };

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function stripeError(status: number, error: Record<string, unknown>): Answer {
  return { status, body: { error } };
}

const unexpectedState = (pi: FakeIntent, action: string): Answer =>
  stripeError(400, {
    type: 'invalid_request_error',
    code: 'payment_intent_unexpected_state',
    message: `This PaymentIntent could not be ${action} because it has a status of ${pi.status}.`,
    payment_intent: pi,
  });

export async function startFakeStripe() {
  const intents = new Map<string, FakeIntent>();
  const refunds: { id: string; payment_intent: string; amount: number }[] = [];
  /** Answers by idempotency key, with the parameters they were first used with (Stripe refuses others). */
  const idempotent = new Map<string, { answer: Answer; params: string }>();
  const requests: FakeStripeRequest[] = [];
  /** Outages to come: the next `times` POSTs whose path ends with `suffix` answer 500 (see `failNext`). */
  const outages: { suffix: string; times: number }[] = [];
  const customers = new Set<string>();
  /** The customer each attached PaymentMethod belongs to. */
  const attachedTo = new Map<string, string>();
  /** PaymentMethods confirmed on a PaymentIntent without a customer: Stripe refuses them after that. */
  const usedOnce = new Set<string>();
  let base = '';

  const isTestPm = (id: string) =>
    (Object.values(STRIPE_TEST_PMS) as string[]).includes(testPaymentMethodOf(id));
  /** Stripe's own test ids (not one a stand-in Stripe.js made): a new PaymentMethod on each use. */
  const isShortcut = (id: string) => (Object.values(STRIPE_TEST_PMS) as string[]).includes(id);
  const noSuchPm = (id: string, param = 'payment_method') =>
    stripeError(404, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      param,
      message: `No such PaymentMethod: '${id}'`,
    });
  const usedAlready = () =>
    stripeError(400, {
      type: 'invalid_request_error',
      param: 'payment_method',
      message:
        'The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.',
    });

  function attach(id: string, form: URLSearchParams): Answer {
    if (!isTestPm(id)) return noSuchPm(id, 'payment_method');
    const customer = form.get('customer') ?? '';
    if (!customers.has(customer)) {
      return stripeError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'customer',
        message: `No such customer: '${customer}'`,
      });
    }
    if (usedOnce.has(id)) return usedAlready();
    // Stripe checks a card as it is attached: its decline cards fail there (only 4000 0000 0000 0341 attaches).
    if (testPaymentMethodOf(id) === STRIPE_TEST_PMS.declines) {
      return stripeError(402, {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      });
    }
    const owner = attachedTo.get(id);
    if (owner && owner !== customer) {
      return stripeError(400, {
        type: 'invalid_request_error',
        param: 'payment_method',
        message: 'The payment method you provided has already been attached to a customer.',
      });
    }
    const attached = isShortcut(id) ? `${id}__att_${randomBytes(6).toString('hex')}` : id;
    attachedTo.set(attached, customer);
    return { status: 200, body: paymentMethodObject(attached, customer) };
  }

  function createIntent(form: URLSearchParams): Answer {
    const amount = Number(form.get('amount'));
    const currency = form.get('currency') ?? '';
    if (!Number.isInteger(amount) || amount < 50 || !currency) {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'parameter_invalid_integer',
        param: 'amount',
        message: 'Amount must be at least $0.50 usd',
      });
    }
    const pm = form.get('payment_method');
    const test = pm ? testPaymentMethodOf(pm) : null;
    if (pm && !isTestPm(pm)) {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'payment_method',
        message: `No such PaymentMethod: '${pm}'`,
      });
    }
    const customer = form.get('customer');
    if (customer && !customers.has(customer)) {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'customer',
        message: `No such customer: '${customer}'`,
      });
    }
    if (pm && (attachedTo.get(pm) ?? null) !== (customer ?? null) && !(isShortcut(pm) && !customer)) {
      return stripeError(400, {
        type: 'invalid_request_error',
        param: 'payment_method',
        message: customer
          ? `The customer does not have a payment method with the ID ${pm}. The payment method must be attached to the customer.`
          : "The provided PaymentMethod belongs to a Customer, please also provide that Customer's id.",
      });
    }
    if (pm && !customer && usedOnce.has(pm)) return usedAlready();
    const metadata: Record<string, string> = {};
    for (const [k, v] of form) {
      const m = /^metadata\[(.+)\]$/.exec(k);
      if (m?.[1]) metadata[m[1]] = v;
    }
    const id = newId('pi_fake');
    const pi: FakeIntent = {
      id,
      object: 'payment_intent',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      amount,
      amount_capturable: 0,
      amount_received: 0,
      currency,
      status: 'requires_payment_method',
      capture_method: form.get('capture_method') ?? 'automatic_async',
      customer: customer ?? null,
      payment_method: pm,
      metadata,
      next_action: null,
      last_payment_error: null,
      latest_charge: null,
      canceled_at: null,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      amount_refunded: 0,
    };
    intents.set(pi.id, pi);
    if (form.get('confirm') !== 'true' || !pm) return { status: 200, body: pi };
    if (!customer && !isShortcut(pm)) usedOnce.add(pm);
    if (test === STRIPE_TEST_PMS.declines) {
      pi.last_payment_error = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      };
      pi.payment_method = null;
      return stripeError(402, {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
        payment_intent: pi,
      });
    }
    if (test === STRIPE_TEST_PMS.requiresAction) {
      pi.status = 'requires_action';
      pi.next_action = {
        type: 'redirect_to_url',
        redirect_to_url: { url: `${base}/fake/3ds/${pi.id}`, return_url: null },
      };
      return { status: 200, body: pi };
    }
    authorise(pi);
    return { status: 200, body: pi };
  }

  function authorise(pi: FakeIntent): void {
    pi.latest_charge = newId('ch_fake');
    pi.next_action = null;
    if (pi.capture_method === 'manual') {
      pi.status = 'requires_capture';
      pi.amount_capturable = pi.amount;
    } else {
      pi.status = 'succeeded';
      pi.amount_received = pi.amount;
    }
  }

  function route(method: string, path: string, form: URLSearchParams): Answer {
    if (method === 'POST' && path === '/v1/payment_intents') return createIntent(form);
    if (method === 'POST' && path === '/v1/customers') {
      const metadata: Record<string, string> = {};
      for (const [k, v] of form) {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m?.[1]) metadata[m[1]] = v;
      }
      const id = newId('cus_fake');
      customers.add(id);
      return { status: 200, body: { id, object: 'customer', metadata, livemode: false } };
    }
    const pmPath = /^\/v1\/payment_methods\/([^/]+)(\/attach)?$/.exec(path);
    if (pmPath?.[1]) {
      const id = decodeURIComponent(pmPath[1]);
      if (method === 'POST' && pmPath[2]) return attach(id, form);
      if (method === 'GET' && !pmPath[2]) {
        if (!isTestPm(id)) return noSuchPm(id, 'id');
        return { status: 200, body: paymentMethodObject(id, attachedTo.get(id) ?? null) };
      }
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const pi = intents.get(form.get('payment_intent') ?? '');
      if (!pi)
        return stripeError(404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: 'No such payment_intent',
        });
      if (pi.status !== 'succeeded') {
        return stripeError(400, {
          type: 'invalid_request_error',
          code: 'charge_not_captured',
          message: 'This PaymentIntent has not been captured.',
        });
      }
      const amount = form.get('amount')
        ? Number(form.get('amount'))
        : pi.amount_received - pi.amount_refunded;
      if (amount > pi.amount_received - pi.amount_refunded) {
        return stripeError(400, {
          type: 'invalid_request_error',
          code: 'amount_too_large',
          message: 'Refund amount is greater than unrefunded amount.',
        });
      }
      pi.amount_refunded += amount;
      const refund = {
        id: newId('re_fake'),
        object: 'refund',
        payment_intent: pi.id,
        amount,
        status: 'succeeded',
      };
      refunds.push(refund);
      return { status: 200, body: refund };
    }
    const m = /^\/v1\/payment_intents\/([^/]+)(?:\/(capture|cancel))?$/.exec(path);
    const pi = m?.[1] ? intents.get(m[1]) : undefined;
    if (m && !pi) {
      return stripeError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such payment_intent: '${m[1]}'`,
      });
    }
    if (pi && method === 'GET' && !m?.[2]) {
      const expanded =
        expands(form, 'payment_method') && pi.payment_method
          ? { ...pi, payment_method: paymentMethodObject(pi.payment_method, pi.customer) }
          : pi;
      return { status: 200, body: expanded };
    }
    if (pi && method === 'POST' && m?.[2] === 'capture') {
      if (pi.status !== 'requires_capture') return unexpectedState(pi, 'captured');
      pi.status = 'succeeded';
      pi.amount_received = pi.amount;
      pi.amount_capturable = 0;
      return { status: 200, body: pi };
    }
    if (pi && method === 'POST' && m?.[2] === 'cancel') {
      if (pi.status === 'succeeded' || pi.status === 'canceled') return unexpectedState(pi, 'canceled');
      pi.status = 'canceled';
      pi.amount_capturable = 0;
      pi.next_action = null;
      pi.canceled_at = Math.floor(Date.now() / 1000);
      return { status: 200, body: pi };
    }
    return stripeError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  /** The buyer's 3-D Secure step (Stripe.js in the browser): passed or failed. */
  function authenticate(id: string, result: 'pass' | 'fail' = 'pass'): FakeIntent {
    const pi = intents.get(id);
    if (pi?.status !== 'requires_action') throw new Error(`fake stripe: ${id} is not waiting for 3-D Secure`);
    if (result === 'pass') {
      authorise(pi);
    } else {
      pi.status = 'requires_payment_method';
      pi.next_action = null;
      pi.last_payment_error = {
        type: 'card_error',
        code: 'payment_intent_authentication_failure',
        message: 'The provided PaymentMethod has failed authentication.',
      };
    }
    return pi;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', base);
    const raw = await readBody(req);
    const send = (a: Answer, headers: Record<string, string> = {}) => {
      res.writeHead(a.status, { 'content-type': 'application/json', 'request-id': newId('req'), ...headers });
      res.end(JSON.stringify(a.body));
    };
    const three = /^\/fake\/3ds\/([^/]+)$/.exec(url.pathname);
    if (three?.[1] && req.method === 'POST') {
      try {
        send({
          status: 200,
          body: authenticate(three[1], url.searchParams.get('result') === 'fail' ? 'fail' : 'pass'),
        });
      } catch (error) {
        send(stripeError(400, { type: 'invalid_request_error', message: (error as Error).message }));
      }
      return;
    }
    if (req.headers.authorization !== `Bearer ${FAKE_STRIPE_KEY}`) {
      send(stripeError(401, { type: 'invalid_request_error', message: 'Invalid API Key provided' }));
      return;
    }
    const method = req.method ?? 'GET';
    const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
    const scoped = key ? `${method} ${url.pathname} ${key}` : null;
    const earlier = scoped ? idempotent.get(scoped) : undefined;
    requests.push({ method, path: url.pathname, idempotencyKey: key, replayed: earlier !== undefined });
    if (earlier) {
      if (method === 'POST' && earlier.params !== raw) {
        send(
          stripeError(400, {
            type: 'idempotency_error',
            message:
              'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          }),
        );
        return;
      }
      send(earlier.answer, { 'idempotent-replayed': 'true' });
      return;
    }
    // The answer as it was then (a copy): a replay answers the first answer, not today's state. An outage's 500 is
    // kept under its key too, as Stripe keeps every answer of a request that began to run.
    const outage = outages.find((o) => o.times > 0 && method === 'POST' && url.pathname.endsWith(o.suffix));
    if (outage) outage.times -= 1;
    const answer = outage
      ? stripeError(500, { type: 'api_error', message: 'An error occurred with our connection to Stripe.' })
      : route(method, url.pathname, new URLSearchParams(method === 'GET' ? url.search : raw));
    const frozen = { status: answer.status, body: JSON.parse(JSON.stringify(answer.body)) as unknown };
    if (scoped && method === 'POST') idempotent.set(scoped, { answer: frozen, params: raw });
    send(frozen);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** An event as Stripe sends it, about `object`. */
  const envelope = (type: string, object: unknown): string =>
    JSON.stringify({
      id: newId('evt_fake'),
      object: 'event',
      type,
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object },
    });

  return {
    /** The API origin to give the app as STRIPE_API_BASE. */
    url: base,
    intents: (): FakeIntent[] => [...intents.values()],
    intent: (id: string): FakeIntent | undefined => intents.get(id),
    refunds: () => [...refunds],
    requests: (): FakeStripeRequest[] => [...requests],
    /** The customer a PaymentMethod is attached to, if any. */
    customerOf: (pmId: string): string | null => attachedTo.get(pmId) ?? null,
    /** A customer deleted (in the Dashboard, say): its PaymentMethods are detached and may not be used again. */
    deleteCustomer(id: string): void {
      customers.delete(id);
      for (const [pm, owner] of attachedTo) {
        if (owner !== id) continue;
        attachedTo.delete(pm);
        usedOnce.add(pm);
      }
    },
    authenticate,
    /**
     * Stripe failing: the next `times` POSTs whose path ends with `suffix` (`/capture`, `/cancel`,
     * `/payment_intents`) answer 500, kept under their idempotency key and replayed to it as Stripe does.
     */
    failNext(suffix: string, times = 1): void {
      outages.push({ suffix, times });
    },
    /** The event Stripe would send about a PaymentIntent now (`payment_intent.*`, `charge.refunded`). */
    event(type: string, piId: string): string {
      const pi = intents.get(piId);
      if (!pi) throw new Error(`fake stripe: no ${piId}`);
      const object =
        type === 'charge.refunded'
          ? {
              id: pi.latest_charge,
              object: 'charge',
              amount: pi.amount,
              amount_refunded: pi.amount_refunded,
              payment_intent: pi.id,
              refunded: pi.amount_refunded >= pi.amount,
            }
          : pi;
      return envelope(type, object);
    },
    /**
     * A `charge.dispute.*` event about a PaymentIntent's charge (one of the fake's, or any id with `amount` given):
     * disputed for `amount` (all of it by default), with the balance transactions Stripe has made for it by then:
     * after `withdrawn` the funds withdrawn (the amount and Stripe's `fee`), after `reinstated` also the amount
     * given back (and `reinstatedFee`, negative when Stripe gives its fee back too).
     */
    disputeEvent(
      type: string,
      piId: string,
      options: {
        id: string;
        status: string;
        amount?: number;
        fee?: number;
        withdrawn?: boolean;
        reinstated?: boolean;
        reinstatedFee?: number;
      },
    ): string {
      const pi = intents.get(piId);
      const amount = options.amount ?? pi?.amount;
      if (amount === undefined) throw new Error(`fake stripe: no ${piId}`);
      const fee = options.fee ?? 1_500;
      const balanceTransaction = (id: string, n: number, f: number) => ({
        id,
        object: 'balance_transaction',
        amount: n,
        fee: f,
        net: n - f,
        currency: 'usd',
        reporting_category: n < 0 ? 'dispute' : 'dispute_reversal',
        type: 'adjustment',
      });
      const object = {
        id: options.id,
        object: 'dispute',
        amount,
        currency: 'usd',
        charge: pi?.latest_charge ?? `ch_of_${piId}`,
        payment_intent: piId,
        reason: 'fraudulent',
        status: options.status,
        // Stable ids per dispute: a later event lists the same transactions again, as Stripe's do.
        balance_transactions: [
          ...(options.withdrawn || options.reinstated
            ? [balanceTransaction(`txn_${options.id}_withdrawn`, -amount, fee)]
            : []),
          ...(options.reinstated
            ? [balanceTransaction(`txn_${options.id}_reinstated`, amount, options.reinstatedFee ?? 0)]
            : []),
        ],
      };
      return envelope(type, object);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
