import { OPERATOR_AUTHENTICITY_TOKEN_HEADER, OPERATOR_SESSION_COOKIE } from '@sukoyaka/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import {
  createOperatorSession,
  deleteOperatorSession,
  findOperatorSession,
  OPERATOR_SESSION_MAX_MS,
  touchOperatorSession,
  type OperatorSession,
} from '../operator-sessions';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route is an operator call: it reads the operator session, never the member's. */
    operatorCall?: true;
  }
  interface FastifyRequest {
    /** The operator session named by the operator cookie, on operator calls only; null otherwise. */
    operatorSession: OperatorSession | null;
  }
  interface FastifyInstance {
    operatorSessions: {
      /** The request's operator session, creating an anonymous one (and its cookie) when there is none. */
      ensure(request: FastifyRequest, reply: FastifyReply): Promise<OperatorSession>;
      /**
       * Replaces the request's operator session with a new one (the id rotates at every sign-in
       * step): for the operator, signed in when `secondFactorAt` is given.
       */
      start(
        request: FastifyRequest,
        reply: FastifyReply,
        fields: { operatorId: string; secondFactorAt: Date | null; pendingTotpSecret?: string | null },
      ): Promise<OperatorSession>;
      end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    };
  }
}

export interface OperatorSessionPluginOptions {
  config: Config;
  db: Database;
  now: () => Date;
}

/**
 * The operators' sessions, on their own cookie (`sukoyaka_operator`, HttpOnly, SameSite=Strict):
 * loaded only for operator calls (routes marked `operatorCall`), which in turn never load the
 * member session (plugins/session.ts). A new session's authenticity token comes back in its own
 * header, so a member client in the same tab never takes it for its own.
 */
export const operatorSessionPlugin = fp(async (app: FastifyInstance, options: OperatorSessionPluginOptions) => {
  const { config, db, now } = options;
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: config.cookieSecure,
    maxAge: Math.floor(OPERATOR_SESSION_MAX_MS / 1000),
  };
  const setCookie = (reply: FastifyReply, session: OperatorSession) => {
    reply.setCookie(OPERATOR_SESSION_COOKIE, session.token, cookieOptions);
    reply.header(OPERATOR_AUTHENTICITY_TOKEN_HEADER.toLowerCase(), session.row.authenticityToken);
  };

  app.decorateRequest('operatorSession', null);
  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.config.operatorCall) return;
    const token = request.cookies[OPERATOR_SESSION_COOKIE];
    if (!token) return;
    const at = now();
    const found = await findOperatorSession(db, token, at);
    if (!found) return;
    await touchOperatorSession(db, found.row, at);
    request.operatorSession = found;
  });

  app.decorate('operatorSessions', {
    async ensure(request, reply) {
      if (request.operatorSession) return request.operatorSession;
      const created = await createOperatorSession(db, { operatorId: null }, now());
      const session: OperatorSession = { ...created, operator: null };
      request.operatorSession = session;
      setCookie(reply, session);
      return session;
    },
    async start(request, reply, fields) {
      const previous = request.operatorSession;
      const created = await db.transaction(async (tx) => {
        if (previous) await deleteOperatorSession(tx, previous.row.id);
        return createOperatorSession(tx, fields, now());
      });
      // The operator is loaded again by the next request; the handler that started it knows who it is.
      const session: OperatorSession = { ...created, operator: previous?.operator ?? null };
      request.operatorSession = session;
      setCookie(reply, session);
      return session;
    },
    async end(request, reply) {
      if (request.operatorSession) await deleteOperatorSession(db, request.operatorSession.row.id);
      request.operatorSession = null;
      reply.clearCookie(OPERATOR_SESSION_COOKIE, { path: '/' });
    },
  });
});
