import type { FastifyInstance } from 'fastify';
import './ops/metrics';

export interface IntervalJob {
  /** For the log line when a pass fails. */
  name: string;
  /** How often a pass starts; 0 or less: the job is off. */
  everyMs: number;
  /** One pass. Several instances may run it at once: each job's own claims keep that safe. */
  pass: () => Promise<unknown>;
}

/**
 * A job that runs in the bff process on a schedule: started when the app is ready, never two
 * passes at once in this process (a pass still running when the next is due is not doubled), a
 * failed pass logged and retried at the next tick, and stopped when the app closes — after the
 * pass that is running has finished, so a shutdown never cuts one in half.
 */
export function registerIntervalJob(app: FastifyInstance, job: IntervalJob): void {
  if (job.everyMs <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const tick = () => {
    if (running) return;
    const started = performance.now();
    // Each pass counted in the metrics (platform/ops/metrics.ts), when the app has them.
    const record = (outcome: 'ok' | 'failed') =>
      app.hasDecorator('metrics') && app.metrics.jobRun(job.name, outcome, (performance.now() - started) / 1000);
    running = job
      .pass()
      .then(
        () => record('ok'),
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
