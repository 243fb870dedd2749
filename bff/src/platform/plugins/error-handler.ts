import { API_PREFIX, calls, ErrorCodes, type CallDefinition } from '@sukoyaka/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isConnectionError } from '../../db/client';
import { HttpError } from '../errors';
import { documentsError } from '../error-catalogue';

/**
 * In tests, an error a call does not document (platform/error-catalogue.ts, which the OpenAPI
 * document lists) is answered as a 500 that names it, so the suite that caused it fails: the
 * document cannot fall behind what the calls answer. Outside tests the answer goes out unchanged.
 */
const CHECK_DOCUMENTED = process.env.NODE_ENV === 'test';

function send(request: FastifyRequest, reply: FastifyReply, status: number, body: { code: string; message: string }) {
  const url = request.routeOptions.url;
  if (CHECK_DOCUMENTED && url?.startsWith(`${API_PREFIX}/`)) {
    const name = url.slice(API_PREFIX.length + 1);
    const call = (calls as Record<string, CallDefinition>)[name];
    if (call && !documentsError(name, call, status, body.code)) {
      return reply.status(500).send({
        code: ErrorCodes.internal,
        message: `${name} answered ${status} ${body.code}, which platform/error-catalogue.ts does not document for it`,
      });
    }
  }
  return reply.status(status).send(body);
}

/** One error handler: every error leaves as `{ code, message }`, and a 5xx never shows internals. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return send(request, reply, error.statusCode, error.toBody());
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      return send(request, reply, 413, { code: ErrorCodes.invalidParameters, message: '送信データが大きすぎます。' });
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, an unsupported content type and the like: the request itself is bad.
      return send(request, reply, 400, { code: ErrorCodes.invalidParameters, message: 'リクエストの形式が正しくありません。' });
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
