import { z } from 'zod';
import type { ApiErrorBody } from '../errors';

/** Schema of ApiErrorBody (000 §8), to read an error response safely. */
export const apiErrorBodySchema = z.object({
  statusCode: z.number().int(),
  errorType: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});

/** True for a value shaped like ApiErrorBody. */
export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return apiErrorBodySchema.safeParse(value).success;
}
