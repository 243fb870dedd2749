import type { FullConfig } from '@playwright/test';
import { Client } from 'pg';
import { startServer, stopServer, type RunningServer } from './server';

/**
 * The database of worker `index`: E2E_DATABASE_URL itself for the first, a sibling database
 * beside it for each other (`<name>_w<index>`, made empty here, dropped by global-teardown.ts);
 * undefined for a fresh embedded PGlite.
 */
function workerDatabaseUrl(index: number): string | undefined {
  const first = process.env.E2E_DATABASE_URL;
  if (!first || index === 0) return first;
  const url = new URL(first);
  url.pathname = `/${workerDatabaseName(first, index)}`;
  return url.toString();
}

function workerDatabaseName(firstUrl: string, index: number): string {
  const name = decodeURIComponent(new URL(firstUrl).pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name))
    throw new Error(`E2E_DATABASE_URL must name a database in lower case letters, digits and _, got "${name}"`);
  return `${name}_w${index}`;
}

/** Runs the statements over E2E_DATABASE_URL's connection (a database is made or dropped from another one). */
export async function onFirstDatabase(statements: string[]): Promise<void> {
  const client = new Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Runs once before the journeys: the built site on a free port for each worker, each on its own
 * database, so the workers' journeys (which change the one demo member's coins, readings and
 * consents) run side by side without meeting; a worker reads its server's address from
 * E2E_BASE_URLS by its TEST_PARALLEL_INDEX (tests/support.ts, baseUrl).
 */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const count = Math.max(1, config.workers);
  if (process.env.E2E_DATABASE_URL && count > 1) {
    const first = process.env.E2E_DATABASE_URL;
    await onFirstDatabase(
      Array.from({ length: count - 1 }, (_, index) => workerDatabaseName(first, index + 1)).flatMap((name) => [
        `drop database if exists ${name} with (force)`,
        `create database ${name}`,
      ]),
    );
  }
  const started = await Promise.allSettled(
    Array.from({ length: count }, (_, index) =>
      startServer({ databaseUrl: workerDatabaseUrl(index), name: index === 0 ? 'server' : `server-w${index}` }),
    ),
  );
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  globalThis.__SUKOYAKA_E2E_SERVERS__ = servers;
  const failed = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) {
    await Promise.all(servers.map((server: RunningServer) => stopServer(server)));
    throw failed.reason;
  }
  process.env.E2E_BASE_URLS = servers.map((server) => server.baseUrl).join(' ');
  const database = process.env.E2E_DATABASE_URL ? 'PostgreSQL (E2E_DATABASE_URL and its workers’ siblings)' : 'embedded PGlite';
  console.log(
    `\ne2e: ${servers.length} site(s), one per worker, at ${process.env.E2E_BASE_URLS} (${database}); server logs in e2e/artifacts/`,
  );
}
