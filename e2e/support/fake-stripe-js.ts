// A stand-in for Stripe.js in the browser tests (nothing may be downloaded here): Playwright answers the page's
// requests to https://js.stripe.com with this script, and to https://api.stripe.com/fake-3ds/… by passing or failing
// the step at the local fake of Stripe's HTTP API (apps/api/src/testing/fake-stripe.ts), which the server under test
// uses as Stripe. It has the parts of Stripe.js the web app calls: `Stripe(pk)`, `elements().create('cardNumber' |
// 'cardExpiry' | 'cardCvc')` with mount, on('change' | 'focus' | 'blur'), update, clear, focus and destroy;
// `retrievePaymentIntent` (its status, read at the fake); `createPaymentMethod` (Stripe's test cards as a new
// PaymentMethod of its test ones each time, `{test id}__{n}`: 4242… pm_card_visa, 4000 0000 0000 0002
// pm_card_visa_chargeDeclined, 4000 0027 6000 3184 pm_card_authenticationRequired; any other number is refused as
// Stripe refuses it); and `handleNextAction`, which shows a page of the bank with Complete and Fail, as Stripe's
// test 3-D Secure page does, and throws, as Stripe.js does, for a PaymentIntent not waiting on a step. Its fields
// are inputs in the page (Stripe's are in its frames): inputs named cardnumber, exp-date and cvc, labelled as Stripe
// labels them.
import type { BrowserContext } from 'playwright-core';
import type { FakeStripe } from '../../apps/api/src/testing/fake-stripe';

/** The publishable key the server under test gives the web app. */
export const FAKE_PUBLISHABLE_KEY = 'pk_test_fake_vitrine';

const SCRIPT = String.raw`(() => {
  const TEST_PMS = {
    '4242424242424242': { id: 'pm_card_visa', last4: '4242' },
    '4000000000000002': { id: 'pm_card_visa_chargeDeclined', last4: '0002' },
    '4000002760003184': { id: 'pm_card_authenticationRequired', last4: '3184' },
  };
  const FIELDS = {
    cardNumber: { name: 'cardnumber', label: 'Credit or debit card number' },
    cardExpiry: { name: 'exp-date', label: 'Credit or debit card expiration date' },
    cardCvc: { name: 'cvc', label: 'Credit or debit card CVC/CVV' },
  };
  function check(type, text) {
    const digits = text.replace(/\s/g, '');
    if (type === 'cardNumber') {
      if (/[^\d\s]/.test(text)) return { complete: false, error: { type: 'validation_error', code: 'invalid_number', message: 'Your card number is invalid.' } };
      return { complete: digits.length === 16 };
    }
    if (type === 'cardExpiry') {
      const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(text.trim());
      if (m && (Number(m[1]) < 1 || Number(m[1]) > 12))
        return { complete: false, error: { type: 'validation_error', code: 'invalid_expiry_month', message: "Your card's expiration date is invalid." } };
      return { complete: Boolean(m) };
    }
    return { complete: /^\d{3,4}$/.test(digits) };
  }
  class Element {
    constructor(type, group) { this.type = type; this.group = group; this.handlers = {}; this.input = null; group[type] = this; }
    on(event, handler) { (this.handlers[event] = this.handlers[event] || []).push(handler); return this; }
    emit(event, payload) { for (const h of this.handlers[event] || []) h(payload); }
    state() {
      const text = this.input ? this.input.value : '';
      const read = check(this.type, text);
      return { elementType: this.type, empty: text === '', complete: read.complete, error: read.error };
    }
    mount(host) {
      const input = document.createElement('input');
      input.name = FIELDS[this.type].name;
      input.setAttribute('aria-label', FIELDS[this.type].label);
      input.style.border = '0';
      input.style.outline = 'none';
      input.style.width = '100%';
      input.style.font = 'inherit';
      input.style.background = 'transparent';
      input.addEventListener('input', () => this.emit('change', this.state()));
      input.addEventListener('focus', () => this.emit('focus', { elementType: this.type }));
      input.addEventListener('blur', () => this.emit('blur', { elementType: this.type }));
      host.appendChild(input);
      this.input = input;
      window.__fakeStripe.mounted.push(this.type);
    }
    update(options) { if (this.input && 'disabled' in options) this.input.disabled = Boolean(options.disabled); }
    clear() { if (this.input) { this.input.value = ''; this.emit('change', this.state()); } }
    focus() { if (this.input) this.input.focus(); }
    destroy() { if (this.input) this.input.remove(); this.input = null; }
  }
  function bankPage(intentId) {
    return new Promise((resolve) => {
      const page = document.createElement('div');
      page.setAttribute('role', 'dialog');
      page.setAttribute('aria-label', 'Stripe test 3D Secure page');
      page.dataset.testid = 'fake-stripe-3ds';
      page.style.position = 'fixed';
      page.style.inset = '0';
      page.style.zIndex = '2147483647';
      page.style.background = 'white';
      const say = document.createElement('p');
      say.textContent = 'Stripe test 3D Secure page: complete or fail the authentication of ' + intentId + '.';
      page.appendChild(say);
      for (const [label, result] of [['Complete', 'pass'], ['Fail', 'fail']]) {
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = label;
        button.addEventListener('click', async () => {
          await fetch('https://api.stripe.com/fake-3ds/' + intentId + '?result=' + result, { method: 'POST' });
          page.remove();
          resolve(result);
        });
        page.appendChild(button);
      }
      document.body.appendChild(page);
    });
  }
  window.__fakeStripe = { keys: [], mounted: [], paymentMethods: [], steps: [], failNext: null };
  window.Stripe = function Stripe(key) {
    if (!/^pk_test_/.test(key)) throw new Error('Invalid API Key provided: ' + key);
    window.__fakeStripe.keys.push(key);
    return {
      elements() {
        const group = {};
        return { create: (type) => new Element(type, group), getElement: (type) => group[type] || null };
      },
      async createPaymentMethod({ type, card }) {
        if (type !== 'card' || !card || !card.group) throw new Error('createPaymentMethod: a card element is needed');
        // A test sets this to have Stripe unreachable for the next PaymentMethod (Stripe.js answers such an error).
        if (window.__fakeStripe.failNext) {
          const type = window.__fakeStripe.failNext;
          window.__fakeStripe.failNext = null;
          return { error: { type, message: 'Could not connect to Stripe (api.stripe.com).' } };
        }
        const digits = (card.group.cardNumber && card.group.cardNumber.input ? card.group.cardNumber.input.value : '').replace(/\s/g, '');
        const known = TEST_PMS[digits];
        if (!known)
          return { error: { type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.' } };
        // A new PaymentMethod each time, as Stripe.js makes (the fake API reads the test card before '__').
        const id = known.id + '__' + crypto.randomUUID().slice(0, 8);
        window.__fakeStripe.paymentMethods.push(id);
        return { paymentMethod: { id, object: 'payment_method', type: 'card', card: { brand: 'visa', last4: known.last4 } } };
      },
      async retrievePaymentIntent(clientSecret) {
        const intentId = String(clientSecret).split('_secret_')[0];
        const answer = await fetch('https://api.stripe.com/fake-pi/' + intentId);
        return { paymentIntent: await answer.json() };
      },
      async handleNextAction({ clientSecret }) {
        const intentId = String(clientSecret).split('_secret_')[0];
        // As Stripe.js: a PaymentIntent that is not waiting on a step is an integration error, thrown.
        const { paymentIntent } = await this.retrievePaymentIntent(clientSecret);
        if (paymentIntent.status !== 'requires_action')
          throw new Error('handleNextAction: the PaymentIntent is ' + paymentIntent.status + ', not requires_action');
        window.__fakeStripe.steps.push(intentId);
        const result = await bankPage(intentId);
        return result === 'pass'
          ? { paymentIntent: { id: intentId, status: 'requires_capture' } }
          : { error: { type: 'card_error', code: 'payment_intent_authentication_failure', message: 'We are unable to authenticate your payment method.' } };
      },
    };
  };
  window.Stripe.version = 'endive';
})();`;

/**
 * Serves the stand-in Stripe.js to every page of `context`, and passes or fails a 3-D Secure step at `fake` when the
 * bank's page is answered. `blockScript`: Stripe.js cannot be reached (a blocked or offline script) until called
 * with false.
 */
export async function useFakeStripeJs(
  context: BrowserContext,
  fake: FakeStripe,
): Promise<{ blockScript: (blocked: boolean) => void }> {
  let blocked = false;
  await context.route('https://js.stripe.com/**', (route) =>
    blocked
      ? route.abort('internetdisconnected')
      : route.fulfill({ status: 200, contentType: 'application/javascript', body: SCRIPT }),
  );
  await context.route('https://api.stripe.com/fake-pi/**', async (route) => {
    const id = new URL(route.request().url()).pathname.split('/').pop() ?? '';
    const pi = fake.intent(id);
    await route.fulfill({
      status: pi ? 200 : 404,
      contentType: 'application/json',
      headers: { 'access-control-allow-origin': '*' },
      body: JSON.stringify(pi ? { id: pi.id, object: 'payment_intent', status: pi.status } : {}),
    });
  });
  await context.route('https://api.stripe.com/fake-3ds/**', async (route) => {
    const url = new URL(route.request().url());
    const id = url.pathname.split('/').pop() ?? '';
    fake.authenticate(id, url.searchParams.get('result') === 'fail' ? 'fail' : 'pass');
    await route.fulfill({
      status: 200,
      contentType: 'application/json',
      headers: { 'access-control-allow-origin': '*' },
      body: '{}',
    });
  });
  return {
    blockScript: (value) => {
      blocked = value;
    },
  };
}
