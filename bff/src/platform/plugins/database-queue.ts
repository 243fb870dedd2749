import { API_PREFIX, ErrorCodes, LOGOUT_PATH } from '@sukoyaka/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client';
import { QueueFullError, queueOf } from '../../db/queue';
import { HttpError } from '../errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** Gives the call's turn at the database back; null when it holds none. */
    leaveDatabaseQueue: (() => void) | null;
  }
}

export const serverBusy = () =>
  new HttpError(503, ErrorCodes.serviceUnavailable, 'ただいま混み合っています。しばらくしてから、もう一度お試しください。');

const usesDatabase = (request: FastifyRequest) => request.url.startsWith(`${API_PREFIX}/`) || request.url.startsWith(LOGOUT_PATH);

/** Whether the request has a body to read (GET and HEAD have none). */
const hasBody = (request: FastifyRequest) => request.method !== 'GET' && request.method !== 'HEAD';

/**
 * Admits the calls (and logout) to a database that has a queue (PGlite, db/queue.ts) before any
 * of their database work: the session is loaded in a turn, and the call runs in one, so none is
 * refused halfway through. While a body arrives no turn is held: it is given back before the body
 * is read and taken again after (preHandler), so a client that sends slowly blocks nobody. When
 * the line is full the answer is an immediate 503 with Retry-After instead of a timeout.
 */
export const databaseQueuePlugin = fp(async (app: FastifyInstance, options: { db: Database }) => {
  app.decorateRequest('leaveDatabaseQueue', null);
  const enter = async (request: FastifyRequest, reply: FastifyReply) => {
    // Looked up per request: a test gives the database a smaller queue after the app is built.
    const queue = queueOf(options.db);
    if (!queue || !usesDatabase(request)) return;
    try {
      request.leaveDatabaseQueue = await queue.enter();
    } catch (error) {
      if (!(error instanceof QueueFullError)) throw error;
      reply.header('retry-after', '1');
      throw serverBusy();
    }
  };
  const leave = async (request: FastifyRequest) => {
    request.leaveDatabaseQueue?.();
    request.leaveDatabaseQueue = null;
  };
  app.addHook('onRequest', enter);
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (hasBody(request)) await leave(request);
    return payload;
  });
  app.addHook('preHandler', async (request, reply) => {
    if (!request.leaveDatabaseQueue) await enter(request, reply);
  });
  app.addHook('onResponse', leave);
  // A client that hangs up gets no response: its turn is given back all the same.
  app.addHook('onRequestAbort', leave);
});
