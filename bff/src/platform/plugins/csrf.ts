import { AUTHENTICITY_TOKEN_FIELD, AUTHENTICITY_TOKEN_HEADER } from '@sukoyaka/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { invalidAuthenticityToken } from '../errors';
import { safeEqual } from '../../lib/tokens';

// Node gives request headers by their lower-case names.
const CSRF_HEADER = AUTHENTICITY_TOKEN_HEADER.toLowerCase();

function headerToken(request: FastifyRequest): string | undefined {
  const header = request.headers[CSRF_HEADER];
  return typeof header === 'string' && header ? header : undefined;
}

function presentedToken(request: FastifyRequest): string | undefined {
  const header = headerToken(request);
  if (header) return header;
  const body = request.body as Record<string, unknown> | undefined;
  const field = body && typeof body === 'object' ? body[AUTHENTICITY_TOKEN_FIELD] : undefined;
  return typeof field === 'string' ? field : undefined;
}

// An operator call is checked against the operator session's token, never the member's.
const expectedToken = (request: FastifyRequest) =>
  request.routeOptions.config.operatorCall ? request.operatorSession?.row.authenticityToken : request.session?.row.authenticityToken;

/** A form post (logout's form): its token may come in the `authenticity_token` field. */
const isFormPost = (request: FastifyRequest) =>
  (request.headers['content-type'] ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded');

/**
 * Every POST must carry the session's authenticity token, in the X-CSRF-Token header or the
 * `authenticity_token` form field.
 */
export function assertAuthenticityToken(request: FastifyRequest): void {
  const expected = expectedToken(request);
  const given = presentedToken(request);
  if (!expected || !given || !safeEqual(expected, given)) throw invalidAuthenticityToken();
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `manual`: the route checks the token itself, after its own checks (logout answers 401 first). */
    csrf?: 'manual';
  }
}

const checked = (request: FastifyRequest) => request.method === 'POST' && request.routeOptions.config.csrf !== 'manual';

/**
 * Checked before the body is read (onRequest, after the sessions are loaded): a POST without a
 * session, with a wrong header token, or with neither the header nor a form is refused without
 * reading what it sends. Only a form's field waits for the (small) form to be read.
 */
export const csrfPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request) => {
    if (!checked(request)) return;
    const expected = expectedToken(request);
    const header = headerToken(request);
    if (!expected || (header ? !safeEqual(expected, header) : !isFormPost(request))) throw invalidAuthenticityToken();
  });
  app.addHook('preHandler', async (request) => {
    if (checked(request) && !headerToken(request)) assertAuthenticityToken(request);
  });
});
