import { startServer } from './server';

/** Runs once before the journeys: the built site on a free port; the tests read E2E_BASE_URL. */
export default async function globalSetup(): Promise<void> {
  const server = await startServer();
  globalThis.__SUKOYAKA_E2E_SERVER__ = server;
  process.env.E2E_BASE_URL = server.baseUrl;
  const database = process.env.E2E_DATABASE_URL ? 'PostgreSQL (E2E_DATABASE_URL)' : 'embedded PGlite';
  console.log(`\ne2e: site running at ${server.baseUrl} (${database}); server log: ${server.logFile}`);
}
