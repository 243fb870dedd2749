import type { FastifyInstance } from 'fastify';

export interface ShutdownSteps {
  app: FastifyInstance;
  /** After the app: the local fakes and other services. */
  closeServices: () => Promise<void>;
  /** Last: nothing may query after it. */
  closeDatabase: () => Promise<void>;
  /** Give up and exit non-zero after this long (a request that never ends). */
  timeoutMs: number;
  exit?: (code: number) => void;
}

/**
 * The shutdown on SIGTERM/SIGINT: /readyz turns 503, the server stops accepting connections and
 * waits for the requests in flight (Fastify's close), the onClose hooks wait for the outbox
 * worker's current pass, the jobs' running passes and the import-map poll, then the services and
 * the database close. Called twice, it runs once.
 */
export function gracefulShutdown(steps: ShutdownSteps): (signal: string) => Promise<void> {
  let running: Promise<void> | undefined;
  const exit = steps.exit ?? ((code: number) => process.exit(code));
  return (signal: string) => {
    running ??= (async () => {
      const { app } = steps;
      app.lifecycle.closing = true;
      app.log.info({ signal }, 'shutting down: finishing requests in flight and running jobs');
      const deadline = setTimeout(() => {
        app.log.error({ timeoutMs: steps.timeoutMs }, 'shutdown did not finish in time: exiting');
        exit(1);
      }, steps.timeoutMs);
      deadline.unref();
      try {
        await app.close();
        await steps.closeServices();
        await steps.closeDatabase();
        app.log.info('shut down');
        exit(0);
      } catch (error) {
        app.log.error({ err: error }, 'shutdown failed');
        exit(1);
      } finally {
        clearTimeout(deadline);
      }
    })();
    return running;
  };
}
