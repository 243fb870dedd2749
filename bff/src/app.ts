import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { accountHandlers, logoutRoute, memberDataExportRoute } from './account';
import type { Config } from './config';
import type { Database } from './db/client';
import { articleImagesRoute, contentHandlers, contentMemberRecords, documentFilesRoute, registerContentNotifications } from './content';
import { healthHandlers, healthMemberRecords, registerFitbitSyncJob, registerHealthFiguresJob } from './health';
import {
  giftImagesRoute,
  incentiveHandlers,
  incentivesMemberRecords,
  challengesMemberRecords,
  registerExpiryNotices,
  registerIncentivesJobs,
  settleChallengesAndEarnings,
  walkingMemberRecords,
  walkingStepDay,
} from './incentives';
import { operatorHandlers } from './operators';
import { medicalExpenseFormRoute, mynaHandlers, mynaMemberRecords, registerMyna } from './myna';
import { registerMemberRecords } from './platform/member-records';
import { registerActivitySettler } from './platform/activity-events';
import { registerStepDayObserver } from './platform/step-days';
import { calls, DEFAULT_MAX_BODY_BYTES } from '@sukoyaka/contract';
import { Delivery, deliveryConfig, deployablePackages, deployRoutes, type DeliveryConfig } from './platform/delivery';
import type { Handlers } from './platform/handlers';
import { REQUEST_ID_HEADER, requestIdGenerator } from './platform/ops/logging';
import { metricsPlugin } from './platform/ops/metrics';
import { openApiRoutes } from './platform/ops/openapi';
import { probesPlugin } from './platform/ops/probes';
import { authThrottlePlugin } from './platform/plugins/auth-throttle';
import { knownDevicesOf } from './account/known-devices';
import { csrfPlugin } from './platform/plugins/csrf';
import { databaseQueuePlugin } from './platform/plugins/database-queue';
import { OutboxWorker, type OutboxWorkerOptions } from './platform/outbox';
import { GIFT_CODE_FILLER } from './incentives/delivery';
import { fillGiftCode } from './incentives/gifts';
import { discoverMynaPortal } from './integrations/myna-portal/discovery';
import { GOOGLE_HEALTH_REVOCATION, revokeQueuedGrant } from './health/fitbit/connections';
import { errorHandlerPlugin } from './platform/plugins/error-handler';
import { jsonBodyPlugin } from './platform/plugins/json-body';
import { securityHeadersPlugin } from './platform/plugins/security-headers';
import { sessionPlugin } from './platform/plugins/session';
import { operatorSessionPlugin } from './platform/plugins/operator-session';
import { apiRoutes } from './platform/routes';
import type { Services } from './services';
import { createDevClock, devClockRoutes } from './dev/clock';
import { devOutboxRoutes } from './dev/routes';
import { systemHandlers } from './system';
import { MIGRATIONS_FOLDER } from './paths';
import { siteRoutes } from './web/site';

export interface AppOptions {
  config: Config;
  db: Database;
  services: Services;
  /** The clock every rule reads; tests pass a controllable one. */
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
  /** Milliseconds a loaded session is reused in this process (default 2000; 0 under NODE_ENV=test). */
  sessionCacheMs?: number;
  /** The mail/SMS outbox worker's timings (tests shorten them). */
  outbox?: Partial<OutboxWorkerOptions>;
  /** The front end's delivery (platform/delivery): by default from the environment. */
  delivery?: Partial<DeliveryConfig>;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db, services } = options;
  // Development only (never production or tests): a clock journeys can move (dev/clock.ts).
  const devClock = !options.now && config.env === 'development' ? createDevClock() : null;
  const now = options.now ?? devClock?.now ?? (() => new Date());
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: config.trustProxy,
    // Small by default: a call that carries a batch or a file declares its own (the contract's maxBodyBytes).
    bodyLimit: DEFAULT_MAX_BODY_BYTES,
    // A request (headers and body) must arrive in time, and a silent connection is closed: a body
    // trickled a byte at a time cannot hold a connection for minutes (408, then closed).
    requestTimeout: config.http.requestTimeoutMs,
    connectionTimeout: config.http.connectionTimeoutMs,
    ...(config.http.requestTimeoutMs > 0
      ? {
          http: {
            // Given to Node when the server is made: only then does it also bound the headers' time
            // by it (set afterwards, a request timeout below Node's 60 s headers timeout never fires).
            requestTimeout: config.http.requestTimeoutMs,
            // Node looks for late requests every 30 s by default: a few times per timeout instead.
            connectionsCheckingInterval: Math.min(30_000, Math.max(50, Math.floor(config.http.requestTimeoutMs / 4))),
          },
        }
      : {}),
    // The request id: a trusted proxy's X-Request-Id, else a new one (platform/ops/logging.ts);
    // in every log line and in the X-Request-Id answer header, which the error page shows.
    requestIdHeader: false,
    genReqId: requestIdGenerator(config.trustProxy),
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });

  // Mail and SMS leave through the outbox: sent after the commit, retried, kept across restarts.
  const outbox = new OutboxWorker(
    {
      db,
      services,
      log: app.log,
      now,
      revokers: { [GOOGLE_HEALTH_REVOCATION]: (row) => revokeQueuedGrant(services, row) },
      fillers: { [GIFT_CODE_FILLER]: fillGiftCode },
    },
    { mailsPerSecond: config.mailRatePerSecond, ...options.outbox },
  );
  app.decorate('outbox', outbox);
  app.addHook('onReady', async () => outbox.start());
  app.addHook('onResponse', async () => outbox.wakeIfEnqueued());
  app.addHook('onClose', async () => outbox.stop());
  // A misconfigured My Number Portal is found at start, not by the first member (integration-health.ts).
  app.addHook('onReady', async () => {
    if (services.mynaPortal) void discoverMynaPortal(services.mynaPortal.config).catch(() => undefined);
  });
  // Fitbit steps synced on a schedule (health/fitbit/job.ts), started and stopped with the app.
  registerFitbitSyncJob(app, { config, db, services, now });
  // Points earned from activity events and expired lots, on a schedule (incentives/job.ts); a write
  // that records a member's activity settles what it earns at once (decision 0006).
  registerIncentivesJobs(app, { config, db, now });
  // The operators' health figures: the deltas the readings' triggers leave, folded into counters (health/figures.ts).
  registerHealthFiguresJob(app, { config, db, now });
  // A member's challenges are judged with what their activity earns (incentives/challenges.ts).
  registerActivitySettler(settleChallengesAndEarnings);
  // Walking events' totals follow each saved step day in its transaction (decision 0028).
  registerStepDayObserver(walkingStepDay);
  // Notification mails (announcements, enquetes, expiring points), each sent once, through the outbox.
  registerContentNotifications(app, { config, db, now });
  registerExpiryNotices(app, { config, db, now });
  // The My Number import worker, and the reader the health forecast reads the latest check-up through.
  registerMyna(app, { config, db, services, now });
  // Each area's part of a member's download and of their leaving (issue 24 #15), in the download's
  // order, which is also the order of erasing: walking events before the balances are forfeited, so
  // a close racing the leaving waits on the event row rather than on the member's ledger account.
  for (const keeper of [
    healthMemberRecords,
    walkingMemberRecords,
    incentivesMemberRecords,
    challengesMemberRecords,
    contentMemberRecords,
    mynaMemberRecords,
  ])
    registerMemberRecords(keeper);
  // The live import map: read at ready, then polled, so a deploy anywhere reaches this instance.
  const deliverySettings = {
    ...deliveryConfig(process.env, { production: config.env === 'production', dataDir: config.dataDir, repoRoot: config.webRoot }),
    ...options.delivery,
  };
  const delivery = new Delivery({
    db,
    artefactDir: deliverySettings.artefactDir,
    packages: deployablePackages(config.webRoot),
    calls,
    log: app.log,
    now,
  });
  app.decorate('delivery', delivery);
  app.addHook('onReady', async () => {
    await delivery.live.refresh(true);
    delivery.live.start(deliverySettings.pollMs);
  });
  app.addHook('onClose', async () => delivery.live.stop());

  await app.register(errorHandlerPlugin);
  // /healthz and /readyz for the orchestrator (readiness: database answers, migrations ran, not closing).
  await app.register(probesPlugin, { db, migrationsFolder: MIGRATIONS_FOLDER });
  // Prometheus metrics at /metrics (METRICS_TOKEN; without one, loopback clients outside production): per call, the pool, the outbox, the jobs.
  await app.register(metricsPlugin, { db, token: config.metricsToken, production: config.env === 'production' });
  await app.register(securityHeadersPlugin, { production: config.env === 'production' });
  // HTML and JSON answers compressed; built scripts are sent precompressed (web/site.ts).
  await app.register(compress);
  // Calls wait for a turn at PGlite's one connection, in a bounded line (db/queue.ts).
  await app.register(databaseQueuePlugin, { db });
  // First among the hooks: a flood of sign-in attempts is refused before any database work.
  await app.register(authThrottlePlugin, {
    limits: config.authThrottle,
    // A member's own known browser counts against itself, not the account (account/known-devices.ts).
    knownDevices: (tokens) => knownDevicesOf(db, tokens),
    now,
    db,
    redisUrl: config.redisUrl,
    redisKeyPrefix: config.redisKeyPrefix,
  });
  // JSON bodies with their depth bounded (the size is the route's limit); forms as ever.
  await app.register(jsonBodyPlugin);
  await app.register(formbody);
  await app.register(sessionPlugin, {
    config,
    db,
    now,
    ...(options.sessionCacheMs === undefined ? {} : { cacheMs: options.sessionCacheMs }),
  });
  // Operator calls (mf-admin) on their own cookie and session; they never read the member's.
  await app.register(operatorSessionPlugin, { config, db, now });
  await app.register(csrfPlugin);

  // Each area exports one record of handlers; the Handlers type refuses an app that misses a call.
  const handlers: Handlers = {
    ...systemHandlers,
    ...accountHandlers,
    ...healthHandlers,
    ...incentiveHandlers,
    ...operatorHandlers,
    ...contentHandlers,
    ...mynaHandlers,
  };
  await app.register(apiRoutes, { db, config, services, handlers, now });
  await app.register(logoutRoute);
  await app.register(documentFilesRoute({ db, now }));
  await app.register(giftImagesRoute({ db }));
  await app.register(articleImagesRoute({ db }));
  await app.register(memberDataExportRoute({ db, now }));
  await app.register(medicalExpenseFormRoute({ db, now }));
  if (config.env !== 'production' && services.outbox) await app.register(devOutboxRoutes, { outbox: services.outbox });
  if (devClock) await app.register(devClockRoutes, { clock: devClock });
  await app.register(deployRoutes, { delivery, token: deliverySettings.deployToken });
  // The contract as OpenAPI 3.1, for the native apps and other teams' client generators.
  await app.register(openApiRoutes, { calls, serverUrl: config.publicUrl });
  await app.register(siteRoutes, { config, delivery });
  return app;
}
