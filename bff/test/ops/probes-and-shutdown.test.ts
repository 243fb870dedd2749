import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { expectedMigrations } from '../../src/platform/ops/probes';
import { gracefulShutdown } from '../../src/platform/ops/shutdown';
import { MIGRATIONS_FOLDER } from '../../src/paths';
import { startServices } from '../../src/services';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startApp() {
  const config = loadConfig({ NODE_ENV: 'test' }, { dataDir: 'memory://', seedDemo: false, databaseUrl: undefined });
  const database = await openDatabase({ dataDir: config.dataDir });
  // No outside service is used here: no local fake beyond mail and SMS (started only if sent).
  const services = await startServices(config, { fakes: [] });
  const app = await buildApp({ config, db: database.db, services });
  let databaseClosed = false;
  // A slow call: it queries the database after a while, so a database closed too early fails it.
  app.get('/test/slow', async () => {
    await sleep(600);
    await database.db.execute(sql`select 1`);
    return { finished: true };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const exits: number[] = [];
  const shutdown = gracefulShutdown({
    app,
    closeServices: () => services.close(),
    closeDatabase: async () => {
      databaseClosed = true;
      await database.close();
    },
    timeoutMs: 10_000,
    exit: (code) => exits.push(code),
  });
  return { app, url, shutdown, exits, databaseClosed: () => databaseClosed };
}

// Each test starts a whole app on PGlite with every migration: slow on a busy machine.
jest.setTimeout(120_000);

describe('health, readiness and graceful shutdown (issue 15)', () => {
  it('answers /healthz, and /readyz once the database answers with every migration applied', async () => {
    const { url, shutdown, exits } = await startApp();
    const health = await fetch(`${url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', migrations: expectedMigrations(MIGRATIONS_FOLDER) });
    await shutdown('SIGTERM');
    expect(exits).toEqual([0]);
  });

  it('on SIGTERM finishes the request in flight, refuses new work, then closes the database', async () => {
    const { app, url, shutdown, exits, databaseClosed } = await startApp();
    const inFlight = fetch(`${url}/test/slow`).then(async (response) => ({ status: response.status, body: await response.json() }));
    await sleep(150);
    const closing = shutdown('SIGTERM');
    expect(app.lifecycle.closing).toBe(true);
    // While it drains, a new request is not served: refused, or answered 503.
    const late = await fetch(`${url}/readyz`).then(
      (response) => response.status,
      () => 'refused',
    );
    expect([503, 'refused']).toContain(late);
    expect(databaseClosed()).toBe(false);
    expect(await inFlight).toEqual({ status: 200, body: { finished: true } });
    await closing;
    expect(databaseClosed()).toBe(true);
    expect(exits).toEqual([0]);
    // A second signal does not close twice.
    await shutdown('SIGINT');
    expect(exits).toEqual([0]);
  });
});
