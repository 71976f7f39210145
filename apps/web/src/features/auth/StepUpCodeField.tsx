// The two-factor code a change asks for when two-factor is on (the API's stepUp): the first try answers 403
// two_factor_required (a code sent by text or email), and the field shows; a wrong code is said under it.
import { INVALID_VERIFICATION_CODE, TWO_FACTOR_CODE_MIN_LENGTH } from '@vitrine/domain';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { TextField } from '../../ui/TextField';
import { isTwoFactorInvalid, STEP_UP_CODE_HINT, type StepUpMethod, twoFactorRequired } from './step-up';

export interface StepUpCode {
  /** The method the code comes by, once asked for; null before. */
  asked: StepUpMethod | null;
  /** The code to send (trimmed), or undefined before it was asked for. */
  code: string | undefined;
  /** False (and the field says why) when the code was asked for and what is typed cannot be one. */
  ready(): boolean;
  /** True when the failure was the step-up's: the field shows, or says the code was wrong. */
  handled(failure: unknown): boolean;
  /** After the action went through: its code is used up, and the next action asks for a new one. */
  reset(): void;
  value: string;
  error: string | null;
  onChange(event: ChangeEvent<HTMLInputElement>): void;
}

export function useStepUpCode(): StepUpCode {
  const [asked, setAsked] = useState<StepUpMethod | null>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  return {
    asked,
    code: asked ? value.trim() : undefined,
    value,
    error,
    onChange: (event) => {
      setValue(event.target.value);
      setError(null);
    },
    ready() {
      if (!asked) return true;
      const typed = value.trim();
      // 000 §5: a two-factor code is required and has at least 5 characters.
      if (!typed) setError('Required');
      else if (typed.length < TWO_FACTOR_CODE_MIN_LENGTH) setError(INVALID_VERIFICATION_CODE);
      else return true;
      return false;
    },
    reset() {
      setAsked(null);
      setValue('');
      setError(null);
    },
    handled(failure) {
      const method = twoFactorRequired(failure);
      if (method) {
        setAsked(method);
        setValue('');
        setError(null);
        return true;
      }
      if (!isTwoFactorInvalid(failure)) return false;
      setError(INVALID_VERIFICATION_CODE);
      return true;
    },
  };
}

/** The code's field, shown once the code was asked for; the keyboard goes to it once it can be typed in. */
export function StepUpCodeField({ stepUp, disabled }: { stepUp: StepUpCode; disabled?: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  const focused = useRef(false);
  // It appears while the request that asked for it is still settling (disabled): focused once it is enabled.
  useEffect(() => {
    if (!stepUp.asked) focused.current = false;
    else if (!disabled && !focused.current) {
      focused.current = true;
      box.current?.querySelector('input')?.focus();
    }
  }, [stepUp.asked, disabled]);
  if (!stepUp.asked) return null;
  return (
    <div ref={box}>
      <TextField
        name="twoFactorCode"
        label="Verification code"
        hint={`Two-factor authentication is on. ${STEP_UP_CODE_HINT[stepUp.asked]}`}
        inputMode="numeric"
        autoComplete="one-time-code"
        value={stepUp.value}
        onChange={stepUp.onChange}
        error={stepUp.error}
        disabled={disabled}
      />
    </div>
  );
}
