import { AUTHENTICITY_TOKEN_FIELD, AUTHENTICITY_TOKEN_HEADER } from '@sukoyaka/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { invalidAuthenticityToken } from '../errors';
import { safeEqual } from '../../lib/tokens';

// Node gives request headers by their lower-case names.
const CSRF_HEADER = AUTHENTICITY_TOKEN_HEADER.toLowerCase();

function presentedToken(request: FastifyRequest): string | undefined {
  const header = request.headers[CSRF_HEADER];
  if (typeof header === 'string' && header) return header;
  const body = request.body as Record<string, unknown> | undefined;
  const field = body && typeof body === 'object' ? body[AUTHENTICITY_TOKEN_FIELD] : undefined;
  return typeof field === 'string' ? field : undefined;
}

/**
 * Every POST must carry the session's authenticity token, in the X-CSRF-Token header or the
 * `authenticity_token` form field. Checked after the body is parsed, before any handler runs.
 */
export function assertAuthenticityToken(request: FastifyRequest): void {
  // An operator call is checked against the operator session's token, never the member's.
  const expected = request.routeOptions.config.operatorCall
    ? request.operatorSession?.row.authenticityToken
    : request.session?.row.authenticityToken;
  const given = presentedToken(request);
  if (!expected || !given || !safeEqual(expected, given)) throw invalidAuthenticityToken();
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `manual`: the route checks the token itself, after its own checks (logout answers 401 first). */
    csrf?: 'manual';
  }
}

export const csrfPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preHandler', async (request) => {
    if (request.method !== 'POST' || request.routeOptions.config.csrf === 'manual') return;
    assertAuthenticityToken(request);
  });
});
