import { API_PREFIX, LOGOUT_PATH } from '@sukoyaka/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Two years, subdomains included: production is served over HTTPS only. */
export const HSTS_VALUE = 'max-age=63072000; includeSubDomains';

function isApiPath(url: string): boolean {
  return url.startsWith(`${API_PREFIX}/`) || url === LOGOUT_PATH || url.startsWith(`${LOGOUT_PATH}?`);
}

/**
 * Headers every answer needs, set once here rather than by each route, so error answers (400,
 * 401, 403, 404, 429, 500 from any hook or handler) carry them too: an onSend hook sees them all.
 * Calls and logout are never cached (they are per member); every answer is nosniff; production
 * adds HSTS.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: { production: boolean }) => {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    if (options.production) reply.header('strict-transport-security', HSTS_VALUE);
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
    return payload;
  });
});
