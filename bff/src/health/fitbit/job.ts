import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Services } from '../../services';
import { registerIntervalJob } from '../../platform/jobs';
import { syncDueConnections } from './sync';

/**
 * The scheduled Fitbit sync: every `config.fitbitSync.everyMs`, the active connections not
 * synced for `staleAfterMs` are synced, one run at a time in this process; several instances
 * share the work through the claim (FOR UPDATE SKIP LOCKED and a lease, sync.ts). Started with
 * the app, stopped (after the running pass) when it closes.
 */
export function registerFitbitSyncJob(
  app: FastifyInstance,
  deps: { config: Config; db: Database; services: Services; now: () => Date },
): void {
  const google = deps.services.googleHealth;
  const { everyMs, staleAfterMs } = deps.config.fitbitSync;
  if (!google) return;
  registerIntervalJob(app, {
    name: 'Fitbit sync',
    everyMs,
    pass: () => syncDueConnections({ db: deps.db, google, log: app.log }, deps.now(), staleAfterMs),
  });
}
