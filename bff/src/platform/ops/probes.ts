import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client';
import { misconfiguredIntegrations, onMisconfiguration } from './integration-health';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when the process starts shutting down: /readyz answers 503 from then on. */
    lifecycle: { closing: boolean };
  }
}

/** How many migrations this bff ships (drizzle's journal). */
export function expectedMigrations(migrationsFolder: string): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

/**
 * The probes an orchestrator asks: `/healthz` — the process answers (restart it if not);
 * `/readyz` — send it traffic: the database answers and has at least this bff's migrations (a
 * newer bff's extra migrations are fine: expand/contract keeps the old one working), and the
 * process is not shutting down. An integration found misconfigured (integration-health.ts) is
 * named there with status `degraded`, still 200: the rest of the service works, and taking every
 * instance out of traffic for one integration would take all of it down.
 */
export const probesPlugin = fp(async (app: FastifyInstance, options: { db: Database; migrationsFolder: string }) => {
  const expected = expectedMigrations(options.migrationsFolder);
  app.decorate('lifecycle', { closing: false });
  const stopReporting = onMisconfiguration((misconfiguration, message) => app.log.error(misconfiguration, message));
  app.addHook('onClose', async () => {
    stopReporting();
  });
  // While shutting down, an answer closes its connection: a kept-alive one would hold the close
  // until its keep-alive timeout.
  app.addHook('onSend', async (_request, reply) => {
    if (app.lifecycle.closing) reply.header('connection', 'close');
  });

  app.get('/healthz', async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));

  app.get('/readyz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (app.lifecycle.closing) return reply.status(503).send({ status: 'closing' });
    let applied: number;
    try {
      const result = await options.db.execute(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`);
      const rows = (Array.isArray(result) ? result : (result as { rows: { applied: number }[] }).rows) as { applied: number }[];
      applied = Number(rows[0]?.applied ?? 0);
    } catch (error) {
      app.log.warn({ err: error }, 'readiness: the database does not answer');
      return reply.status(503).send({ status: 'database_unavailable' });
    }
    if (applied < expected) return reply.status(503).send({ status: 'migrations_pending', applied, expected });
    const misconfigured = misconfiguredIntegrations();
    if (misconfigured.length > 0) return reply.send({ status: 'degraded', migrations: applied, misconfigured });
    return reply.send({ status: 'ready', migrations: applied });
  });
});
