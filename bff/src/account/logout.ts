import { LOGOUT_PATH, pagePaths } from '@sukoyaka/contract';
import type { FastifyInstance } from 'fastify';
import { unauthenticated } from '../platform/errors';
import { assertAuthenticityToken } from '../platform/plugins/csrf';

/**
 * POST /logout with form data `authenticity_token` (spec §7). Without a signed-in session the
 * answer is 401, which the client treats as already logged out. A plain form post is sent on to
 * the login page; the app's own call (X-Requested-With) gets 204 and navigates itself.
 */
export async function logoutRoute(app: FastifyInstance): Promise<void> {
  app.post(LOGOUT_PATH, { config: { csrf: 'manual' } }, async (request, reply) => {
    if (!request.session?.row.userId) throw unauthenticated();
    assertAuthenticityToken(request);
    await app.sessions.end(request, reply);
    if (request.headers['x-requested-with'] === 'XMLHttpRequest') return reply.status(204).send();
    return reply.redirect(pagePaths.login, 303);
  });
}
