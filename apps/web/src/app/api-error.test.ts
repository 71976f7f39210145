import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorFromBody, isApiError } from './api-error';

describe('ApiError', () => {
  it('takes statusCode, errorType, message and fields from the error envelope', () => {
    const error = apiErrorFromBody(400, {
      statusCode: 400,
      errorType: 'validation-error',
      message: 'Invalid request',
      fields: { page: 'Must be 1 or more' },
    });
    expect(isApiError(error)).toBe(true);
    expect(error).toMatchObject({
      statusCode: 400,
      errorType: 'validation-error',
      message: 'Invalid request',
      fields: { page: 'Must be 1 or more' },
    });
  });

  it('falls back to the HTTP status and the default texts for an answer without an envelope', () => {
    const error = apiErrorFromBody(502, undefined);
    expect(error).toMatchObject({
      statusCode: 502,
      errorType: 'unknown-error',
      message: 'An unknown error occurred',
    });
    expect(error.fields).toBeUndefined();
  });

  it('is status 0 "unknown-error" "An unknown error occurred" before any answer', () => {
    expect(ApiError.unknown()).toMatchObject({
      statusCode: 0,
      errorType: 'unknown-error',
      message: 'An unknown error occurred',
    });
  });
});
