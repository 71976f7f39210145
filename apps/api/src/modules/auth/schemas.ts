import { z } from 'zod';
import { errorBody, errorResponses } from '../../http/schemas';

/** Error answers of the accounts routes (with the 429 of the rate limits). */
export const accountErrors = { ...errorResponses, 429: errorBody };

export const detail = z.object({ detail: z.string() });
