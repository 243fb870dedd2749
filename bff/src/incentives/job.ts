import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { pendingActivityLag } from '../platform/activity-events';
import { registerIntervalJob } from '../platform/jobs';
import { BACKLOG_COUNT_CAP } from '../platform/ops/metrics';
import { runExpiry } from './ledger';
import { runEarning } from './programs';

/**
 * The incentives jobs, every `config.incentivesJobs.everyMs`: earning turns new activity events
 * into points by the menus (whatever the writes did not settle: decision 0006), and expiry
 * moves due lots to the expiry account. Both are safe to run twice or on two instances at once
 * (earning marks per event, expiry under the account lock); the job's lease keeps it to one
 * instance per period anyway, so the work is not done twice. /metrics shows the earning queue.
 */
export function registerIncentivesJobs(app: FastifyInstance, deps: { config: Config; db: Database; now: () => Date }): void {
  registerIntervalJob(app, {
    name: 'incentives',
    everyMs: deps.config.incentivesJobs.everyMs,
    db: deps.db,
    now: deps.now,
    lag: () => pendingActivityLag(deps.db, BACKLOG_COUNT_CAP),
    pass: async () => {
      const now = deps.now();
      const earned = await runEarning(deps.db, now);
      const expired = await runExpiry(deps.db, now);
      if (earned.earned > 0 || expired.points > 0) app.log.info({ earned, expired }, 'incentives job');
    },
  });
}
