// Payment providers (docs/decisions/009-trading-and-ledger.md). One interface for every payment method of
// 000 §3. A provider either settles on the ledger inside the purchase transaction (`balance`,
// `no_payment_required`) or collects money from outside (`external`: cards now; Stripe, Klarna, Gemini,
// eth and prepaid_eth later), in which case the purchase runs as: authorise (outside the transaction,
// possibly with a second step), then the one purchase transaction (money enters through the payments
// clearing account), then capture after commit, or void when the purchase lost.
import { randomBytes } from 'node:crypto';
import { type PaymentCardSummary, type PaymentMethod, SIM_EXTERNAL_TOKENS } from '@vitrine/domain';

export interface AuthorizeRequest {
  /** Our reference for the payment (`purchase_intent:{id}`): the same reference gets the same answer. */
  reference: string;
  amountCents: number;
  currency: 'USD' | 'ETH';
  /** The tokenised payment method (`pm_sim_…`, `tok_…`); never a card number. */
  paymentToken: string | null;
  /** The user who pays: a card pays only for the user it was made for (its customer at the processor). */
  payerId: number;
}

/** The card that paid, as a receipt shows it: brand and last four digits (never the number). */
export type PaymentCard = PaymentCardSummary;

/** What the buyer must do to finish the step (the domain's nextActionSchema: Stripe's carries the client secret). */
export interface NextAction {
  type: string;
  url?: string;
  clientSecret?: string;
}

export type AuthorizeOutcome =
  /** `card`: the card authorised, when the method is a card and the processor says which. */
  | { status: 'authorized'; providerReference: string; card?: PaymentCard | null }
  | { status: 'requires_action'; providerReference: string; nextAction: NextAction }
  | { status: 'declined'; providerReference: string | null; reason: string };

export interface ExternalPaymentProvider {
  kind: 'external';
  method: PaymentMethod;
  /**
   * How every reference this provider makes begins (Stripe's PaymentIntents `pi_`, the simulated card's `ch_sim_`),
   * when two providers share a method: the rows one wrote are told from the other's (a deposit made with the
   * simulated card before STRIPE_SECRET_KEY was set, which Stripe never heard of), so a sweep asks only its own.
   */
  referencePrefix?: string;
  /** Reserves the money (or asks for a second step). */
  authorize(request: AuthorizeRequest): Promise<AuthorizeOutcome>;
  /** The second step of an authorisation that required one. */
  completeAction(providerReference: string): Promise<AuthorizeOutcome>;
  /**
   * Takes the authorised money (after the purchase committed). Throws `PaymentRefusedError` when the processor
   * refuses it for good (the authorisation lapsed or was voided, the capture declined); any other error (the
   * processor down or slow, a rate limit, our key refused) says nothing of the payment and is worth trying again.
   */
  capture(providerReference: string): Promise<void>;
  /** Releases an authorisation that will not be captured (the purchase lost or expired). */
  void(providerReference: string): Promise<void>;
  /** Gives captured money back. */
  refund(providerReference: string, amountCents: number): Promise<void>;
  /**
   * Whether the money was taken (captured), as the processor knows it now: a capture whose answer was lost may
   * have gone through. Throws when the processor cannot be asked.
   */
  isCaptured(providerReference: string): Promise<boolean>;
  /**
   * The step still waiting on an authorisation, as the buyer's browser needs it again (a checkout read again
   * mid-step). Only a provider whose step runs in the browser with something of its own (Stripe's client secret)
   * has one; null when the authorisation waits on nothing, or the processor cannot be asked.
   */
  nextActionOf?(providerReference: string): Promise<NextAction | null>;
}

/**
 * The processor's answer that an authorisation's money cannot be taken, ever: it lapsed or was voided, or the capture
 * was declined. Only this counts towards giving up on a payment (a drawing win's forfeit); an outage does not.
 */
export class PaymentRefusedError extends Error {
  constructor(
    readonly providerReference: string,
    readonly reason: string,
  ) {
    super(`capture of ${providerReference} refused: ${reason}`);
    this.name = 'PaymentRefusedError';
  }
}

export interface LedgerPaymentProvider {
  kind: 'ledger';
  method: PaymentMethod;
  /** True when the buyer's account pays (balance); false when nothing is paid (no_payment_required). */
  debitsBuyer: boolean;
}

export type PaymentProvider = ExternalPaymentProvider | LedgerPaymentProvider;

export const balanceProvider: LedgerPaymentProvider = {
  kind: 'ledger',
  method: 'balance',
  debitsBuyer: true,
};
export const noPaymentProvider: LedgerPaymentProvider = {
  kind: 'ledger',
  method: 'no_payment_required',
  debitsBuyer: false,
};

// ---- The simulated card processor ----

/** Test cards (the usual processor rules). */
export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declines: '4000000000000002',
  requiresAction: '4000002760003184',
} as const;

type CardBehaviour = 'succeeds' | 'declines' | 'requires_action';

interface SimPaymentMethod {
  id: string;
  brand: 'Visa' | 'Mastercard' | 'American Express';
  last4: string;
  expMonth: number;
  expYear: number;
  behaviour: CardBehaviour;
  /** The user whose browser tokenised it: it pays for them only (as a card attached to their customer at Stripe). */
  ownerId: number;
}

export interface SimCharge {
  id: string;
  reference: string;
  paymentMethodId: string;
  amountCents: number;
  status: 'requires_action' | 'authorized' | 'declined' | 'captured' | 'voided' | 'refunded';
  refundedCents: number;
}

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export type TokenizeResult =
  | { ok: true; paymentMethod: Omit<SimPaymentMethod, 'behaviour' | 'ownerId'> }
  | { ok: false; field: 'number' | 'exp' | 'cvc'; message: string };

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function brandOf(digits: string): SimPaymentMethod['brand'] | null {
  if (digits.startsWith('4')) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'Mastercard';
  if (/^3[47]/.test(digits)) return 'American Express';
  return null;
}

/**
 * The charge life both simulated processors share, as Stripe's PaymentIntents have it: one authorisation per
 * reference, payment method and amount (a retry finds it; another amount is another charge, as Stripe's
 * idempotency key holds the amount, so an authorisation is never reused for a new total), maybe a second step,
 * then capture, void or refund. `outcome` says what an authorisation answers.
 */
function simulatedChargeLife(newId: () => string, outcome: (charge: SimCharge) => AuthorizeOutcome) {
  const charges = new Map<string, SimCharge>();
  const byReference = new Map<string, string>();
  const calls: Pick<
    ExternalPaymentProvider,
    'completeAction' | 'capture' | 'void' | 'isCaptured' | 'refund'
  > = {
    async completeAction(ref) {
      const charge = charges.get(ref);
      if (!charge) return { status: 'declined', providerReference: ref, reason: 'unknown_charge' };
      // A voided authorisation cannot be completed (Stripe refuses to confirm a cancelled PaymentIntent).
      if (charge.status === 'voided')
        return { status: 'declined', providerReference: ref, reason: 'canceled' };
      if (charge.status === 'requires_action') charge.status = 'authorized';
      return outcome(charge);
    },
    async capture(ref) {
      const charge = charges.get(ref);
      if (!charge || (charge.status !== 'authorized' && charge.status !== 'captured')) {
        throw new PaymentRefusedError(ref, charge ? charge.status : 'unknown_charge');
      }
      charge.status = 'captured';
    },
    async void(ref) {
      const charge = charges.get(ref);
      if (charge && (charge.status === 'authorized' || charge.status === 'requires_action')) {
        charge.status = 'voided';
      }
    },
    async isCaptured(ref) {
      const status = charges.get(ref)?.status;
      return status === 'captured' || status === 'refunded';
    },
    async refund(ref, amountCents) {
      const charge = charges.get(ref);
      if (charge?.status !== 'captured') throw new Error(`refund of ${ref}: not captured`);
      charge.refundedCents += amountCents;
      if (charge.refundedCents >= charge.amountCents) charge.status = 'refunded';
    },
  };
  return {
    charges,
    calls,
    authorize(request: AuthorizeRequest, paymentMethodId: string, behaviour: SimBehaviour): AuthorizeOutcome {
      const key = `${request.reference}|${paymentMethodId}|${request.currency}|${request.amountCents}`;
      const known = byReference.get(key);
      const existing = known ? charges.get(known) : undefined;
      if (existing && existing.status !== 'voided') return outcome(existing);
      const charge: SimCharge = {
        id: newId(),
        reference: request.reference,
        paymentMethodId,
        amountCents: request.amountCents,
        status:
          behaviour === 'declines'
            ? 'declined'
            : behaviour === 'requires_action'
              ? 'requires_action'
              : 'authorized',
        refundedCents: 0,
      };
      charges.set(charge.id, charge);
      byReference.set(key, charge.id);
      return outcome(charge);
    },
  };
}

/**
 * A card processor simulated in memory, with the usual test cards: 4242 4242 4242 4242 succeeds,
 * 4000 0000 0000 0002 declines, 4000 0027 6000 3184 needs a second step (then succeeds). It stands where
 * a processor's own servers would: `tokenize` takes the card and keeps only brand, last four digits,
 * expiry and the test behaviour; the API sees only the `pm_sim_…` id. Any other valid card succeeds.
 */
export function createSimulatedCardProcessor(clock: { now(): Date }) {
  const methods = new Map<string, SimPaymentMethod>();

  const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

  function outcome(charge: SimCharge): AuthorizeOutcome {
    if (charge.status === 'declined') {
      return { status: 'declined', providerReference: charge.id, reason: 'card_declined' };
    }
    if (charge.status === 'requires_action') {
      return {
        status: 'requires_action',
        providerReference: charge.id,
        nextAction: { type: 'sim_three_d_secure' },
      };
    }
    const pm = methods.get(charge.paymentMethodId);
    return {
      status: 'authorized',
      providerReference: charge.id,
      card: pm ? { brand: pm.brand, last4: pm.last4 } : null,
    };
  }

  const life = simulatedChargeLife(() => id('ch_sim'), outcome);
  const charges = life.charges;
  const provider: ExternalPaymentProvider = {
    kind: 'external',
    method: 'stripe_card',
    referencePrefix: 'ch_sim_',
    async authorize(request) {
      const pm = request.paymentToken ? methods.get(request.paymentToken) : undefined;
      if (!pm || pm.ownerId !== request.payerId) {
        return { status: 'declined', providerReference: null, reason: 'invalid_payment_method' };
      }
      return life.authorize(request, pm.id, pm.behaviour);
    },
    ...life.calls,
  };

  return {
    provider,
    /** The processor's tokenisation: the card in, an opaque `pm_sim_…` id out. */
    tokenize(card: CardInput, ownerId: number): TokenizeResult {
      const digits = card.number.replace(/[\s-]/g, '');
      if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) {
        return { ok: false, field: 'number', message: 'Your card number is invalid.' };
      }
      const brand = brandOf(digits);
      if (!brand) return { ok: false, field: 'number', message: 'Your card is not supported.' };
      const now = clock.now();
      const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
      const expired =
        year < now.getUTCFullYear() ||
        (year === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1);
      if (card.expMonth < 1 || card.expMonth > 12 || expired) {
        return { ok: false, field: 'exp', message: "Your card's expiration date is invalid." };
      }
      if (!/^\d{3,4}$/.test(card.cvc)) {
        return { ok: false, field: 'cvc', message: "Your card's security code is invalid." };
      }
      const behaviour: CardBehaviour =
        digits === TEST_CARDS.declines
          ? 'declines'
          : digits === TEST_CARDS.requiresAction
            ? 'requires_action'
            : 'succeeds';
      const pm: SimPaymentMethod = {
        id: id('pm_sim'),
        brand,
        last4: digits.slice(-4),
        expMonth: card.expMonth,
        expYear: year,
        behaviour,
        ownerId,
      };
      methods.set(pm.id, pm);
      const { behaviour: _hidden, ownerId: _owner, ...visible } = pm;
      return { ok: true, paymentMethod: visible };
    },
    /** What the processor holds, for tests and the operator. */
    charges: (): SimCharge[] => [...charges.values()],
  };
}

export type SimulatedCardProcessor = ReturnType<typeof createSimulatedCardProcessor>;

// ---- Simulated Klarna and Gemini balance ----

/** Test tokens of the simulated Klarna and Gemini providers (shared with the web: packages/domain). */
export { SIM_EXTERNAL_TOKENS };

type SimBehaviour = 'succeeds' | 'declines' | 'requires_action';

/**
 * An outside payment method simulated in memory, with the same charge life as the card processor
 * (authorise, maybe a second step, capture, void, refund). `behaviourOf` maps the test token to what
 * the provider does; an unknown or missing token is declined with `invalid_payment_method`.
 */
export function createSimulatedExternalProvider(options: {
  method: PaymentMethod;
  prefix: string;
  behaviourOf: (token: string) => SimBehaviour | null;
  declineReason: string;
  nextAction: NextAction;
}) {
  const id = () => `${options.prefix}_${randomBytes(12).toString('hex')}`;

  function outcome(charge: SimCharge): AuthorizeOutcome {
    if (charge.status === 'declined')
      return { status: 'declined', providerReference: charge.id, reason: options.declineReason };
    if (charge.status === 'requires_action')
      return { status: 'requires_action', providerReference: charge.id, nextAction: options.nextAction };
    return { status: 'authorized', providerReference: charge.id };
  }

  const life = simulatedChargeLife(id, outcome);
  const charges = life.charges;
  const provider: ExternalPaymentProvider = {
    kind: 'external',
    method: options.method,
    async authorize(request) {
      const behaviour = request.paymentToken ? options.behaviourOf(request.paymentToken) : null;
      if (!behaviour || !request.paymentToken)
        return { status: 'declined', providerReference: null, reason: 'invalid_payment_method' };
      return life.authorize(request, request.paymentToken, behaviour);
    },
    ...life.calls,
  };
  return { provider, charges: (): SimCharge[] => [...charges.values()] };
}

export type SimulatedExternalProvider = ReturnType<typeof createSimulatedExternalProvider>;

/** Klarna (`stripe_klarna`), simulated: the buyer always goes through Klarna's own step. */
export function createSimulatedKlarna() {
  return createSimulatedExternalProvider({
    method: 'stripe_klarna',
    prefix: 'kl_sim',
    behaviourOf: (token) =>
      token === SIM_EXTERNAL_TOKENS.klarnaDeclines
        ? 'declines'
        : token === SIM_EXTERNAL_TOKENS.klarnaApproves
          ? 'requires_action'
          : null,
    declineReason: 'klarna_declined',
    nextAction: { type: 'sim_klarna_redirect' },
  });
}

/** Gemini balance (`gemini_balance`), simulated: the connected Gemini account pays at once, or not. */
export function createSimulatedGemini() {
  return createSimulatedExternalProvider({
    method: 'gemini_balance',
    prefix: 'gm_sim',
    behaviourOf: (token) =>
      token === SIM_EXTERNAL_TOKENS.geminiFunded
        ? 'succeeds'
        : token === SIM_EXTERNAL_TOKENS.geminiInsufficient
          ? 'declines'
          : null,
    declineReason: 'insufficient_funds',
    nextAction: { type: 'none' },
  });
}
