// The My Number Portal area (contract/src/myna), as app.ts and the seed use it.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { registerCheckupReader } from '../platform/checkup-source';
import type { Services } from '../services';
import { readLatestMynaCheckup } from './checkup-reader';
import { registerMynaImportJob } from './imports';

export { mynaHandlers } from './handlers';
export { connectDemoMyna, MYNA_DEMO_SECRET, MYNA_MEMBER, seedMynaDemo } from './demo-seed';
export { deleteExpiredMynaAuthorizations } from './connection';
export { rewrapMynaDataKeys } from './keys';
export { mynaMemberRecords } from './member-records';
export { medicalExpenseFormRoute } from './medical-expense-form-route';

/**
 * Starts the area with the app: the import worker (a pass at once after a request queued an
 * import, and every `config.mynaImport.everyMs` for jobs left queued), and the reader through which
 * the health forecast reads the latest check-up.
 */
export function registerMyna(app: FastifyInstance, deps: { config: Config; db: Database; services: Services; now: () => Date }): void {
  registerMynaImportJob(app, {
    db: deps.db,
    portal: deps.services.mynaPortal?.config ?? null,
    now: deps.now,
    everyMs: deps.config.mynaImport.everyMs,
  });
  registerCheckupReader(readLatestMynaCheckup);
}
