/**
 * The codes of a failed call (spec §3, "Error object"), as axios named them and the spec quotes
 * them: ECONNABORTED for the 30 s timeout, ERR_NETWORK when the network is down, and
 * ERR_BAD_RESPONSE / ERR_BAD_REQUEST for a 5xx / 4xx answer.
 */
export const HttpFailureCodes = {
  timeout: 'ECONNABORTED',
  network: 'ERR_NETWORK',
  badResponse: 'ERR_BAD_RESPONSE',
  badRequest: 'ERR_BAD_REQUEST',
} as const;

/**
 * Every failed call reaches the UI as an AppError (spec §3, "Error object"): the HTTP status,
 * a message, the server's response body and, for transport failures, the code above.
 */
export class AppError extends Error {
  readonly statusCode: number | undefined;
  readonly responseMessage: unknown;
  readonly code: string | undefined;
  /** The server's request id (X-Request-Id): the error page shows it for an inquiry. */
  readonly requestId: string | undefined;

  constructor(init: {
    message: string;
    statusCode?: number | undefined;
    responseMessage?: unknown;
    code?: string | undefined;
    requestId?: string | undefined;
  }) {
    super(init.message);
    this.name = 'AppError';
    this.statusCode = init.statusCode;
    this.responseMessage = init.responseMessage;
    this.code = init.code;
    this.requestId = init.requestId;
  }

  /** The bff's error identifier (`{ code }` of the body), e.g. `system_account_locked`. */
  get serverCode(): string | undefined {
    const body = this.responseMessage;
    return body && typeof body === 'object' && 'code' in body && typeof body.code === 'string' ? body.code : undefined;
  }

  /** The bff's Japanese message, meant for the member. */
  get serverMessage(): string | undefined {
    const body = this.responseMessage;
    return body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' ? body.message : undefined;
  }

  /** Messages per field of a 400 `invalid_parameters`. */
  get fieldErrors(): Record<string, string[]> {
    const body = this.responseMessage;
    if (body && typeof body === 'object' && 'fields' in body && body.fields && typeof body.fields === 'object') {
      return body.fields as Record<string, string[]>;
    }
    return {};
  }
}

export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  return new AppError({ message: error instanceof Error ? error.message : String(error) });
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
