import cookie from '@fastify/cookie';
import { API_PREFIX, AUTHENTICITY_TOKEN_HEADER, LOGOUT_PATH } from '@sukoyaka/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { MemberWithStanding } from '../members';
import { SessionCache } from '../session-cache';
import { createSession, deleteSession, findSessionAndMember, touchSession, type Session } from '../sessions';
import type { Config } from '../../config';
import type { Database } from '../../db/client';

export const SESSION_COOKIE = 'sukoyaka_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The session named by the cookie, loaded once per request; null for a first visit. */
    session: Session | null;
    /**
     * The member the session at the start of the request belongs to, with their standing, loaded
     * with it in one query; null for a visitor. What a call may do is decided from it.
     */
    caller: MemberWithStanding | null;
  }
  interface FastifyInstance {
    sessions: {
      /** The request's session, creating a visitor session (and its cookie) when there is none. */
      ensure(request: FastifyRequest, reply: FastifyReply): Promise<Session>;
      /** Replaces the request's session with a new one for the member: the id rotates at sign-in. */
      startMember(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<Session>;
      end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    };
  }
}

/** How long a loaded session is kept in this process (session-cache.ts). */
export const SESSION_CACHE_MS = 2000;
/** Off in tests: they change the database between calls, as another instance would, and expect it seen at once. */
export const defaultSessionCacheMs = (config: Config) => (config.env === 'test' ? 0 : SESSION_CACHE_MS);

export interface SessionPluginOptions {
  config: Config;
  db: Database;
  now: () => Date;
  /** Milliseconds a loaded session and member are reused in this process (0: never); see session-cache.ts. */
  cacheMs?: number;
}

export const sessionPlugin = fp(async (app: FastifyInstance, options: SessionPluginOptions) => {
  const { config, db, now } = options;
  const cache = new SessionCache(options.cacheMs ?? defaultSessionCacheMs(config));
  await app.register(cookie);

  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.cookieSecure,
    maxAge: Math.floor(config.sessionTtlMs / 1000),
  };

  // A new session also hands the client its new authenticity token, so the client never posts
  // with the token of a session that was just replaced (sign-in rotates the session).
  const setCookie = (reply: FastifyReply, session: Session) => {
    reply.setCookie(SESSION_COOKIE, session.token, cookieOptions);
    reply.header(AUTHENTICITY_TOKEN_HEADER.toLowerCase(), session.row.authenticityToken);
  };

  app.decorateRequest('session', null);
  app.decorateRequest('caller', null);
  const mayWrite = (method: string) => method !== 'GET' && method !== 'HEAD';
  app.addHook('onRequest', async (request) => {
    if (cache.enabled && mayWrite(request.method)) cache.clear();
    // Only the calls and logout read the session: the shell, static files and dev pages are the
    // same for everyone, so they skip the database.
    if (!request.url.startsWith(`${API_PREFIX}/`) && !request.url.startsWith(LOGOUT_PATH)) return;
    // Operator calls read the operator session only (plugins/operator-session.ts): a member's
    // cookie never reaches them.
    if (request.routeOptions.config.operatorCall) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const at = now();
    let found = cache.get(token, at.getTime());
    if (!found) {
      const generation = cache.current;
      found = (await findSessionAndMember(db, token, at)) ?? undefined;
      if (!found) return;
      cache.set(token, found, generation, at.getTime());
    }
    // A touch makes the kept row's lastSeenAt old news: the next request reads it again.
    if (await touchSession(db, found.row, at, config.sessionTtlMs)) cache.delete(token);
    request.session = { row: found.row, token };
    request.caller = found.caller;
  });
  // What a write changed is read afresh by the next request (session-cache.ts).
  const afterWrite = async (request: FastifyRequest) => {
    if (cache.enabled && mayWrite(request.method)) cache.clear();
  };
  app.addHook('onResponse', afterWrite);
  app.addHook('onRequestAbort', afterWrite);

  app.decorate('sessions', {
    async ensure(request, reply) {
      if (request.session) return request.session;
      const session = await createSession(db, null, now(), config.sessionTtlMs);
      request.session = session;
      setCookie(reply, session);
      return session;
    },
    async startMember(request, reply, userId) {
      const previous = request.session;
      const session = await db.transaction(async (tx) => {
        if (previous) await deleteSession(tx, previous.row.id);
        return createSession(tx, userId, now(), config.sessionTtlMs);
      });
      request.session = session;
      setCookie(reply, session);
      return session;
    },
    async end(request, reply) {
      if (request.session) await deleteSession(db, request.session.row.id);
      request.session = null;
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
    },
  });
});
