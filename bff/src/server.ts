import type { FastifyInstance } from 'fastify';
import { deleteExpiredIdempotencyKeys } from './platform/idempotency';
import { deleteExpiredSessions } from './platform/sessions';
import { deleteExpiredOperatorSessions } from './platform/operator-sessions';
import { buildApp } from './app';
import { assertProductionReady, assertValidEnvironment, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DEMO_MEMBER, seedDemo } from './db/seed';
import { DEMO_OPERATOR } from './operators';
import { deleteExpiredCityOsOptIns } from './content/city-os';
import { connectDemoFitbit, deleteExpiredFitbitAuthorizations } from './health';
import { connectDemoMyna, deleteExpiredMynaAuthorizations } from './myna';
import { deliveryConfig } from './platform/delivery';
import { loggerOptions } from './platform/ops/logging';
import { gracefulShutdown } from './platform/ops/shutdown';
import { startServices } from './services';

async function main(): Promise<void> {
  // Every problem of the environment at once, before anything starts.
  try {
    assertValidEnvironment();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const config = loadConfig();
  assertProductionReady(config);
  // The pool reports idle connections PostgreSQL closed (they are replaced on the next query)
  // through the app's logger once it exists.
  const started: { app?: FastifyInstance } = {};
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pool: config.databasePool,
    onPoolError: (error) => {
      if (started.app) started.app.log.warn({ err: error }, 'PostgreSQL closed an idle connection; the pool replaces it');
      else console.error('PostgreSQL closed an idle connection:', error.message);
    },
  });
  if (config.seedDemo) await seedDemo(database.db);

  const services = await startServices(config);
  const app = await buildApp({
    config,
    db: database.db,
    services,
    logger: loggerOptions(process.env.LOG_LEVEL ?? (config.env === 'production' ? 'info' : 'warn')),
  });
  started.app = app;
  // Development and first start only: local builds not yet in the live import map are published
  // and deployed, so `npm start` needs no deploy step (production: DELIVERY_AUTO_DEPLOY unset).
  const delivery = deliveryConfig(process.env, {
    production: config.env === 'production',
    dataDir: config.dataDir,
    repoRoot: config.webRoot,
  });
  if (delivery.autoDeployLocalBuilds) {
    const deployed = await app.delivery.deployLocalBuilds(config.webRoot);
    if (deployed.length > 0) console.log(`Deployed the local builds: ${deployed.map((d) => `${d.package}@${d.version}`).join(', ')}`);
  }
  // The local fake Google keeps its grants in memory: connect the demo member's Fitbit afresh.
  if (config.seedDemo && services.googleHealth?.fake) {
    await connectDemoFitbit({ db: database.db, google: services.googleHealth, log: app.log }, DEMO_MEMBER.email, new Date()).catch(
      (error: unknown) => app.log.error({ err: error }, 'connecting the demo Fitbit failed'),
    );
  }
  // Likewise the fake My Number Portal: the demo member's link is renewed through a real code exchange.
  if (config.seedDemo && services.mynaPortal?.fake) {
    await connectDemoMyna({ db: database.db, portal: services.mynaPortal, log: app.log }, DEMO_MEMBER.email, new Date()).catch(
      (error: unknown) => app.log.error({ err: error }, 'renewing the demo My Number link failed'),
    );
  }

  // Expired sessions are only ever refused, never read again; idempotency keys are kept 24 hours;
  // throttle attempts a window: prune them hourly (and now).
  const prune = async () => {
    const now = new Date();
    const steps: [string, () => Promise<unknown>][] = [
      ['sessions', () => deleteExpiredSessions(database.db, now)],
      ['operator sessions', () => deleteExpiredOperatorSessions(database.db, now)],
      ['idempotency keys', () => deleteExpiredIdempotencyKeys(database.db, now)],
      ['throttle attempts', async () => app.authThrottleStore?.prune(now.getTime())],
      ['Fitbit authorizations', () => deleteExpiredFitbitAuthorizations(database.db, now)],
      ['City OS opt-ins', () => deleteExpiredCityOsOptIns(database.db, now)],
      ['My Number authorizations', () => deleteExpiredMynaAuthorizations(database.db, now)],
    ];
    for (const [what, step] of steps) await step().catch((error: unknown) => app.log.error({ err: error }, `pruning ${what} failed`));
  };
  void prune();
  const pruning = setInterval(() => void prune(), 60 * 60 * 1000);
  pruning.unref();

  // SIGTERM (an orchestrator) or SIGINT (Ctrl-C): finish what is in flight, then close.
  const shutdown = gracefulShutdown({
    app,
    closeServices: async () => {
      clearInterval(pruning);
      await services.close();
    },
    closeDatabase: () => database.close(),
    timeoutMs: Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 25_000),
  });
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  const where = database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : config.port;
  console.log(`\nすこやか is running at http://localhost:${port}  (database: ${where}; listening on ${config.host})`);
  if (config.seedDemo) console.log(`Demo member: ${DEMO_MEMBER.email} / ${DEMO_MEMBER.password}`);
  if (config.seedDemo) {
    console.log(
      `Demo operator (http://localhost:${port}/admin): ${DEMO_OPERATOR.email} / ${DEMO_OPERATOR.password}, TOTP secret ${DEMO_OPERATOR.totpSecret}` +
        ' (add it to an authenticator app, or: npm run operators -- code --secret <secret>)',
    );
  }
  if (services.outbox) console.log(`Mails and SMS sent locally: http://localhost:${port}/__dev/outbox\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
