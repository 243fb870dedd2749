import { deleteExpiredSessions } from './platform/sessions';
import { buildApp } from './app';
import { assertProductionReady, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DEMO_MEMBER, seedDemo } from './db/seed';
import { startServices } from './services';

async function main(): Promise<void> {
  const config = loadConfig();
  assertProductionReady(config);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  if (config.seedDemo) await seedDemo(database.db);

  const services = await startServices(config);
  const app = await buildApp({ config, db: database.db, services, logger: { level: config.env === 'production' ? 'info' : 'warn' } });

  // Expired sessions are only ever refused, never read again: prune them hourly (and now).
  const pruneSessions = () =>
    deleteExpiredSessions(database.db, new Date()).catch((error) => app.log.error({ err: error }, 'pruning sessions failed'));
  void pruneSessions();
  const pruning = setInterval(pruneSessions, 60 * 60 * 1000);
  pruning.unref();

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.warn(`${signal}: closing`);
    clearInterval(pruning);
    await app.close();
    await services.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  const where = database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  console.log(`\nすこやか is running at http://localhost:${config.port}  (database: ${where})`);
  if (config.seedDemo) console.log(`Demo member: ${DEMO_MEMBER.email} / ${DEMO_MEMBER.password}`);
  if (services.outbox) console.log(`Mails and SMS sent locally: http://localhost:${config.port}/__dev/outbox\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
