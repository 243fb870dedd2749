import { ErrorCodes, type ApiError } from '@sukoyaka/contract';

/**
 * An error meant for the caller: its status, code and Japanese message are sent as they are.
 * Anything else that is thrown becomes a 500 with no internals (plugins/error-handler.ts).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toBody(): ApiError {
    return this.fields ? { code: this.code, message: this.message, fields: this.fields } : { code: this.code, message: this.message };
  }
}

export const unauthenticated = () => new HttpError(401, ErrorCodes.unauthenticated, 'ログインしてください。');
export const invalidAuthenticityToken = () =>
  new HttpError(
    403,
    ErrorCodes.invalidAuthenticityToken,
    'ページの有効期限が切れました。ページを再読み込みしてからもう一度お試しください。',
  );
export const notFound = (message = 'お探しの情報は見つかりませんでした。') => new HttpError(404, ErrorCodes.notFound, message);
