import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { safeEqual } from '../../lib/tokens';
import { DeployRefusedError, type Delivery } from './service';
import { RevisionConflictError } from './store';

/** The deploy API's prefix: outside the member contract (/api/bff), for the deploy pipeline only. */
export const DEPLOY_API_PREFIX = '/api/deploy';

const target = z.object({
  package: z.string().min(1, 'package を指定してください。'),
  version: z.string().min(1, 'version を指定してください。'),
  expectedRevision: z.number().int().nonnegative().optional(),
});
const packageOnly = z.object({ package: z.string().min(1, 'package を指定してください。') });

/**
 * The deploy interface (the spirit of single-spa's import-map-deployer): deploy a published
 * artefact, roll back, read the history and what is live. Authenticated by a bearer token
 * (DEPLOY_TOKEN); without one configured the API does not exist. Browsers never send the token
 * on their own, so no CSRF token is asked for.
 */
export async function deployRoutes(app: FastifyInstance, options: { delivery: Delivery; token: string | undefined }): Promise<void> {
  const { delivery, token } = options;
  if (!token) return;

  const authorize = async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!given || !safeEqual(given, token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send({ code: 'unauthenticated', message: 'デプロイ用のトークンが違います。' });
    }
  };
  const parse = <T>(schema: z.ZodType<T>, value: unknown, reply: FastifyReply): T | null => {
    const parsed = schema.safeParse(value ?? {});
    if (parsed.success) return parsed.data;
    void reply.status(400).send({
      code: 'invalid_parameters',
      message: parsed.error.issues.map((issue) => `${issue.path.join('.') || '入力'}: ${issue.message}`).join(' '),
    });
    return null;
  };
  const refused = (reply: FastifyReply, error: unknown) => {
    if (error instanceof DeployRefusedError) {
      return reply
        .status(409)
        .send({ code: 'deploy_refused', message: error.message, problems: error.problems, differences: error.differences });
    }
    if (error instanceof RevisionConflictError) {
      return reply.status(409).send({ code: 'revision_conflict', message: error.message, expected: error.expected, actual: error.actual });
    }
    throw error;
  };
  // Checked before the body is read: a stranger's body costs no parsing.
  const routeOptions = { config: { csrf: 'manual' as const }, onRequest: authorize };

  app.get(`${DEPLOY_API_PREFIX}/status`, routeOptions, async () => {
    await delivery.live.refresh(true);
    return {
      artefactDir: delivery.artefactDir,
      packages: delivery.options.packages.map((pkg) => {
        const entry = delivery.live.entryOf(pkg.name);
        return { package: pkg.name, folder: pkg.folder, live: entry ? { version: entry.version, revision: entry.revision } : null };
      }),
    };
  });

  app.post(`${DEPLOY_API_PREFIX}/deploy`, routeOptions, async (request, reply) => {
    const body = parse(target, request.body, reply);
    if (!body) return reply;
    try {
      return await delivery.deploy(body.package, body.version, {
        actor: 'api',
        ...(body.expectedRevision === undefined ? {} : { expectedRevision: body.expectedRevision }),
      });
    } catch (error) {
      return refused(reply, error);
    }
  });

  app.post(`${DEPLOY_API_PREFIX}/rollback`, routeOptions, async (request, reply) => {
    const body = parse(packageOnly, request.body, reply);
    if (!body) return reply;
    try {
      return await delivery.rollback(body.package, { actor: 'api' });
    } catch (error) {
      return refused(reply, error);
    }
  });

  app.get(`${DEPLOY_API_PREFIX}/history`, routeOptions, async (request, reply) => {
    const query = parse(packageOnly, request.query, reply);
    if (!query) return reply;
    try {
      return { history: await delivery.history(query.package, 50) };
    } catch (error) {
      return refused(reply, error);
    }
  });
}
