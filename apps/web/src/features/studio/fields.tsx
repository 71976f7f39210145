import type { ChangeEvent } from 'react';
import { SelectField } from '../../ui/SelectField';
import { TextAreaField } from '../../ui/TextAreaField';
import { TextField } from '../../ui/TextField';

/** What a form section gives each of its fields: value, message (when shown), dirty, and the handlers. */
export interface FieldState<K extends string> {
  value: (name: K) => string;
  error: (name: K) => string | undefined;
  dirty: (name: K) => boolean;
  set: (name: K, value: string) => void;
  touch: (name: K) => void;
  /** Before each input's name (and its error's test id): 'nft-' in the NFT editor. */
  prefix?: string;
}

interface Props<K extends string> {
  form: FieldState<K>;
  name: K;
  label: string;
  type?: string;
  hint?: string;
  className?: string;
  placeholder?: string;
  step?: string;
  min?: string;
  inputMode?: 'decimal' | 'numeric' | 'text';
}

/** A text input bound to an editor section: touched on blur, dirty while unsaved, its rule's message below. */
export function Field<K extends string>({ form, name, label, type = 'text', ...rest }: Props<K>) {
  return (
    <TextField
      {...rest}
      name={`${form.prefix ?? ''}${name}`}
      label={label}
      type={type}
      value={form.value(name)}
      error={form.error(name)}
      data-dirty={form.dirty(name) || undefined}
      onChange={(event: ChangeEvent<HTMLInputElement>) => form.set(name, event.target.value)}
      onBlur={() => form.touch(name)}
    />
  );
}

export function AreaField<K extends string>({ form, name, label, className }: Props<K>) {
  return (
    <TextAreaField
      name={`${form.prefix ?? ''}${name}`}
      label={label}
      className={className}
      value={form.value(name)}
      error={form.error(name)}
      data-dirty={form.dirty(name) || undefined}
      onChange={(event: ChangeEvent<HTMLTextAreaElement>) => form.set(name, event.target.value)}
      onBlur={() => form.touch(name)}
    />
  );
}

export function ChoiceField<K extends string>({
  form,
  name,
  label,
  options,
}: Props<K> & { options: readonly { value: string; label: string }[] }) {
  return (
    <SelectField
      name={`${form.prefix ?? ''}${name}`}
      label={label}
      value={form.value(name)}
      error={form.error(name)}
      data-dirty={form.dirty(name) || undefined}
      onChange={(event: ChangeEvent<HTMLSelectElement>) => {
        form.set(name, event.target.value);
        form.touch(name);
      }}
      onBlur={() => form.touch(name)}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </SelectField>
  );
}
