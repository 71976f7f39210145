// One error hook turns every failure into the spec's envelope { statusCode, errorType, message } (000 §8).
import { type ApiErrorBody, AppError } from '@vitrine/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

export const VALIDATION_MESSAGE = 'Invalid request';
const UNKNOWN: Omit<ApiErrorBody, 'statusCode'> = {
  errorType: 'unknown-error',
  message: 'An unknown error occurred',
};

/** A NUL byte in the URL (http/nul-byte.ts) or one the store refused in a body (issue #11 finding 10). */
export const NUL_BYTE_BODY: ApiErrorBody = {
  statusCode: 400,
  errorType: 'bad-request',
  message: 'Bad request',
};
// 22021 character_not_in_repertoire (a NUL in text), 22P05 untranslatable_character (a \u0000 in jsonb).
const NUL_STORE_CODES = new Set(['22021', '22P05']);

/** errorType for framework-raised client errors, by HTTP status. */
const clientErrorTypes: Record<number, string> = {
  400: 'bad-request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not-found',
  405: 'method-not-allowed',
  406: 'not-acceptable',
  409: 'conflict',
  413: 'payload-too-large',
  415: 'unsupported-media-type',
  429: 'rate-limited',
};

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
        const key = path === '' ? (error.validationContext ?? 'request') : path;
        fields[key] ??= issue.message ?? 'Invalid value';
      }
      return send(reply, {
        statusCode: 400,
        errorType: 'validation-error',
        message: VALIDATION_MESSAGE,
        fields,
      });
    }
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'service error');
      return send(reply, error.toBody());
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return send(reply, { statusCode: 500, ...UNKNOWN });
    }
    if (isNulByteStoreError(error)) return send(reply, NUL_BYTE_BODY);
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return send(reply, {
        statusCode: status,
        errorType: clientErrorTypes[status] ?? 'bad-request',
        message: error.message || 'Bad request',
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, { statusCode: 500, ...UNKNOWN });
  });
}

export function send(reply: FastifyReply, body: ApiErrorBody): FastifyReply {
  return reply.code(body.statusCode).type('application/json; charset=utf-8').send(body);
}

export function notFoundBody(method: string, url: string): ApiErrorBody {
  return {
    statusCode: 404,
    errorType: 'not-found',
    message: `Route ${method} ${url.split('?')[0]} not found`,
  };
}

/** True when the store refused a value for a NUL byte (or another byte it cannot encode), whichever driver. */
export function isNulByteStoreError(error: unknown): boolean {
  let e: unknown = error;
  for (let i = 0; i < 4 && typeof e === 'object' && e !== null; i += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && NUL_STORE_CODES.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
