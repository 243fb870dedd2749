import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { jobState } from '../db/schema';
import { registerJobLag, type JobLag } from './ops/metrics';

export interface IntervalJob {
  /** For the log line when a pass fails, the lease row and the metrics' label. */
  name: string;
  /** How often a pass starts; 0 or less: the job is off. */
  everyMs: number;
  /** One pass. Under the job's lease: one instance runs it while the others skip that tick. */
  pass: () => Promise<unknown>;
  /**
   * The database the lease is taken in. Without one the pass runs in every instance (a job
   * whose own claims keep that safe and cheap, e.g. a per-row lease).
   */
  db?: Database;
  /** The clock the lease is judged by (the app's, so tests can move it). */
  now?: () => Date;
  /** How far behind the job is, for /metrics (cheap: index lookups only). */
  lag?: () => Promise<JobLag>;
}

/** Who holds a lease: host, pid and a token per app (two apps in one process are two holders). */
const holders = new WeakMap<FastifyInstance, string>();
export function leaseHolderOf(app: FastifyInstance): string {
  let holder = holders.get(app);
  if (!holder) {
    holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    holders.set(app, holder);
  }
  return holder;
}

/**
 * Takes the job's lease until `until` when it is free, lapsed, or already this holder's: one
 * statement (an upsert whose update only fires on those conditions), the same on PGlite and
 * PostgreSQL. True when this holder now has it.
 */
export async function takeLease(db: Executor, name: string, holder: string, now: Date, until: Date): Promise<boolean> {
  const taken = await db
    .insert(jobState)
    .values({ name, leaseHolder: holder, leaseUntil: until, updatedAt: now })
    .onConflictDoUpdate({
      target: jobState.name,
      set: { leaseHolder: holder, leaseUntil: until, updatedAt: now },
      where: sql`${jobState.leaseUntil} is null or ${jobState.leaseUntil} <= ${now} or ${jobState.leaseHolder} = ${holder}`,
    })
    .returning({ name: jobState.name });
  return taken.length > 0;
}

/** Moves a held lease's end (a long pass keeps it; an ended pass keeps it for the rest of its period). */
export async function extendLease(db: Executor, name: string, holder: string, until: Date): Promise<void> {
  await db
    .update(jobState)
    .set({ leaseUntil: until })
    .where(and(eq(jobState.name, name), eq(jobState.leaseHolder, holder)));
}

/** The job's watermark (null: it has not started). */
export async function readWatermark(db: Executor, name: string): Promise<Date | null> {
  const [row] = await db.select({ watermark: jobState.watermark }).from(jobState).where(eq(jobState.name, name));
  return row?.watermark ?? null;
}

/** Records how far the job has got; never moves it back (two passes racing leave the later one). */
export async function advanceWatermark(db: Executor, name: string, watermark: Date, now: Date): Promise<void> {
  await db
    .insert(jobState)
    .values({ name, watermark, updatedAt: now })
    .onConflictDoUpdate({
      target: jobState.name,
      set: { watermark: sql`greatest(${jobState.watermark}, excluded.watermark)`, updatedAt: now },
    });
}

/**
 * One tick of a job under its lease: runs the pass when this holder takes the lease for one
 * period (`everyMs`), skips it when another instance holds it. The lease is kept (renewed every
 * third of a period) while the pass runs, and left to lapse at the end of the period, so every
 * instance's ticks together run one pass per period. A holder that dies loses it within a period.
 */
export async function runLeasedPass(
  job: Required<Pick<IntervalJob, 'name' | 'everyMs' | 'pass' | 'db' | 'now'>>,
  holder: string,
): Promise<'ran' | 'skipped'> {
  const start = job.now();
  const periodEnd = (from: Date) => new Date(from.getTime() + job.everyMs);
  if (!(await takeLease(job.db, job.name, holder, start, periodEnd(start)))) return 'skipped';
  const renew = setInterval(
    () => void extendLease(job.db, job.name, holder, periodEnd(job.now())).catch(() => undefined),
    Math.max(1000, job.everyMs / 3),
  );
  renew.unref();
  try {
    await job.pass();
  } finally {
    clearInterval(renew);
  }
  return 'ran';
}

/**
 * A job that runs in the bff process on a schedule: started when the app is ready, never two
 * passes at once in this process (a pass still running when the next is due is not doubled), one
 * pass per period across instances when it has a database (the lease), a failed pass logged and
 * retried at the next tick, and stopped when the app closes — after the pass that is running has
 * finished, so a shutdown never cuts one in half.
 */
export function registerIntervalJob(app: FastifyInstance, job: IntervalJob): void {
  if (job.everyMs <= 0) return;
  if (job.lag) registerJobLag(app, job.name, job.lag);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const { db } = job;
  const pass: () => Promise<unknown> = db
    ? () =>
        runLeasedPass({ name: job.name, everyMs: job.everyMs, pass: job.pass, db, now: job.now ?? (() => new Date()) }, leaseHolderOf(app))
    : job.pass;
  const tick = () => {
    if (running) return;
    const started = performance.now();
    // Each pass counted in the metrics (platform/ops/metrics.ts), when the app has them.
    const record = (outcome: 'ok' | 'failed' | 'skipped') =>
      app.hasDecorator('metrics') && app.metrics.jobRun(job.name, outcome, (performance.now() - started) / 1000);
    running = pass()
      .then(
        (result) => record(result === 'skipped' ? 'skipped' : 'ok'),
        (error: unknown) => {
          record('failed');
          app.log.error({ err: error, job: job.name }, `the ${job.name} job failed`);
        },
      )
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(tick, job.everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
