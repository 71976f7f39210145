import { z } from 'zod';

/** The error envelope of 000 §8, for the OpenAPI document. */
export const errorBody = z.object({
  statusCode: z.number().int(),
  errorType: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});

export const errorResponses = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  500: errorBody,
};

/** PostgreSQL's int4: larger ids and type numbers are refused as bad input, not sent to the database (a 500). */
const INT4_MAX = 2_147_483_647;

/** A row id in a path, query or body (1 and up). */
export const rowId = z.coerce.number().int().min(1).max(INT4_MAX);

/** A nifty type number in a path or query (0 and up). */
export const typeNumber = z.coerce.number().int().min(0).max(INT4_MAX);
