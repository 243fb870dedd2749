import { ErrorCodes } from '@sukoyaka/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isConnectionError } from '../../db/client';
import { HttpError } from '../errors';

/** One error handler: every error leaves as `{ code, message }`, and a 5xx never shows internals. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(error.toBody());
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      return reply.status(413).send({ code: ErrorCodes.invalidParameters, message: '送信データが大きすぎます。' });
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, an unsupported content type and the like: the request itself is bad.
      return reply.status(400).send({ code: ErrorCodes.invalidParameters, message: 'リクエストの形式が正しくありません。' });
    }
    if (isConnectionError(error)) {
      // The database connection died under this call (the pool replaces it): the next call works.
      request.log.warn({ err: error }, 'database connection lost during a call');
      return reply
        .status(503)
        .header('retry-after', '1')
        .send({ code: ErrorCodes.serviceUnavailable, message: '一時的に処理できませんでした。しばらくしてから、もう一度お試しください。' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: ErrorCodes.internal, message: 'システムエラーです' });
  });
});
