import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { findMemberById } from './account/members';
import { accountHandlers } from './account/handlers';
import { agreementHandlers } from './account/agreements-handlers';
import { orgVerificationHandlers } from './account/org-verification-handlers';
import { settingsHandlers } from './account/settings-handlers';
import { logoutRoute } from './account/logout';
import { smsMfaHandlers } from './account/sms-mfa-handlers';
import { stepUpHandlers } from './account/step-up-handlers';
import { emailChangeHandlers } from './account/email-change-handlers';
import { passwordResetHandlers } from './account/password-reset-handlers';
import { signupHandlers } from './account/signup-handlers';
import type { Handlers } from './api/handlers';
import { apiRoutes } from './api/routes';
import type { Config } from './config';
import type { Database } from './db/client';
import { healthHandlers } from './health/handlers';
import { authThrottlePlugin } from './plugins/auth-throttle';
import { csrfPlugin } from './plugins/csrf';
import { errorHandlerPlugin } from './plugins/error-handler';
import { sessionPlugin } from './plugins/session';
import type { Services } from './services';
import { devOutboxRoutes } from './dev/routes';
import { systemHandlers } from './system/handlers';
import { siteRoutes } from './web/site';

export interface AppOptions {
  config: Config;
  db: Database;
  services: Services;
  /** The clock every rule reads; tests pass a controllable one. */
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db, services } = options;
  const now = options.now ?? (() => new Date());
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Keep the request id out of member-facing answers, but in every log line.
    requestIdHeader: false,
  });

  await app.register(errorHandlerPlugin);
  // First among the hooks: a flood of sign-in attempts is refused before any database work.
  await app.register(authThrottlePlugin, { limit: config.authThrottle, now });
  await app.register(formbody);
  await app.register(sessionPlugin, { config, db, now });
  await app.register(csrfPlugin);

  const handlers: Handlers = {
    ...systemHandlers,
    ...accountHandlers,
    ...orgVerificationHandlers,
    ...agreementHandlers,
    ...settingsHandlers,
    ...signupHandlers,
    ...passwordResetHandlers,
    ...emailChangeHandlers,
    ...smsMfaHandlers,
    ...stepUpHandlers,
    ...healthHandlers,
  };
  await app.register(apiRoutes, {
    db,
    config,
    services,
    handlers,
    now,
    loadMember: async (request) => (request.session?.row.userId ? findMemberById(db, request.session.row.userId) : null),
  });
  await app.register(logoutRoute);
  if (config.env !== 'production' && services.outbox) await app.register(devOutboxRoutes, { outbox: services.outbox });
  await app.register(siteRoutes, { config });
  return app;
}
