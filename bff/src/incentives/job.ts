import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database, Executor } from '../db/client';
import { pendingActivityLag } from '../platform/activity-events';
import { advanceWatermark, readWatermark, registerIntervalJob } from '../platform/jobs';
import { BACKLOG_COUNT_CAP, type JobLag } from '../platform/ops/metrics';
import { runExpiry } from './ledger';
import { runEarning } from './programs';
import { closeDueWalkingEvents, payDueWalkingEvents, walkingPayoutLag } from './walking-events';
import { runWalkingStartNotifications } from './walking-notifications';
import { reconcile, type ReconcileReport } from './reconcile';

export const RECONCILE_JOB = 'ledger reconcile';
/**
 * How far before its last pass's start a pass looks: a transaction still open then commits rows
 * dated before that moment. Rows checked twice cost little; a row never checked is a hole.
 */
export const RECONCILE_OVERLAP_MS = 10 * 60_000;

/**
 * One pass of the incremental reconcile: every invariant over what changed since the last pass
 * (the first pass: over one period before it), at the cost of those rows, then the watermark
 * moved to this pass's start. The whole ledger stays the operators' `npm run incentives --
 * reconcile`, run by hand (docs/scaling.md).
 */
export async function runIncrementalReconcile(db: Executor, now: Date, periodMs: number): Promise<ReconcileReport & { since: Date }> {
  const last = await readWatermark(db, RECONCILE_JOB);
  const since = new Date((last ?? new Date(now.getTime() - periodMs)).getTime() - RECONCILE_OVERLAP_MS);
  const report = await reconcile(db, { since });
  await advanceWatermark(db, RECONCILE_JOB, now, now);
  return { ...report, since };
}

/**
 * The incentives job's backlog for /metrics: the activity events waiting for earning (up to the
 * cap) and the walking events closed but not paid out; since when the oldest of them waits.
 */
export async function incentivesLag(db: Executor): Promise<JobLag> {
  const earning = await pendingActivityLag(db, BACKLOG_COUNT_CAP);
  const payout = await walkingPayoutLag(db);
  const oldest = [earning.oldestAt, payout.oldestAt].filter((at): at is Date => at !== null);
  return {
    backlog: earning.backlog + payout.backlog,
    oldestAt: oldest.length > 0 ? new Date(Math.min(...oldest.map((at) => at.getTime()))) : null,
  };
}

/**
 * The incentives jobs, every `config.incentivesJobs.everyMs`: earning turns new activity events
 * into points by the menus (whatever the writes did not settle: decision 0006), and expiry
 * moves due lots to the expiry account. Both are safe to run twice or on two instances at once
 * (earning marks per event, expiry under the account lock); the job's lease keeps it to one
 * instance per period anyway, so the work is not done twice. /metrics shows the earning queue and
 * the walking events waiting for their payout.
 * Beside them, on the same schedule, the incremental reconcile of the ledger.
 */
export function registerIncentivesJobs(app: FastifyInstance, deps: { config: Config; db: Database; now: () => Date }): void {
  registerIntervalJob(app, {
    name: 'incentives',
    everyMs: deps.config.incentivesJobs.everyMs,
    db: deps.db,
    now: deps.now,
    lag: () => incentivesLag(deps.db),
    pass: async () => {
      const now = deps.now();
      const earned = await runEarning(deps.db, now);
      const expired = await runExpiry(deps.db, now);
      // Walking events past their grace days: closed, then paid in batches with each participant's
      // result mail, once (decision 0028); an operator's close has paid the first batches.
      const walkingClosed = await closeDueWalkingEvents(deps.db, now, deps.config.publicUrl);
      const walkingPaid = await payDueWalkingEvents(deps.db, now, { publicUrl: deps.config.publicUrl });
      // The start's mail to the association (once per member).
      const started = await runWalkingStartNotifications(deps.db, now, deps.config.publicUrl);
      const walkingMails = started.sent;
      if (earned.earned > 0 || expired.points > 0 || walkingClosed > 0 || walkingPaid > 0 || walkingMails > 0)
        app.log.info({ earned, expired, walkingClosed, walkingPaid, walkingMails }, 'incentives job');
    },
  });
  // The ledger's invariants over what changed since the last pass. A break fails the pass: it is
  // logged as an error and counted as a failed run in /metrics, where an alert sees it.
  registerIntervalJob(app, {
    name: RECONCILE_JOB,
    everyMs: deps.config.incentivesJobs.everyMs,
    db: deps.db,
    now: deps.now,
    pass: async () => {
      const report = await runIncrementalReconcile(deps.db, deps.now(), deps.config.incentivesJobs.everyMs);
      if (!report.ok) throw new Error(`ledger reconcile since ${report.since.toISOString()}: ${JSON.stringify(report.breaks)}`);
    },
  });
}
