import { VALIDATION_MESSAGES } from '@vitrine/domain';
import { type FormEvent, useState } from 'react';
import { type SafeParser, useForm } from '../../lib/useForm';
import { Button } from '../../ui/Button';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import styles from './auth.module.css';
import { CALLING_COUNTRIES, DEFAULT_COUNTRY, dialCodeOf } from './countries';
import { PhoneErrorAlert } from './PhoneErrorAlert';
import phoneStyles from './ProfileValidationPage.module.css';
import {
  type PhoneErrorView,
  type PhoneVerification,
  phoneApi,
  phoneErrorView,
  phoneNumberToSend,
} from './phone';
import { StepUpCodeField, useStepUpCode } from './StepUpCodeField';

const phoneFormSchema: SafeParser<{ country: string; phone: string }> = {
  safeParse: (value) => {
    const { country = DEFAULT_COUNTRY, phone = '' } = value as { country?: string; phone?: string };
    return phone.trim() === ''
      ? { success: false, error: { issues: [{ path: ['phone'], message: VALIDATION_MESSAGES.required }] } }
      : { success: true, data: { country, phone } };
  },
};

export interface PhoneNumberFormProps {
  onSent: (answer: PhoneVerification) => void;
}

/** Number entry (000 §4, §5): country (default US) and number; the code goes out by SMS. */
export function PhoneNumberForm({ onSent }: PhoneNumberFormProps) {
  const form = useForm(phoneFormSchema, { country: DEFAULT_COUNTRY, phone: '' });
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<PhoneErrorView | null>(null);
  const stepUp = useStepUpCode();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const input = form.validate();
    if (!input || !stepUp.ready()) return;
    setSubmitting(true);
    setError(null);
    try {
      onSent(await phoneApi.start(phoneNumberToSend(input.phone, dialCodeOf(input.country)), stepUp.code));
    } catch (failure) {
      if (!stepUp.handled(failure)) setError(phoneErrorView(failure));
      setSubmitting(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="phone-number-form">
      <div className={phoneStyles.phoneRow}>
        <SelectField {...form.field('country')} label="Country" disabled={submitting}>
          {CALLING_COUNTRIES.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name} ({country.dial})
            </option>
          ))}
        </SelectField>
        <TextField
          {...form.field('phone')}
          label="Phone number"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="(202) 555-0143"
          leading={dialCodeOf(form.values.country)}
          disabled={submitting}
        />
      </div>
      <StepUpCodeField stepUp={stepUp} disabled={submitting} />
      {error ? <PhoneErrorAlert error={error} /> : null}
      <div className={styles.actions}>
        <Button type="submit" size="lg" fullWidth loading={submitting}>
          {submitting ? 'Sending code…' : 'Send code'}
        </Button>
      </div>
      <p className={phoneStyles.note}>
        We send a 6-digit code by text message. Message and data rates may apply.
      </p>
    </form>
  );
}
