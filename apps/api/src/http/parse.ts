// Bodies of the accounts routes: form-encoded or JSON, some fields with several spellings (decision
// 003 "Encodings"). One zod schema per route both validates the body and is what the OpenAPI shows.
import { AppError } from '@vitrine/domain';
import { z } from 'zod';
import { VALIDATION_MESSAGE } from './errors';

/** The spellings of a field, in the order they are read: the first one given wins. */
type Spellings = Record<string, readonly string[]>;
type Body = z.ZodObject | z.ZodDiscriminatedUnion<readonly z.ZodObject[]>;

/**
 * The body of an accounts route. Before `schema` checks it, the body is read as a form sends it
 * (JSON numbers and booleans as text) and each field of `spellings` takes the first of its spellings
 * given; the other spellings are dropped. So the 400 names the field as `schema` does, whichever
 * spelling was sent. The OpenAPI shows `schema` with each other spelling as an optional field
 * ("Alias of …"); a discriminated union (one object per grant type) shows as `oneOf`.
 */
export function formBody<S extends Body>(schema: S, spellings: Spellings = {}) {
  return z.preprocess((raw) => asForm(raw, spellings), withAliases(schema, spellings));
}

/**
 * One body per grant type, told apart by the field `key` (shown as `oneOf`): a missing `key` reads
 * 'Required', an unknown one 'Unsupported grant type'; the fields of other grants are not read.
 */
export function byGrant<const O extends readonly [z.ZodObject, ...z.ZodObject[]]>(key: string, options: O) {
  return z.discriminatedUnion(key, options, {
    error: (issue) => {
      if (issue.code !== 'invalid_union') return undefined;
      const given = (issue.input as Record<string, unknown> | undefined)?.[key];
      return given === undefined ? 'Required' : 'Unsupported grant type';
    },
  });
}

/** A yes/no field: true|false|1|0 (forms) or a JSON boolean; other text reads as not given. */
export const formBoolean = z.preprocess((v) => (typeof v === 'string' ? bool(v) : v), z.boolean().optional());

function bool(value: string): boolean | undefined {
  const v = value.toLowerCase();
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  return undefined;
}

function asForm(raw: unknown, spellings: Spellings): unknown {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  // fromEntries defines own properties: a field named __proto__ stays a field.
  const body: Record<string, unknown> = Object.fromEntries(
    Object.entries(raw).map(([name, v]) => [
      name,
      typeof v === 'number' || typeof v === 'boolean' ? String(v) : v,
    ]),
  );
  for (const [field, names] of Object.entries(spellings)) {
    const given = names.find((n) => body[n] !== undefined);
    const value = given === undefined ? undefined : body[given];
    for (const n of names) delete body[n];
    if (value !== undefined) body[field] = value;
  }
  return body;
}

/** `schema` with the other spellings of its fields as optional fields, for the document only. */
function withAliases<S extends Body>(schema: S, spellings: Spellings): S {
  const extend = (o: z.ZodObject) => {
    const aliases: Record<string, z.ZodType> = {};
    for (const [field, names] of Object.entries(spellings)) {
      const real = o.shape[field];
      if (!real) continue;
      for (const n of names) {
        if (n !== field) aliases[n] = real.optional().describe(`Alias of ${field}`);
      }
    }
    return o.extend(aliases);
  };
  if (schema instanceof z.ZodDiscriminatedUnion) {
    // The same union (discriminator, options' order, its error messages) over the extended options;
    // the aliases never reach it (asForm drops them), so its output type is unchanged.
    return schema.clone({ ...schema._zod.def, options: schema.options.map((o) => extend(o)) }) as S;
  }
  return extend(schema as z.ZodObject) as S;
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
