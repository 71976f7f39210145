// Helpers for the accounts routes: bodies come form-encoded or as JSON, with snake_case or
// camelCase names; they are normalised, then parsed by the shared schema of packages/domain.
import { AppError, fieldErrors } from '@vitrine/domain';
import { z } from 'zod';
import { VALIDATION_MESSAGE } from './errors';

/** A loose field: a string (forms), or a number/boolean (JSON), read as text. */
export const field = z.union([z.string().max(10_000), z.number(), z.boolean()]).optional();

/** A body of loose fields named `names` (both spellings), read by `pick` and parsed by `parseWith`. */
export function looseBody<const K extends string>(names: readonly K[]) {
  return z.object(Object.fromEntries(names.map((n) => [n, field])) as Record<K, typeof field>);
}

const documented = new WeakMap<z.ZodType, z.ZodType>();

/**
 * The body of a route whose handler reads aliases and parses the shared schema itself (`pick`,
 * `parseWith`): validated as loose fields named as `real`'s, documented in the OpenAPI as `real` (the
 * fields' real types, formats and limits). Build `real` from the schemas the handler parses with.
 */
export function formBody<T extends z.ZodRawShape>(real: z.ZodObject<T>) {
  const loose = looseBody(Object.keys(real.shape) as (keyof T & string)[]);
  documented.set(loose, real);
  return loose;
}

/** What the OpenAPI document shows for a route schema's body (app.ts swagger transform). */
export function documentedBody(schema: unknown): unknown {
  return (schema && documented.get(schema as z.ZodType)) ?? schema;
}

export function text(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return String(value);
}

/** The first given of several spellings. */
export function pick(body: Record<string, unknown>, ...names: string[]): string | undefined {
  for (const n of names) {
    const v = text(body[n]);
    if (v !== undefined) return v;
  }
  return undefined;
}

/** Form booleans: true|false|1|0 (anything else: undefined). */
export function bool(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  const v = text(value)?.toLowerCase();
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  return undefined;
}

/** Parses with a shared schema; failures are the 400 validation-error with `fields`. */
export function parseWith<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new AppError({
      errorType: 'validation-error',
      message: VALIDATION_MESSAGE,
      statusCode: 400,
      fields: fieldErrors(parsed.error),
    });
  }
  return parsed.data;
}

/** A 400 validation-error naming one field. */
export function invalid(field: string, message: string): AppError {
  return new AppError({
    errorType: 'validation-error',
    message: VALIDATION_MESSAGE,
    statusCode: 400,
    fields: { [field]: message },
  });
}
