// API errors carry statusCode, errorType and message (000 §8, docs/decisions/001-api-shapes.md).
import { type ApiErrorBody, UNKNOWN_ERROR, UNKNOWN_ERROR_STATUS_CODE } from '@vitrine/domain';

export interface ApiErrorInit extends ApiErrorBody {
  requestId?: string;
}

export class ApiError extends Error implements ApiErrorBody {
  override readonly name = 'ApiError';
  readonly statusCode: number;
  readonly errorType: string;
  readonly fields: Record<string, string> | undefined;
  readonly requestId: string | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.statusCode = init.statusCode;
    this.errorType = init.errorType;
    this.fields = init.fields;
    this.requestId = init.requestId;
  }

  /** A failure before any answer (offline, DNS, CORS): status 0, 'unknown-error'. */
  static unknown(): ApiError {
    return new ApiError({ statusCode: UNKNOWN_ERROR_STATUS_CODE, ...UNKNOWN_ERROR });
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((entry) => typeof entry === 'string')
  );
}

/** Builds the ApiError for a non-OK answer from its envelope, falling back to the default texts. */
export function apiErrorFromBody(status: number, body: unknown, requestId?: string): ApiError {
  const envelope = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const { errorType, message, fields, statusCode } = envelope;
  return new ApiError({
    statusCode: typeof statusCode === 'number' ? statusCode : status,
    errorType: typeof errorType === 'string' && errorType !== '' ? errorType : UNKNOWN_ERROR.errorType,
    message: typeof message === 'string' && message !== '' ? message : UNKNOWN_ERROR.message,
    ...(isStringRecord(fields) ? { fields } : {}),
    ...(requestId ? { requestId } : {}),
  });
}
