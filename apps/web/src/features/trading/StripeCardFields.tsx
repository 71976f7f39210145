import type { StripeCardElementOptions, StripeElementChangeEvent } from '@stripe/stripe-js';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../ui/Button';
import fieldStyles from '../../ui/Field.module.css';
import { FormAlert } from '../../ui/FormAlert';
import styles from './CardFields.module.css';
import type { CardErrors, CardFields as CardValues, StripeFields } from './card-form';
import {
  CARD_FORM_UNAVAILABLE_MESSAGE,
  EMPTY_FIELD,
  fieldAfter,
  type StripeCardElements,
  type StripeFieldState,
} from './stripe-card';

type FieldName = 'number' | 'expiry' | 'cvc';

/** Stripe's fields in our fields' look: their text is drawn inside Stripe's frames, so it is given, not inherited. */
function elementStyle(): StripeCardElementOptions['style'] {
  const css = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    base: {
      fontSize: '16px',
      fontFamily: getComputedStyle(document.body).fontFamily,
      color: read('--color-text', '#111'),
      '::placeholder': { color: read('--color-text-subtle', '#888') },
    },
    invalid: { color: read('--color-error', '#b00020') },
  };
}

/**
 * The card entry with Stripe (CardFields, when the server gave Stripe's publishable key): number, expiry and CVC in
 * Stripe's own fields, laid out and labelled as ours, each with its message below it. The card never reaches our
 * code: the form holds the fields' states (`value.stripe`) and Stripe makes the PaymentMethod when the form pays.
 * Emptied when the form is (`value` without `stripe`, after it paid).
 */
export function StripeCardFields({
  value,
  onChange,
  disabled,
  namePrefix,
  testId,
  errors,
}: {
  value: CardValues;
  onChange: (next: CardValues) => void;
  disabled: boolean;
  namePrefix: string;
  testId?: string | undefined;
  errors: CardErrors | null;
}) {
  const id = useId();
  const hosts = {
    number: useRef<HTMLDivElement>(null),
    expiry: useRef<HTMLDivElement>(null),
    cvc: useRef<HTMLDivElement>(null),
  };
  const mounted = useRef<StripeCardElements | null>(null);
  const states = useRef<Record<FieldName, StripeFieldState>>({
    number: EMPTY_FIELD,
    expiry: EMPTY_FIELD,
    cvc: EMPTY_FIELD,
  });
  const changed = useRef(onChange);
  changed.current = onChange;
  const [focused, setFocused] = useState<FieldName | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // Stripe's fields are mounted (the disabled state is given to them from then on).
  const [ready, setReady] = useState(false);

  /** The fields' states as the form's value: each text is its field's version (a message goes once it is edited). */
  const report = () => {
    const elements = mounted.current;
    if (!elements) return;
    const s = states.current;
    const stripe: StripeFields = { elements, number: s.number, expiry: s.expiry, cvc: s.cvc };
    changed.current({
      number: String(s.number.version),
      expiry: String(s.expiry.version),
      cvc: String(s.cvc.version),
      stripe,
    });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: mounted once per load attempt (`attempt`: Try again); `report` and the hosts are refs.
  useEffect(() => {
    let gone = false;
    setFailed(false);
    void (async () => {
      try {
        const { stripeJs } = await import('./stripe-js');
        const stripe = await stripeJs();
        const [numberHost, expiryHost, cvcHost] = [
          hosts.number.current,
          hosts.expiry.current,
          hosts.cvc.current,
        ];
        if (gone || !numberHost || !expiryHost || !cvcHost) return;
        const group = stripe.elements();
        const style = elementStyle();
        const number = group.create('cardNumber', { style, showIcon: true });
        const expiry = group.create('cardExpiry', { style });
        const cvc = group.create('cardCvc', { style });
        number.mount(numberHost);
        expiry.mount(expiryHost);
        cvc.mount(cvcHost);
        mounted.current = { id: crypto.randomUUID(), stripe, number, expiry, cvc };
        setReady(true);
        const follow = (name: FieldName) => (event: StripeElementChangeEvent) => {
          states.current = { ...states.current, [name]: fieldAfter(states.current[name], event) };
          report();
        };
        number.on('change', follow('number'));
        expiry.on('change', follow('expiry'));
        cvc.on('change', follow('cvc'));
        const focus = (name: FieldName) => () => setFocused(name);
        const blur = (name: FieldName) => () => setFocused((now) => (now === name ? null : now));
        number.on('focus', focus('number')).on('blur', blur('number'));
        expiry.on('focus', focus('expiry')).on('blur', blur('expiry'));
        cvc.on('focus', focus('cvc')).on('blur', blur('cvc'));
        report();
      } catch {
        if (!gone) setFailed(true);
      }
    })();
    return () => {
      gone = true;
      const elements = mounted.current;
      mounted.current = null;
      setReady(false);
      elements?.number.destroy();
      elements?.expiry.destroy();
      elements?.cvc.destroy();
    };
  }, [attempt]);

  // The form emptied the card (it paid): Stripe's fields are emptied too.
  const emptied = value.stripe === undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `report` reads refs.
  useEffect(() => {
    const elements = mounted.current;
    if (!emptied || !elements) return;
    elements.number.clear();
    elements.expiry.clear();
    elements.cvc.clear();
    states.current = { number: EMPTY_FIELD, expiry: EMPTY_FIELD, cvc: EMPTY_FIELD };
    report();
  }, [emptied]);

  useEffect(() => {
    const elements = mounted.current;
    if (!ready || !elements) return;
    for (const element of [elements.number, elements.expiry, elements.cvc]) element.update({ disabled });
  }, [disabled, ready]);

  const field = (name: FieldName, label: string) => {
    const error = errors?.[name] ?? null;
    const labelId = `${id}-${name}-label`;
    return (
      <div className={fieldStyles.field}>
        <div className={fieldStyles.labelRow}>
          {/* Stripe's field lives in its frame: a click on the label focuses it, as a label does an input. */}
          {/* biome-ignore lint/a11y/noStaticElementInteractions: the frame's own input is labelled by Stripe. */}
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard reaches the field itself by Tab. */}
          <span id={labelId} className={fieldStyles.label} onClick={() => mounted.current?.[name].focus()}>
            {label}
          </span>
        </div>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: the box only hands a programmatic focus to Stripe's field. */}
        <div
          ref={hosts[name]}
          className={`${fieldStyles.input} ${styles.stripeInput}`}
          data-name={`${namePrefix}${name[0]?.toUpperCase()}${name.slice(1)}`}
          data-focused={focused === name ? true : undefined}
          data-invalid={error ? true : undefined}
          // A refused submit puts the keyboard at the first field with a message (ui/focus-first-invalid): here
          // that is Stripe's field in its frame.
          tabIndex={error ? -1 : undefined}
          onFocus={(event) => {
            if (event.target === event.currentTarget) mounted.current?.[name].focus();
          }}
          data-disabled={disabled ? true : undefined}
        />
        {error ? (
          <p
            className={fieldStyles.error}
            data-testid={`field-error-${namePrefix}${name[0]?.toUpperCase()}${name.slice(1)}`}
          >
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <div className={styles.fields} data-testid={testId} data-card-form="stripe">
      {failed ? (
        <FormAlert
          testId={`${testId ?? 'card-form'}-unavailable`}
          action={
            <Button type="button" variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </Button>
          }
        >
          {CARD_FORM_UNAVAILABLE_MESSAGE}
        </FormAlert>
      ) : null}
      {field('number', 'Card number')}
      <div className={styles.row}>
        {field('expiry', 'Expiry (MM/YY)')}
        {field('cvc', 'CVC')}
      </div>
    </div>
  );
}
