import { describe, expect, it } from 'vitest';
import { AppError, toApiErrorBody, UNKNOWN_ERROR, UNKNOWN_ERROR_STATUS_CODE } from './errors';
import { isApiErrorBody } from './validation/error-body';

describe('UNKNOWN_ERROR (000 §8)', () => {
  it("is 'unknown-error' / 'An unknown error occurred' with status 0", () => {
    expect(UNKNOWN_ERROR).toEqual({ errorType: 'unknown-error', message: 'An unknown error occurred' });
    expect(UNKNOWN_ERROR_STATUS_CODE).toBe(0);
  });
});

describe('AppError', () => {
  it('carries errorType, message, statusCode and fields', () => {
    const error = new AppError({
      errorType: 'validation',
      message: 'Required input',
      statusCode: 400,
      fields: { title: 'Required input' },
    });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('AppError');
    expect(error.toBody()).toEqual({
      statusCode: 400,
      errorType: 'validation',
      message: 'Required input',
      fields: { title: 'Required input' },
    });
  });

  it('omits fields when there are none and keeps the cause', () => {
    const cause = new Error('db down');
    const error = new AppError({ errorType: 'unknown-error', message: 'x', statusCode: 500, cause });
    expect(error.toBody()).toEqual({ statusCode: 500, errorType: 'unknown-error', message: 'x' });
    expect(error.cause).toBe(cause);
  });
});

describe('toApiErrorBody and isApiErrorBody', () => {
  it('keeps an AppError and hides anything else behind the unknown error', () => {
    const appError = new AppError({ errorType: 'tos_approval_required', message: 'Terms', statusCode: 403 });
    expect(toApiErrorBody(appError)).toEqual(appError.toBody());
    expect(toApiErrorBody(new Error('secret stack detail'), 500)).toEqual({
      statusCode: 500,
      errorType: 'unknown-error',
      message: 'An unknown error occurred',
    });
    expect(toApiErrorBody('boom').statusCode).toBe(0);
  });

  it('recognises the envelope', () => {
    expect(isApiErrorBody({ statusCode: 404, errorType: 'not-found', message: 'Not found' })).toBe(true);
    expect(isApiErrorBody({ statusCode: '404', errorType: 'not-found', message: 'Not found' })).toBe(false);
    expect(isApiErrorBody({ errorType: 'x', message: 'y' })).toBe(false);
    expect(isApiErrorBody(null)).toBe(false);
  });
});
