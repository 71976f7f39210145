import { type ChangeEvent, type FocusEvent, useCallback, useMemo, useState } from 'react';

/** What a shared zod schema offers (structural, so the app needs no direct zod import). */
export interface SafeParser<T> {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/** The first message per top-level field. */
export function messagesByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : '';
    if (key && fields[key] === undefined) fields[key] = issue.message;
  }
  return fields;
}

export interface FieldBinding<K extends string> {
  name: K;
  value: string;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
  onBlur: (event?: FocusEvent) => void;
}

/**
 * Focus moving to the form's submit button: the submit shows every message anyway, and a message
 * appearing on this blur would move the button away from under the pointer before the click lands.
 */
function blurToSubmit(event: FocusEvent | undefined): boolean {
  const next = event?.relatedTarget;
  return (
    typeof HTMLButtonElement !== 'undefined' && next instanceof HTMLButtonElement && next.type === 'submit'
  );
}

/**
 * Form state checked by a shared schema (000 §5): a field's message shows once it was left (blur) or
 * the form was submitted, and follows the text from then on. Server `fields` errors show below their
 * inputs until that input changes. Values are never reset by a failed submit.
 */
export function useForm<K extends string, T>(schema: SafeParser<T>, initial: Record<K, string>) {
  const [values, setValues] = useState<Record<K, string>>(initial);
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<K, string>>>({});

  const clientErrors = useMemo(() => {
    const result = schema.safeParse(values);
    return result.success ? {} : messagesByField(result.error.issues);
  }, [schema, values]);

  const errorFor = useCallback(
    (name: K): string | undefined =>
      serverErrors[name] ?? (touched[name] || submitted ? clientErrors[name] : undefined),
    [serverErrors, touched, submitted, clientErrors],
  );

  const setValue = useCallback((name: K, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setServerErrors((current) => {
      if (current[name] === undefined) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
  }, []);

  const field = (name: K): FieldBinding<K> => ({
    name,
    value: values[name],
    error: errorFor(name),
    onChange: (event) => setValue(name, event.target.value),
    onBlur: (event) => {
      if (blurToSubmit(event)) return;
      setTouched((current) => (current[name] ? current : { ...current, [name]: true }));
    },
  });

  /** Marks the form submitted and answers the parsed values, or null when a field is invalid. */
  const validate = (): T | null => {
    setSubmitted(true);
    const result = schema.safeParse(values);
    return result.success ? result.data : null;
  };

  /** Shows the server's per-field messages (keys renamed through `rename`); answers whether any landed on a field. */
  const applyServerErrors = (fields: Record<string, string> | undefined, rename: Record<string, K> = {}) => {
    if (!fields) return false;
    const next: Partial<Record<K, string>> = {};
    let any = false;
    for (const [key, message] of Object.entries(fields)) {
      const name = (rename[key] ?? key) as K;
      if (Object.hasOwn(values, name)) {
        next[name] = message;
        any = true;
      }
    }
    setServerErrors(next);
    return any;
  };

  const reset = (next: Record<K, string> = initial) => {
    setValues(next);
    setTouched({});
    setSubmitted(false);
    setServerErrors({});
  };

  const hasErrors = Object.keys(clientErrors).length > 0;

  return { values, setValue, field, validate, applyServerErrors, reset, errorFor, hasErrors, submitted };
}
