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
