// No zod here: the web app's shell imports these, and zod belongs only to the pages that validate forms
// (the envelope's schema is validation/error-body.ts).

/** API error envelope: statusCode, errorType, message (000 §8, 001 §8), with per-field messages when a form failed. */
export interface ApiErrorBody {
  statusCode: number;
  errorType: string;
  message: string;
  fields?: Record<string, string>;
}

/** Default error: 'An unknown error occurred' (000 §8, 001 §8). */
export const UNKNOWN_ERROR = { errorType: 'unknown-error', message: 'An unknown error occurred' } as const;
/** The default error carries status 0 on the client (000 §8 "(status 0)"). */
export const UNKNOWN_ERROR_STATUS_CODE = 0;

/** Error types named by the spec (000 §6, §8, 001 §8), one name everywhere. */
export const ERROR_TYPES = {
  unknown: 'unknown-error',
  tosApprovalRequired: 'tos_approval_required',
  emailVerificationRequired: 'email_verification_required',
  oneTouch: 'one_touch',
  twilio: 'twilio',
  alreadyUsedPhoneNumber: 'already_used_phone_number',
  phoneRegistration: 'E1001',
  publisherNotFound: 'PUBLISHER_NOT_FOUND_ERROR',
  publishAttempt: 'PUBLISH_ATTEMPT_ERROR',
  publisherFeeRequired: 'publisher_fee_required',
  noUserFound: 'noUserFound',
  /** Too many failed sign-ins for the account: the next one needs the stronger bot check (decision 003). */
  botCheckRequired: 'bot_check_required',
} as const;
export type KnownErrorType = (typeof ERROR_TYPES)[keyof typeof ERROR_TYPES];

export interface AppErrorInit {
  errorType: string;
  message: string;
  statusCode: number;
  fields?: Record<string, string>;
  cause?: unknown;
}

/** Domain error thrown by services and turned into an ApiErrorBody at the edge (STYLE "Domain errors, not HTTP errors"). */
export class AppError extends Error {
  readonly errorType: string;
  readonly statusCode: number;
  readonly fields: Record<string, string> | undefined;

  constructor(init: AppErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'AppError';
    this.errorType = init.errorType;
    this.statusCode = init.statusCode;
    this.fields = init.fields;
  }

  /** The error envelope sent to clients (000 §8). */
  toBody(): ApiErrorBody {
    const body: ApiErrorBody = {
      statusCode: this.statusCode,
      errorType: this.errorType,
      message: this.message,
    };
    return this.fields ? { ...body, fields: { ...this.fields } } : body;
  }
}

/** Any thrown value as an envelope: an AppError's own, otherwise 'unknown-error' with `fallbackStatusCode` (000 §8). */
export function toApiErrorBody(
  error: unknown,
  fallbackStatusCode: number = UNKNOWN_ERROR_STATUS_CODE,
): ApiErrorBody {
  if (error instanceof AppError) return error.toBody();
  return { statusCode: fallbackStatusCode, ...UNKNOWN_ERROR };
}
